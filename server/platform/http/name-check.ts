import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TObject } from 'typebox';
import { NoBody } from './no-body.ts';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * The `POST …/validate` route a create form calls as the name is typed, open to every signed-in user: `check` throws
 * Unleash's 400 or 409 for a malformed or taken name; otherwise an empty answer (200, or 204 where Unleash sends it).
 */
export function nameCheckRoute<Body extends TObject>(
  app: App,
  url: string,
  body: Body,
  check: (body: Static<Body>) => Promise<void>,
  status: 200 | 204 = 200,
): void {
  app.post(
    url,
    { config: { permission: 'NONE' }, schema: { body, response: { [status]: NoBody } } },
    async (request, reply) => {
      await check(request.body as Static<Body>); // validated against `body` above; a generic hides that from TypeScript
      return reply.status(status).send();
    },
  );
}
