import { describe, expect, it } from 'vitest';
import { matchesSearch, pageCount, pagerWindow, sortRoles } from './rules';

describe('users paging', () => {
  it('counts pages of 50, at least one', () => {
    expect([pageCount(0), pageCount(50), pageCount(51), pageCount(120)]).toEqual([1, 1, 2, 3]);
  });

  it('shows a window of at most 6 (or 4) page buttons around the current page', () => {
    expect(pagerWindow(1, 3, 6)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 10, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagerWindow(6, 10, 6)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(pagerWindow(10, 10, 6)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(pagerWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pagerWindow(1, 1, 4)).toEqual([1]);
  });

  it('searches name, e-mail and user name', () => {
    const ann = { name: 'Ann Example', email: 'ann@example.com', username: null };
    expect(matchesSearch(ann, ' EXAMPLE ')).toBe(true);
    expect(matchesSearch(ann, 'bob')).toBe(false);
    expect(matchesSearch({ name: null, email: null, username: 'admin' }, 'adm')).toBe(true);
    expect(matchesSearch(ann, '')).toBe(true);
  });
});

describe('root roles', () => {
  it('are sorted by the first letter of the name, else kept in the order the server sent them', () => {
    const names = (roles: { name: string }[]) => sortRoles(roles).map((role) => role.name);
    expect(names([{ name: 'Editor' }, { name: 'Admin' }, { name: 'Viewer' }])).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(names([{ name: 'Owner' }, { name: 'Member' }, { name: 'Maintainer' }])).toEqual([
      'Member',
      'Maintainer',
      'Owner',
    ]);
  });
});
