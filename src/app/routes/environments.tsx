import { createRoute } from '@tanstack/react-router';
import { environmentsQuery } from '../../environments/api/queries';
import { screen } from './root';

/** Environments: the list and create (whose form needs the count of environments, the limit, which is kept). */
export const environmentRoutes = [
  createRoute(
    screen('environments', () => import('../../environments/components/EnvironmentsPage'), environmentsQuery),
  ),
  createRoute(
    screen(
      'environments/create',
      () => import('../../environments/components/CreateEnvironmentPage'),
      environmentsQuery,
    ),
  ),
] as const;
