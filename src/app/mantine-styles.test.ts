// Mantine's stylesheets are imported per component (src/main.tsx has those of the shell): a screen that uses a
// component whose stylesheet nobody loaded shows it unstyled on a first visit. This keeps the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const stylesheets = new Set(
  readdirSync(join(root, 'node_modules/@mantine/core/styles'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.slice(0, -'.css'.length)),
);
const shell = readFileSync(join(root, 'src/main.tsx'), 'utf8');
const screens = readdirSync(join(root, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'));

/** The @mantine/core components a file imports whose stylesheet neither it nor the shell imports. */
function unstyled(source: string): string[] {
  const imported = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/.exec(source)?.[1] ?? '';
  return imported
    .split(',')
    .map((name) => name.trim().split(/\s/)[0])
    .filter((name) => stylesheets.has(name))
    .filter((name) => ![source, shell].some((file) => file.includes(`'@mantine/core/styles/${name}.css'`)));
}

describe('Mantine stylesheets', () => {
  it('finds a missing one', () => {
    expect(unstyled("import { Table, Button } from '@mantine/core';")).toEqual(['Table']);
  });

  it('are loaded by every file that uses their component, or by the shell', () => {
    const missing = screens
      .map((file) => [relative(root, join(root, 'src', file)), unstyled(readFileSync(join(root, 'src', file), 'utf8'))])
      .filter(([, names]) => names.length > 0);
    expect(missing).toEqual([]);
  });
});
