import { filterFeatures, type IndexedFeature } from '../feature-toggles/components/list/feature-list';
import type { Project } from '../projects/rules';
import { DEFAULT_PROJECT } from '../projects/api/queries';
import { MENU_ITEMS, menuFor, type MenuItem, type MenuPlacement } from './menu';

/** At most this many toggles are listed; projects at most PROJECT_LIMIT (screens are few). */
export const TOGGLE_LIMIT = 50;
export const PROJECT_LIMIT = 10;

/**
 * What choosing a result does: a toggle opens its new feature view, a screen its route; a project (which has no
 * page yet) narrows the palette to that project's toggles.
 */
export type PaletteTarget =
  | { kind: 'toggle'; project: string; name: string }
  | { kind: 'project'; project: string }
  | { kind: 'screen'; path: string };

export type PaletteGroup = 'Screens' | 'Projects' | 'Feature toggles';

export interface PaletteResult {
  /** Unique among the results (the group's kind and the thing's id). */
  id: string;
  group: PaletteGroup;
  label: string;
  description?: string;
  target: PaletteTarget;
}

export interface PaletteSources {
  /** The list's search index over the toggles (features query data, the offline mirror's list when offline). */
  toggles: IndexedFeature[];
  projects: Project[];
  screens: MenuItem[];
}

const PLACEMENTS: MenuPlacement[] = ['header', 'mobile', 'configure', 'admin'];

/** The screens a person may open: every menu entry their menus show, once each, in menu order. */
export function paletteScreens(
  scope: { isAdmin: boolean; flags: Record<string, boolean> },
  items: MenuItem[] = MENU_ITEMS,
): MenuItem[] {
  const shown = new Set(PLACEMENTS.flatMap((placement) => menuFor(placement, scope, items)));
  return items.filter((item) => shown.has(item));
}

const contains = (query: string) => {
  const lower = query.trim().toLowerCase();
  return (...texts: (string | undefined)[]) => texts.some((text) => text?.toLowerCase().includes(lower));
};

/**
 * The palette's results for a query: matching screens, then projects, then toggles (name or description, the list's
 * own search: a case-insensitive pattern; plain text is a substring test on precomputed lower-case strings).
 * Only the first TOGGLE_LIMIT toggles in name order are kept, so 10,000 toggles cost one filter pass. Within a
 * project (`inProject`), only that project's toggles.
 */
export function paletteResults(
  query: string,
  { toggles, projects, screens }: PaletteSources,
  inProject?: string,
): PaletteResult[] {
  const toggleResults = filterFeatures(toggles, query, inProject)
    .slice(0, TOGGLE_LIMIT)
    .map(({ feature }): PaletteResult => {
      const project = feature.project ?? DEFAULT_PROJECT;
      return {
        id: `toggle:${feature.name}`,
        group: 'Feature toggles',
        label: feature.name,
        description: feature.description || undefined,
        target: { kind: 'toggle', project, name: feature.name },
      };
    });
  if (inProject !== undefined) return toggleResults;
  const matches = contains(query);
  const screenResults = screens
    .filter((screen) => matches(screen.title))
    .map((screen): PaletteResult => ({
      id: `screen:${screen.path}`,
      group: 'Screens',
      label: screen.title,
      target: { kind: 'screen', path: screen.path },
    }));
  const projectResults = projects
    .filter((project) => matches(project.name, project.id))
    .slice(0, PROJECT_LIMIT)
    .map((project): PaletteResult => ({
      id: `project:${project.id}`,
      group: 'Projects',
      label: project.name || project.id,
      description: project.name.toLowerCase() !== project.id.toLowerCase() ? project.id : undefined,
      target: { kind: 'project', project: project.id },
    }));
  return [...screenResults, ...projectResults, ...toggleResults];
}
