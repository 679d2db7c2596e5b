/**
 * The menu definitions, in one list that later issues extend as their screens arrive. Only routes that exist are
 * listed. Placement: header links, the mobile drawer, the 'Configure' menu, and the admin
 * settings menu (admins only).
 */
export type MenuPlacement = 'header' | 'mobile' | 'configure' | 'admin';

export interface MenuItem {
  path: string;
  title: string;
  placements: MenuPlacement[];
  /** A UI-config flag (P projects, C constraints, E environments) the route needs. */
  flag?: string;
}

/** In the spec's order: Projects, Feature toggles, Applications, Context fields, Strategies, Environments, Tag types,
 * Addons, API access; then the admin menu's Users, Single Sign-On, Event History. Playground follows Feature toggles
 * in the header, as in Unleash 4.14+; CORS origins follows API access, as in Unleash 4.18+. */
export const MENU_ITEMS: MenuItem[] = [
  { path: '/projects', title: 'Projects', placements: ['header', 'mobile', 'configure'] },
  { path: '/features', title: 'Feature toggles', placements: ['header', 'mobile'] },
  { path: '/playground', title: 'Playground', placements: ['header', 'mobile'] },
  { path: '/applications', title: 'Applications', placements: ['mobile', 'configure'] },
  { path: '/context', title: 'Context fields', placements: ['mobile', 'configure'], flag: 'C' },
  { path: '/segments', title: 'Segments', placements: ['mobile', 'configure'] },
  { path: '/strategies', title: 'Strategies', placements: ['mobile', 'configure'] },
  { path: '/environments', title: 'Environments', placements: ['mobile', 'configure'], flag: 'E' },
  { path: '/tag-types', title: 'Tag types', placements: ['mobile', 'configure'] },
  { path: '/addons', title: 'Addons', placements: ['mobile', 'configure'] },
  { path: '/admin/api', title: 'API access', placements: ['mobile', 'configure'] },
  { path: '/admin/cors', title: 'CORS origins', placements: ['mobile', 'configure'] },
  { path: '/admin/users', title: 'Users', placements: ['admin'] },
  { path: '/admin/auth', title: 'Single Sign-On', placements: ['admin'] },
  { path: '/history', title: 'Event History', placements: ['admin'] },
];

/** The items of one placement; admin items only for admins, flagged items only when their flag is on. */
export function menuFor(
  placement: MenuPlacement,
  { isAdmin, flags }: { isAdmin: boolean; flags: Record<string, boolean> },
  items: MenuItem[] = MENU_ITEMS,
): MenuItem[] {
  return items.filter(
    (item) =>
      item.placements.includes(placement) &&
      (!item.placements.includes('admin') || isAdmin) &&
      (item.flag === undefined || flags[item.flag] === true),
  );
}
