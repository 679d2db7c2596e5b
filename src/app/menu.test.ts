import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, menuFor, type MenuItem } from './menu';

const items: MenuItem[] = [
  { path: '/features', title: 'Feature toggles', placements: ['header', 'mobile'] },
  { path: '/environments', title: 'Environments', placements: ['mobile', 'configure'], flag: 'E' },
  { path: '/admin/users', title: 'Users', placements: ['admin'] },
  { path: '/admin/api', title: 'API access', placements: ['mobile', 'admin'] },
];

describe('menus', () => {
  it('show admin items only to admins', () => {
    expect(menuFor('admin', { isAdmin: false, flags: {} }, items)).toEqual([]);
    expect(menuFor('admin', { isAdmin: true, flags: {} }, items).map((i) => i.title)).toEqual(['Users', 'API access']);
    expect(menuFor('mobile', { isAdmin: false, flags: {} }, items).map((i) => i.title)).toEqual(['Feature toggles']);
    expect(menuFor('mobile', { isAdmin: true, flags: { E: true } }, items).map((i) => i.title)).toEqual([
      'Feature toggles',
      'Environments',
      'API access',
    ]);
  });

  it('show flagged items only when the flag is on', () => {
    expect(menuFor('configure', { isAdmin: true, flags: {} }, items)).toEqual([]);
    expect(menuFor('configure', { isAdmin: true, flags: { E: true } }, items).map((i) => i.title)).toEqual([
      'Environments',
    ]);
  });

  it('list only routes that exist today: Feature toggles, and Event History for admins', () => {
    expect(MENU_ITEMS.map((i) => i.path)).toEqual(['/features', '/history']);
    expect(menuFor('header', { isAdmin: false, flags: {} }).map((i) => i.title)).toEqual(['Feature toggles']);
    expect(menuFor('configure', { isAdmin: true, flags: { P: true, C: true, E: true } })).toEqual([]);
    expect(menuFor('admin', { isAdmin: true, flags: {} }).map((i) => i.title)).toEqual(['Event History']);
    expect(menuFor('admin', { isAdmin: false, flags: {} })).toEqual([]);
  });
});
