import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import { Name } from '../features/schemas.ts';
import {
  applicationDetail,
  applications,
  changeApplication,
  featureUsage,
  rawFeatureUsage,
  removeApplication,
  seenApps,
  seenToggles,
  toggleMetrics,
  toggleMetricsOf,
} from './service.ts';

const AppName = Type.String({ minLength: 1, maxLength: 200 });
const AppParams = Type.Object({ appName: AppName });
const FeatureParams = Type.Object({ name: Name });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
/** POST .../applications/{appName}: one or more metadata fields (checked in service.ts); appName may repeat the path. */
const MetadataBody = Type.Object({
  appName: Type.Optional(AppName),
  description: Text(1000),
  url: Text(2000),
  color: Text(100),
  icon: Text(100),
});

/** Usage metrics of toggles and the applications (SDKs) that report them: reads for everyone signed in. */
export async function metricsRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/metrics/feature-toggles', { config: { permission: 'NONE' } }, async () => toggleMetrics(deps.db));

  app.get(
    '/api/admin/metrics/feature-toggles/:name',
    { config: { permission: 'NONE' }, schema: { params: FeatureParams } },
    async (request) => toggleMetricsOf(deps.db, request.params.name),
  );

  app.get('/api/admin/metrics/seen-toggles', { config: { permission: 'NONE' } }, async () => seenToggles(deps.db));

  app.get('/api/admin/metrics/seen-apps', { config: { permission: 'NONE' } }, async () => seenApps(deps.db));

  app.get(
    '/api/admin/metrics/applications',
    {
      config: { permission: 'NONE' },
      schema: { querystring: Type.Object({ strategyName: Type.Optional(Type.String({ maxLength: 100 })) }) },
    },
    async (request) => applications(deps.db, request.query.strategyName),
  );

  app.get(
    '/api/admin/metrics/applications/:appName',
    { config: { permission: 'NONE' }, schema: { params: AppParams } },
    async (request) => applicationDetail(deps.db, request.params.appName),
  );

  app.post(
    '/api/admin/metrics/applications/:appName',
    { config: { permission: 'UPDATE_APPLICATION' }, schema: { params: AppParams, body: MetadataBody } },
    async (request, reply) => {
      await changeApplication(deps, callerName(request), request.params.appName, request.body);
      return reply.status(202).send();
    },
  );

  // Unleash 4 guards the delete with UPDATE_APPLICATION too (there is no DELETE_APPLICATION): Editors and Admins.
  app.delete(
    '/api/admin/metrics/applications/:appName',
    { config: { permission: 'UPDATE_APPLICATION' }, schema: { params: AppParams } },
    async (request, reply) => {
      await removeApplication(deps, callerName(request), request.params.appName);
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/client-metrics/features/:name',
    { config: { permission: 'NONE' }, schema: { params: FeatureParams } },
    async (request) => featureUsage(deps.db, request.params.name),
  );

  app.get(
    '/api/admin/client-metrics/features/:name/raw',
    { config: { permission: 'NONE' }, schema: { params: FeatureParams } },
    async (request) => rawFeatureUsage(deps.db, request.params.name),
  );
}
