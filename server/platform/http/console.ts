import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/** Paths the console never answers: a miss there is a JSON 404, not the console's index.html. */
const API_PATH = /^(api|auth|docs)(\/|$)|^(health|logout)\/?$/;

/**
 * Serves the built console (dist/) under the base path: static files, and index.html (with the ::baseUriPath::
 * placeholder replaced) for any other GET that accepts HTML (SPA fallback). Without dist/ it answers 503.
 */
export const consoleRoutes: FastifyPluginAsync<{ distDir: string; baseUriPath: string }> = async (app, options) => {
  const distDir = resolve(options.distDir);
  const indexFile = resolve(distDir, 'index.html');
  await app.register(fastifyStatic, { root: distDir, serve: false });

  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(readFileSync(indexFile, 'utf8').replaceAll('::baseUriPath::', options.baseUriPath));

  const handler = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const path = request.params['*'] ?? '';
    if (API_PATH.test(path)) throw notFound(`Could not find ${request.method} ${request.url}`);
    if (!existsSync(indexFile)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The Switchyard console has not been built: run `npm run build` (or `npm start`), then reload.\n');
    }
    const file = resolve(distDir, path);
    if (path !== '' && path !== 'index.html' && file.startsWith(distDir + sep) && isFile(file)) {
      const hashed = path.startsWith('assets/');
      return reply.sendFile(path, { maxAge: hashed ? '365d' : 0, immutable: hashed });
    }
    // The service worker precaches index.html by name, with no HTML Accept header.
    if (path === '' || path === 'index.html' || request.headers.accept?.includes('text/html')) return sendIndex(reply);
    throw notFound(`Could not find ${request.method} ${request.url}`);
  };

  // Not API operations: left out of the API document.
  app.get('/', { config: { permission: 'OPEN' }, schema: { hide: true } }, handler);
  app.get('/*', { config: { permission: 'OPEN' }, schema: { hide: true } }, handler);
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
