import { describe, expect, it } from 'vitest';
import { bulkDetail, bulkQuestion, byProject, selectionOf } from './bulk-texts';

describe('the bulk confirmation', () => {
  it('names the count and the environment', () => {
    const off = { action: 'environment' as const, environment: 'production', enabled: false };
    expect(bulkQuestion(off, 3)).toBe('Turn off 3 toggles in production?');
    expect(bulkQuestion({ ...off, enabled: true, environment: 'development' }, 1)).toBe(
      'Turn on 1 toggle in development?',
    );
    expect(bulkQuestion({ action: 'stale', stale: true }, 2)).toBe('Mark 2 toggles as stale?');
    expect(bulkQuestion({ action: 'archive' }, 4)).toBe('Archive 4 toggles?');
  });

  it('warns of a production-type environment, whatever its name, and of several projects', () => {
    const off = { action: 'environment' as const, environment: 'live', enabled: false };
    expect(bulkDetail(off, { name: 'live', type: 'production' }, ['web'])).toBe(
      'live is a production environment: the change reaches its users at once.',
    );
    expect(bulkDetail(off, { name: 'live', type: 'development' }, ['web'])).toBe('');
    expect(bulkDetail({ action: 'stale', stale: true }, undefined, ['web', 'api'])).toBe(
      'They belong to 2 projects: one change per project.',
    );
  });
});

describe('selecting', () => {
  it('tells whether all, some or none of the rows are selected', () => {
    expect(selectionOf(['a', 'b'], new Set(['a', 'b', 'c']))).toBe('all');
    expect(selectionOf(['a', 'b'], new Set(['b']))).toBe('some');
    expect(selectionOf(['a', 'b'], new Set(['c']))).toBe('none');
  });

  it('groups the selected toggles by project', () => {
    const rows = [{ name: 'a', project: 'web' }, { name: 'b' }, { name: 'c', project: 'web' }, { name: 'd' }];
    expect([...byProject(rows, new Set(['a', 'b', 'c']), 'default')]).toEqual([
      ['web', ['a', 'c']],
      ['default', ['b']],
    ]);
  });
});
