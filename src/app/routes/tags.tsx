import { createRoute } from '@tanstack/react-router';
import { tagsQuery, tagTypesQuery } from '../../tags/api/queries';
import { screen } from './root';

/** Tag types and tags; /tags is not in the menus, its list is persisted with the query cache. */
export const tagRoutes = [
  createRoute(screen('tag-types', () => import('../../tags/components/TagTypesPage'), tagTypesQuery)),
  createRoute(screen('tag-types/create', () => import('../../tags/components/CreateTagTypePage'))),
  createRoute(screen('tag-types/edit/$name', () => import('../../tags/components/EditTagTypePage'), tagTypesQuery)),
  createRoute(screen('tags', () => import('../../tags/components/TagsPage'), tagsQuery)),
  createRoute(screen('tags/create', () => import('../../tags/components/CreateTagPage'), tagTypesQuery)),
] as const;
