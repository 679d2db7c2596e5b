import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ProjectFeatureParams } from '../../../contract/features.ts';
import type { AppDeps } from '../../deps.ts';
import { callerName, requireUser } from '../../platform/access/caller.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import { setFavorite, type Pinner } from './service.ts';

/** Who pins or unpins: a signed-in user; an API token (admin tokens included) is a 403, saying so. */
const pinnerOf = (request: FastifyRequest): Pinner => ({
  userId: requireUser(request).id,
  actor: callerName(request),
});

const PATH = '/api/admin/projects/:projectId/features/:featureName/favorites';

/**
 * Pinned (favourite) toggles, per signed-in user, in Unleash's later paths: POST pins, DELETE unpins (200, also when
 * nothing changes). Anyone signed in may pin what they can read; an API token cannot pin (403).
 */
export const favoriteRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const [method, favorite] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: PATH,
      config: { permission: 'NONE' },
      schema: {
        description: favorite
          ? 'Pins the toggle for the signed-in user: lists the user reads show it with `favorite: true`.'
          : 'Unpins the toggle for the signed-in user.',
        params: ProjectFeatureParams,
        response: { 200: NoBody },
      },
      handler: async (request, reply) => {
        const { projectId, featureName } = request.params;
        await setFavorite(deps, pinnerOf(request), projectId, featureName, favorite);
        return reply.status(200).send();
      },
    });
  }
};
