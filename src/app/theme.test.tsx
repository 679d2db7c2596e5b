import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithMantine } from '../test-support';

it('gives every Loader a role, so its label is announced (axe: aria-prohibited-attr)', () => {
  renderWithMantine(<Loader aria-label="Loading applications" />);
  expect(screen.getByRole('status', { name: 'Loading applications' })).toBeInTheDocument();
});
