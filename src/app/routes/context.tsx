import { createRoute } from '@tanstack/react-router';
import { contextFieldsQuery } from '../../context/api/queries';
import { screen } from './root';

/** Context fields: the list, create and edit. */
export const contextRoutes = [
  createRoute(screen('context', () => import('../../context/components/ContextFieldsPage'), contextFieldsQuery)),
  createRoute(screen('context/create', () => import('../../context/components/CreateContextPage'))),
  createRoute(
    screen('context/edit/$name', () => import('../../context/components/EditContextPage'), contextFieldsQuery),
  ),
] as const;
