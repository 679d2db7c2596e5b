import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/**
 * Paths the console never answers: a miss there is a JSON 404, not the console's index.html. (GET {base}/logout is
 * the console's page that signs out by POST.)
 */
const API_PATH = /^(api|auth|docs)(\/|$)|^health\/?$/;

/**
 * Serves the built console (dist/) under the base path: static files (the build's .br/.gz beside them when the
 * client accepts one), and index.html (with the ::baseUriPath:: placeholder replaced, compressed per request by
 * @fastify/compress) for any other GET that accepts HTML (SPA fallback). Without dist/ it answers 503.
 */
export const consoleRoutes: FastifyPluginAsync<{ distDir: string; baseUriPath: string }> = async (app, options) => {
  const distDir = resolve(options.distDir);
  const indexFile = resolve(distDir, 'index.html');
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  // index.html filled in once per build of the console (a rebuild while running changes its mtime).
  let index: { version: string; html: string } | undefined;
  const filledIndex = (): string | undefined => {
    const stat = statIfFile(indexFile);
    if (!stat) return undefined;
    const version = `${stat.mtimeMs}:${stat.size}`;
    if (index?.version !== version) {
      index = { version, html: readFileSync(indexFile, 'utf8').replaceAll('::baseUriPath::', options.baseUriPath) };
    }
    return index.html;
  };

  const handler = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const path = request.params['*'] ?? '';
    if (API_PATH.test(path)) throw notFound(`Could not find ${request.method} ${request.url}`);
    const html = filledIndex();
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The Switchyard console has not been built: run `npm run build` (or `npm start`), then reload.\n');
    }
    const file = resolve(distDir, path);
    if (path !== '' && path !== 'index.html' && file.startsWith(distDir + sep) && statIfFile(file)) {
      const hashed = path.startsWith('assets/');
      return reply.sendFile(path, { maxAge: hashed ? '365d' : 0, immutable: hashed });
    }
    // The service worker precaches index.html by name, with no HTML Accept header.
    if (path === '' || path === 'index.html' || request.headers.accept?.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    }
    throw notFound(`Could not find ${request.method} ${request.url}`);
  };

  // Not API operations: left out of the API document.
  app.get('/', { config: { permission: 'OPEN' }, schema: { hide: true } }, handler);
  app.get('/*', { config: { permission: 'OPEN' }, schema: { hide: true } }, handler);
};

function statIfFile(path: string) {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id of the console built in `distDir`: a hash of its service worker (which lists every file's revision, so any
 * change of the build changes it), or of index.html without one; undefined when there is no built console.
 */
export function consoleBuild(distDir: string): string | undefined {
  for (const name of ['sw.js', 'index.html']) {
    const file = resolve(distDir, name);
    if (statIfFile(file)) return createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 16);
  }
  return undefined;
}
