import { describe, expect, it } from 'vitest';
import type { FeatureToggle } from '../feature-toggles/types';
import { indexFeatures } from '../feature-toggles/components/list/feature-list';
import { paletteResults, paletteScreens, PROJECT_LIMIT, TOGGLE_LIMIT } from './command-palette';
import type { MenuItem } from './menu';

const toggle = (name: string, description: string | null = null, project?: string): FeatureToggle => ({
  name,
  description,
  project,
  type: 'release',
  enabled: false,
  stale: false,
});

const toggles = indexFeatures([
  toggle('checkout.new-flow', 'One-page checkout', 'web'),
  toggle('payments.kill-switch', 'Turn off card payments during an incident', 'default'),
  toggle('search.ranking', 'Rank results', 'default'),
]);
const projects = [
  { id: 'default', name: 'Default' },
  { id: 'web', name: 'Web shop' },
];
const screens: MenuItem[] = [
  { path: '/features', title: 'Feature toggles', placements: ['header', 'mobile'] },
  { path: '/history', title: 'Event History', placements: ['admin'] },
];
const sources = { toggles, projects, screens };

describe('command palette results', () => {
  it('find toggles by name or description, case-insensitively, and lead to the new feature view', () => {
    expect(paletteResults('KILL', sources)).toEqual([
      {
        id: 'toggle:payments.kill-switch',
        group: 'Feature toggles',
        label: 'payments.kill-switch',
        description: 'Turn off card payments during an incident',
        target: { kind: 'toggle', project: 'default', name: 'payments.kill-switch' },
      },
    ]);
    expect(paletteResults('one-page', sources).map((r) => r.target)).toEqual([
      { kind: 'toggle', project: 'web', name: 'checkout.new-flow' },
    ]);
  });

  it('find projects by name or id and screens by title, listed before toggles', () => {
    expect(paletteResults('web', sources).map((r) => [r.group, r.label])).toEqual([['Projects', 'Web shop']]);
    expect(paletteResults('default', sources)[0]).toMatchObject({
      group: 'Projects',
      target: { kind: 'project', project: 'default' },
    });
    expect(paletteResults('toggles', sources).map((r) => r.target)).toEqual([{ kind: 'screen', path: '/features' }]);
  });

  it('within a chosen project, list only its toggles', () => {
    expect(paletteResults('', sources, 'web').map((r) => r.label)).toEqual(['checkout.new-flow']);
    expect(paletteResults('kill', sources, 'web')).toEqual([]);
    expect(paletteResults('kill', sources, 'default').map((r) => r.label)).toEqual(['payments.kill-switch']);
  });

  it('list everything (within the limits) for an empty query, screens first, then projects, then toggles', () => {
    expect(paletteResults('  ', sources).map((r) => r.group)).toEqual([
      'Screens',
      'Screens',
      'Projects',
      'Projects',
      'Feature toggles',
      'Feature toggles',
      'Feature toggles',
    ]);
    expect(paletteResults('nothing like this', sources)).toEqual([]);
  });

  it('keep at most TOGGLE_LIMIT toggles (the first in name order) and PROJECT_LIMIT projects of 10,000 each', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `toggle-${String(i).padStart(5, '0')}`);
    const results = paletteResults('toggle-', {
      toggles: indexFeatures(many.map((name) => toggle(name))),
      projects: many.map((id) => ({ id, name: id })),
      screens,
    });
    const count = (group: string) => results.filter((r) => r.group === group).length;
    expect(count('Feature toggles')).toBe(TOGGLE_LIMIT);
    expect(count('Projects')).toBe(PROJECT_LIMIT);
    expect(results.find((r) => r.group === 'Feature toggles')?.label).toBe('toggle-00000');
  });

  it('offer the screens of the menus a person sees, once each (admin screens only to admins)', () => {
    expect(paletteScreens({ isAdmin: false, flags: {} }, screens).map((s) => s.path)).toEqual(['/features']);
    expect(paletteScreens({ isAdmin: true, flags: {} }, screens).map((s) => s.path)).toEqual(['/features', '/history']);
    const flagged: MenuItem = { path: '/environments', title: 'Environments', placements: ['configure'], flag: 'E' };
    expect(paletteScreens({ isAdmin: true, flags: {} }, [flagged])).toEqual([]);
    expect(paletteScreens({ isAdmin: true, flags: { E: true } }, [flagged])).toEqual([flagged]);
  });
});
