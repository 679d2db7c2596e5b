import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderWithMantine } from '../test-support';
import { theme } from './theme';

it('gives every Loader a role, so its label is announced (axe: aria-prohibited-attr)', () => {
  renderWithMantine(<Loader aria-label="Loading applications" />);
  expect(screen.getByRole('status', { name: 'Loading applications' })).toBeInTheDocument();
});

it("lays out the splash in the console's font, so the first screen does not load it", () => {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  const splashFont = /\.sy-splash \{[^}]*font-family:([^;]*);/.exec(html)?.[1].replace(/\s+/g, ' ').trim();
  expect(splashFont?.replaceAll("'", '"')).toBe(theme.fontFamily?.replace(/\s+/g, ' '));
});
