import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  HealthReportSchema,
  ProjectListSchema,
  ProjectOverviewSchema,
  ProjectParams,
  ProjectStatusQuery,
  ProjectStatusSchema,
  ProjectSummarySchema,
  ProjectUpdateBody,
} from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { editProject, knownPathProject } from '../projects/index.ts';
import { healthReport, projectList, projectListItem, projectOverview, projectStatus } from './read-model.ts';

/** The project calls whose answers count or list the project's toggles (the other project calls are in projects/). */
export const projectOverviewRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/projects',
    { config: { permission: 'NONE' }, schema: { response: { 200: ProjectListSchema } } },
    async () => ({ version: 1 as const, projects: await projectList(deps.db) }),
  );

  app.get(
    '/api/admin/projects/:projectId',
    { config: { permission: 'NONE' }, schema: { params: ProjectParams, response: { 200: ProjectOverviewSchema } } },
    async (request) => projectOverview(deps.db, request.params.projectId),
  );

  app.put(
    '/api/admin/projects/:projectId',
    {
      config: { permission: 'UPDATE_PROJECT', project: knownPathProject(deps) },
      schema: { params: ProjectParams, body: ProjectUpdateBody, response: { 200: ProjectSummarySchema } },
    },
    async (request) => {
      const project = await editProject(deps, callerName(request), request.params.projectId, request.body);
      return projectListItem(deps.db, project);
    },
  );

  app.get(
    '/api/admin/projects/:projectId/health-report',
    { config: { permission: 'NONE' }, schema: { params: ProjectParams, response: { 200: HealthReportSchema } } },
    async (request) => healthReport(deps.db, request.params.projectId),
  );

  app.get(
    '/api/admin/projects/:projectId/status',
    {
      config: { permission: 'NONE' },
      schema: {
        description:
          'The toggles to clean up: potentially stale, completed but not archived, and per environment those no ' +
          'SDK reported for `unseenDays` days (7 unless given).',
        params: ProjectParams,
        querystring: ProjectStatusQuery,
        response: { 200: ProjectStatusSchema },
      },
    },
    async (request) => projectStatus(deps.db, request.params.projectId, request.query.unseenDays),
  );
};
