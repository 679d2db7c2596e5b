import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { MENU_ITEMS, menuFor, type MenuItem } from './menu';
import { createConsoleOffline } from './offline';
import { createAppRouter } from './router';

/** 'Menu placement', with Unleash 4.18's CORS origins after API access. */
const SPEC_ORDER = [
  'Projects',
  'Feature toggles',
  'Playground',
  'Applications',
  'Context fields',
  'Segments',
  'Strategies',
  'Environments',
  'Tag types',
  'Addons',
  'API access',
  'CORS origins',
  'Users',
  'Single Sign-On',
  'Event History',
];

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

  it('list only routes that exist, in the spec order, with Event History for admins only', () => {
    const queryClient = new QueryClient();
    const router = createAppRouter(
      { queryClient, ...createConsoleOffline({ queryClient }) },
      '',
      createMemoryHistory(),
    );
    for (const item of MENU_ITEMS) expect(router.routesByPath, item.path).toHaveProperty([item.path]);
    const order = [...SPEC_ORDER];
    expect(MENU_ITEMS.map((i) => i.title)).toEqual(order.filter((title) => MENU_ITEMS.some((i) => i.title === title)));
    expect(menuFor('admin', { isAdmin: false, flags: {} })).toEqual([]);
    expect(menuFor('admin', { isAdmin: true, flags: {} }).map((i) => i.title)).toContain('Event History');
  });
});
