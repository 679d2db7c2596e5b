import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureKept } from '../../offline/ensure-kept';
import { tagsQuery, tagTypesQuery } from '../../tags/api/queries';
import { mainRoute } from './root';

const tagTypesRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'tag-types',
  loader: ({ context }) => ensureKept(context, tagTypesQuery),
  component: lazyRouteComponent(() => import('../../tags/components/TagTypesPage')),
});

const createTagTypeRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'tag-types/create',
  component: lazyRouteComponent(() => import('../../tags/components/CreateTagTypePage')),
});

const editTagTypeRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'tag-types/edit/$name',
  loader: ({ context }) => ensureKept(context, tagTypesQuery),
  component: lazyRouteComponent(() => import('../../tags/components/EditTagTypePage')),
});

/** /tags is not in the menus; the list is persisted with the query cache. */
const tagsRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'tags',
  loader: ({ context }) => ensureKept(context, tagsQuery),
  component: lazyRouteComponent(() => import('../../tags/components/TagsPage')),
});

const createTagRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'tags/create',
  loader: ({ context }) => ensureKept(context, tagTypesQuery),
  component: lazyRouteComponent(() => import('../../tags/components/CreateTagPage')),
});

/** Tag types and tags. */
export const tagRoutes = [tagTypesRoute, createTagTypeRoute, editTagTypeRoute, tagsRoute, createTagRoute] as const;
