import { describe, expect, it } from 'vitest';
import { breadcrumbs, visibleBreadcrumbs } from './breadcrumbs';

describe('breadcrumbs', () => {
  it('come from the path segments, each linking to its prefix', () => {
    expect(breadcrumbs('/history/my.toggle')).toEqual([
      { label: 'history', to: '/history' },
      { label: 'my.toggle', to: '/history/my.toggle' },
    ]);
  });

  it('hide create, edit, view, variants, logs, metrics, copy, strategies, features and features2', () => {
    for (const hidden of [
      'create',
      'edit',
      'view',
      'variants',
      'logs',
      'metrics',
      'copy',
      'strategies',
      'features',
      'features2',
    ]) {
      expect(breadcrumbs(`/projects/${hidden}`).map((c) => c.label)).toEqual(['projects']);
    }
    expect(
      breadcrumbs('/projects/default/features/my.toggle/strategies').map(({ label, to }) => ({ label, to })),
    ).toEqual([
      { label: 'projects', to: '/projects' },
      { label: 'default', to: '/projects/default' },
      { label: 'my.toggle', to: '/projects/default/features/my.toggle' },
    ]);
  });

  it('cut each shown segment to 30 characters', () => {
    const long = 'a-very-long-feature-toggle-name-that-goes-on';
    expect(breadcrumbs(`/projects/${long}`)[1].label).toBe(long.slice(0, 30));
    expect(breadcrumbs(`/projects/${long}`)[1].label).toHaveLength(30);
  });

  it('show only with more than one segment', () => {
    expect(visibleBreadcrumbs('/features', true)).toEqual([]);
    expect(visibleBreadcrumbs('/projects', true)).toEqual([]);
    expect(visibleBreadcrumbs('/projects/create', true)).toEqual([]);
    expect(visibleBreadcrumbs('/projects/default', false)).toHaveLength(2);
  });

  it('on admin paths show only to admins', () => {
    expect(visibleBreadcrumbs('/admin/users', false)).toEqual([]);
    expect(visibleBreadcrumbs('/admin/users', true).map((c) => c.label)).toEqual(['admin', 'users']);
  });
});
