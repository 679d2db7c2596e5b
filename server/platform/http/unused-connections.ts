import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the app ends connections that never sent a request (a browser's or HTTP client's spare connection made
 * ahead of need). Node's close waits for them as for a request in flight, until its 60 s header timeout; idle
 * keep-alive connections Fastify already ends, and requests in flight still finish.
 */
export function endUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request) => unused.delete(request.socket));
  app.addHook('preClose', async () => unused.forEach((socket) => socket.destroy()));
}
