import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ExportQueryBody,
  ExportResultSchema,
  ImportBody,
  ImportValidationSchema,
} from '../../contract/import-export.ts';
import type { AppDeps } from '../deps.ts';
import { changeAuthor } from '../features/index.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { exportFeatures, importFeatures, validateImport } from './service.ts';

/** The project an import writes to (the body is parsed before the permission check runs). */
const importProject = (request: FastifyRequest) => {
  const body = request.body as { project?: unknown } | undefined;
  return typeof body?.project === 'string' ? body.project : undefined;
};

/**
 * Import and export in Unleash 5/6's format. Export and validate read only (any signed-in user, as toggles are
 * readable by all); an import needs UPDATE_FEATURE in its project, and also CREATE_FEATURE there for new toggles,
 * CREATE_CONTEXT_FIELD, CREATE_SEGMENT and CREATE_TAG_TYPE for what it creates (403 naming the first missing).
 */
export const importExportRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/api/admin/features-batch/export',
    {
      config: { permission: 'NONE' },
      schema: { body: ExportQueryBody, response: { 200: ExportResultSchema } },
    },
    async (request) => exportFeatures(deps, request.body),
  );

  app.post(
    '/api/admin/features-batch/validate',
    {
      config: { permission: 'NONE' },
      schema: { body: ImportBody, response: { 200: ImportValidationSchema } },
    },
    async (request) => validateImport(deps, await request.callerPermissions(), request.body),
  );

  app.post(
    '/api/admin/features-batch/import',
    {
      config: { permission: 'UPDATE_FEATURE', project: importProject },
      schema: { body: ImportBody, response: { 200: NoBody } },
    },
    async (request, reply) => {
      await importFeatures(deps, changeAuthor(request), await request.callerPermissions(), request.body);
      return reply.status(200).send();
    },
  );
};
