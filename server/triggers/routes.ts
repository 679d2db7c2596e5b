import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedTriggerSchema,
  CreateTriggerBody,
  TRIGGER_BODY_LIMIT,
  TriggerFiredSchema,
  TriggerListSchema,
  TriggerParams,
  TriggerSecretParams,
  TriggersParams,
} from '../../contract/triggers.ts';
import type { AppDeps } from '../deps.ts';
import { changeAuthor } from '../features/index.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { knownPathProject } from '../projects/index.ts';
import { createTrigger, fireTrigger, listTriggers, removeTrigger, type TogglePath } from './service.ts';
import { triggerView } from './views.ts';

const BASE = '/api/admin/projects/:projectId/features/:featureName/triggers';

const pathOf = (p: { projectId: string; featureName: string }): TogglePath => ({
  project: p.projectId,
  feature: p.featureName,
});

/**
 * A toggle's triggers. Setting one up or removing it needs what a direct change of the toggle's environments needs:
 * UPDATE_FEATURE in its project (and, where change requests are on, SKIP_CHANGE_REQUEST: see createTrigger).
 */
export const triggerRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const update = { permission: 'UPDATE_FEATURE' as const, project: knownPathProject(deps) };

  app.get(
    BASE,
    { config: { permission: 'NONE' }, schema: { params: TriggersParams, response: { 200: TriggerListSchema } } },
    async (request) => ({ triggers: (await listTriggers(deps, pathOf(request.params))).map(triggerView) }),
  );

  app.post(
    BASE,
    {
      config: update,
      schema: { params: TriggersParams, body: CreateTriggerBody, response: { 201: CreatedTriggerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTrigger(deps, changeAuthor(request), pathOf(request.params), request.body)),
  );

  app.delete(
    `${BASE}/:id`,
    { config: update, schema: { params: TriggerParams, response: { 200: NoBody } } },
    (request, reply) =>
      answerEmpty(reply, 200, removeTrigger(deps, callerName(request), pathOf(request.params), request.params.id)),
  );

  await app.register(triggerCallRoute, { deps });
};

/**
 * POST api/triggers/{secret}: what an alert calls, without a session or a token (the secret is the credential). Its
 * own scope takes a body of any content type up to TRIGGER_BODY_LIMIT (larger: 413) and ignores it, as webhooks
 * send their alert in whatever shape their service has.
 */
const triggerCallRoute: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (scope, { deps }) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  scope.post(
    '/api/triggers/:secret',
    {
      config: { permission: 'OPEN' },
      bodyLimit: TRIGGER_BODY_LIMIT,
      schema: {
        description:
          'What an alert calls: no session or token (the secret is the credential); the body is ignored (any ' +
          'content type, up to 64 KB). Sets the toggle on or off in the environment unless it already is ' +
          '(`changed` says which). 10 calls a minute per trigger, then 429; unknown or deleted: 404.',
        params: TriggerSecretParams,
        response: { 200: TriggerFiredSchema },
      },
    },
    async (request) => {
      const fired = await fireTrigger(deps, request.params.secret);
      // Open routes have no caller, so the usual bump after a write does not happen: SDK streams must hear of it.
      scope.revisions.bump();
      return fired;
    },
  );
};
