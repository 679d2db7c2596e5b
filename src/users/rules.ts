/** The users table's paging: 50 rows a page, a window of 6 page buttons (4 on small screens). */
export const PAGE_SIZE = 50;
export const PAGER_WINDOW = { wide: 6, small: 4 } as const;
/** Admin-set passwords: at least 8 characters. */
export const ADMIN_PASSWORD_MIN = 8;

/** Root roles as the user dialogs list them: sorted by the first letter of the name, else as the server sent them. */
export const sortRoles = <Role extends { name: string }>(roles: Role[]): Role[] =>
  [...roles].sort((a, b) => a.name.charAt(0).localeCompare(b.name.charAt(0)));

export const pageCount = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));

/** The page numbers (1-based) the pager shows: at most `window` of them, the current one as central as it can be. */
export function pagerWindow(page: number, pages: number, window: number): number[] {
  const size = Math.min(window, pages);
  const first = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

export interface Searchable {
  name: string | null;
  email: string | null;
  username: string | null;
}

/** Users whose name, e-mail or user name contain the search text (case-insensitive). */
export function matchesSearch(user: Searchable, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [user.name, user.email, user.username].some((value) => value?.toLowerCase().includes(needle));
}
