import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApplicationDetailSchema,
  ApplicationListSchema,
  ApplicationMetadataBody,
  ApplicationParams,
  ApplicationsQuery,
  FeatureUsageSchema,
  RawFeatureUsageSchema,
  SeenAppsSchema,
  SeenTogglesSchema,
  ToggleMetricsOneSchema,
  ToggleMetricsSchema,
  ToggleParams,
} from '../../contract/metrics.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { applicationDetail, applications, changeApplication, removeApplication } from './service.ts';
import { featureUsage, rawFeatureUsage, seenApps, seenToggles, toggleMetrics, toggleMetricsOf } from './usage.ts';

/** Usage metrics of toggles and the applications (SDKs) that report them: reads for everyone signed in. */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const read = { permission: 'NONE' as const };

  app.get(
    '/api/admin/metrics/feature-toggles',
    { config: read, schema: { response: { 200: ToggleMetricsSchema } } },
    async () => toggleMetrics(deps.db),
  );

  app.get(
    '/api/admin/metrics/feature-toggles/:name',
    { config: read, schema: { params: ToggleParams, response: { 200: ToggleMetricsOneSchema } } },
    async (request) => toggleMetricsOf(deps.db, request.params.name),
  );

  app.get(
    '/api/admin/metrics/seen-toggles',
    { config: read, schema: { response: { 200: SeenTogglesSchema } } },
    async () => seenToggles(deps.db),
  );

  app.get('/api/admin/metrics/seen-apps', { config: read, schema: { response: { 200: SeenAppsSchema } } }, async () =>
    seenApps(deps.db),
  );

  app.get(
    '/api/admin/metrics/applications',
    { config: read, schema: { querystring: ApplicationsQuery, response: { 200: ApplicationListSchema } } },
    async (request) => applications(deps.db, request.query.strategyName),
  );

  app.get(
    '/api/admin/metrics/applications/:appName',
    { config: read, schema: { params: ApplicationParams, response: { 200: ApplicationDetailSchema } } },
    async (request) => applicationDetail(deps.db, request.params.appName),
  );

  app.post(
    '/api/admin/metrics/applications/:appName',
    {
      config: { permission: 'UPDATE_APPLICATION' },
      schema: { params: ApplicationParams, body: ApplicationMetadataBody, response: { 202: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 202, changeApplication(deps, callerName(request), request.params.appName, request.body)),
  );

  // Unleash 4 guards the delete with UPDATE_APPLICATION too (there is no DELETE_APPLICATION): Editors and Admins.
  app.delete(
    '/api/admin/metrics/applications/:appName',
    {
      config: { permission: 'UPDATE_APPLICATION' },
      schema: { params: ApplicationParams, response: { 200: NoBody } },
    },
    (request, reply) => answerEmpty(reply, 200, removeApplication(deps, callerName(request), request.params.appName)),
  );

  app.get(
    '/api/admin/client-metrics/features/:name',
    { config: read, schema: { params: ToggleParams, response: { 200: FeatureUsageSchema } } },
    async (request) => featureUsage(deps.db, request.params.name),
  );

  app.get(
    '/api/admin/client-metrics/features/:name/raw',
    { config: read, schema: { params: ToggleParams, response: { 200: RawFeatureUsageSchema } } },
    async (request) => rawFeatureUsage(deps.db, request.params.name),
  );
};
