import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppDeps } from '../../deps.ts';
import { ConsoleStreams } from './live.ts';

/**
 * GET api/admin/sync/stream (ours): an open console's event stream, which says which toggles changed at which
 * revision (its mirror then syncs them) and which console build the server serves. `build`: that build's id.
 */
export const liveConsoleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps; build: string | undefined }> = async (
  app,
  { deps, build },
) => {
  const streams = new ConsoleStreams(deps, app.revisions, build, app.log);
  app.addHook('preClose', async () => streams.close());
  app.get(
    '/api/admin/sync/stream',
    {
      config: { permission: 'NONE' },
      exposeHeadRoute: false, // a HEAD would hold a stream open with nothing to send it
      schema: {
        description:
          'Server-sent events for an open console: `console-build` on connecting (the served console build, when ' +
          'there is one), then `toggles-changed` after changes (`id`: the revision; data `{"revision":N,' +
          '"features":[...]}`, without `features` when they were many or changed every toggle); read them with ' +
          'GET api/admin/sync/features?since=<your revision>. Comment lines every STREAMING_HEARTBEAT_MS. It ends ' +
          'at once while the process holds STREAMING_MAX_CONNECTIONS consoles.',
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'console-build, then toggles-changed events' }) },
      },
    },
    async (_request, reply) => streams.open(reply),
  );
};
