import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CompleteBody, LifecycleParams, LifecycleSchema } from '../../contract/lifecycle.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { knownPathProject } from '../projects/index.ts';
import { completeToggle, lifecycle, uncompleteToggle, type TogglePath } from './service.ts';

const BASE = '/api/admin/projects/:projectId/features/:featureName/lifecycle';

const pathOf = (p: { projectId: string; featureName: string }): TogglePath => ({
  project: p.projectId,
  feature: p.featureName,
});

/** A toggle's lifecycle (Unleash 6-7's paths): read by anyone signed in, completed with UPDATE_FEATURE there. */
export const lifecycleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const update = { permission: 'UPDATE_FEATURE' as const, project: knownPathProject(deps) };

  app.get(
    BASE,
    { config: { permission: 'NONE' }, schema: { params: LifecycleParams, response: { 200: LifecycleSchema } } },
    async (request) => lifecycle(deps.db, pathOf(request.params)),
  );

  app.post(
    `${BASE}/complete`,
    { config: update, schema: { params: LifecycleParams, body: CompleteBody, response: { 200: NoBody } } },
    (request, reply) =>
      answerEmpty(reply, 200, completeToggle(deps, callerName(request), pathOf(request.params), request.body)),
  );

  app.post(
    `${BASE}/uncomplete`,
    { config: update, schema: { params: LifecycleParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, uncompleteToggle(deps, callerName(request), pathOf(request.params))),
  );
};
