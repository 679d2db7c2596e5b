import { createRoute } from '@tanstack/react-router';
import { corsOriginsQuery } from '../../cors/api/queries';
import { screen } from './root';

/** /admin/cors: the frontend API's allowed origins, kept (read by anyone signed in, so shown offline too). */
const corsRoute = createRoute(
  screen('admin/cors', () => import('../../cors/components/CorsOriginsPage'), corsOriginsQuery),
);

/** CORS origins. */
export const corsRoutes = [corsRoute] as const;
