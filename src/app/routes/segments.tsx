import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureKept } from '../../offline/ensure-kept';
import { projectsQuery } from '../../projects/api/queries';
import { segmentsQuery } from '../../segments/api/queries';
import { contextFieldsQuery } from '../../context/api/queries';
import { mainRoute, screen } from './root';

/** The segments, persisted with the query cache (at once offline). */
const segmentsRoute = createRoute(
  screen('segments', () => import('../../segments/components/SegmentsPage'), segmentsQuery),
);

/** The form needs the context fields (the constraint editor) and the projects (its project picker), both kept. */
const createSegmentRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'segments/create',
  loader: ({ context }) => Promise.all([ensureKept(context, contextFieldsQuery), ensureKept(context, projectsQuery)]),
  component: lazyRouteComponent(() => import('../../segments/components/CreateSegmentPage')),
});

const editSegmentRoute = createRoute({
  getParentRoute: () => mainRoute,
  path: 'segments/edit/$id',
  loader: ({ context }) =>
    Promise.all([
      ensureKept(context, segmentsQuery),
      ensureKept(context, contextFieldsQuery),
      ensureKept(context, projectsQuery),
    ]),
  component: lazyRouteComponent(() => import('../../segments/components/EditSegmentPage')),
});

/** Segments (Unleash's segment screens): the list, create and edit. */
export const segmentRoutes = [segmentsRoute, createSegmentRoute, editSegmentRoute] as const;
