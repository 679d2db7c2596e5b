import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { environmentsQuery } from '../../environments/api/queries';
import { featuresQuery } from '../../feature-toggles/api/queries';
import { ensureKept } from '../../offline/ensure-kept';
import { segmentsQuery } from '../../segments/api/queries';
import { contextFieldsQuery } from '../../context/api/queries';
import { mainRoute } from './root';

/** /playground: evaluated in the browser (the evaluator is in this screen's chunk only) from kept data. */
const playgroundRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'playground',
  loader: async ({ context }) => {
    // The list is not awaited (its kept copy shows at once); the rest is reference data the console keeps.
    void ensureKept(context, featuresQuery(context.toggles));
    await Promise.all([
      ensureKept(context, environmentsQuery),
      ensureKept(context, segmentsQuery),
      ensureKept(context, contextFieldsQuery),
    ]);
  },
  component: lazyRouteComponent(() => import('../../playground/PlaygroundPage')),
});

export const playgroundRoutes = [playgroundRoute] as const;
