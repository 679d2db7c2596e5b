import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp, COMPRESSION_THRESHOLD } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { freshDatabase } from '../../test-support/harness.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';
import { useConsoleDist } from '../../test-support/console-dist.ts';

// A built console as the Vite build leaves it: a hashed asset with its .br and .gz beside it, and an index.html
// (never precompressed: the server fills in the base path) large enough to be compressed when served.
const asset = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const index = `<html><head><base href="::baseUriPath::/"><meta name="baseUriPath" content="::baseUriPath::"></head>
<body>${'<p>Switchyard console</p>\n'.repeat(80)}</body></html>`;
const assetBr = brotliCompressSync(asset);
const assetGz = gzipSync(asset, { level: 9 });
const dist = useConsoleDist({
  'index.html': index,
  'assets/rows-Ab12Cd34.js': asset,
  'assets/rows-Ab12Cd34.js.br': assetBr,
  'assets/rows-Ab12Cd34.js.gz': assetGz,
  'assets/plain-Ef56Gh78.js': asset,
});

/** The answer's bytes as sent on the wire (inject does not decompress, unlike fetch). */
const raw = (url: string, headers: Record<string, string>) => server.app.inject({ method: 'GET', url, headers });

useServer({ env: { BASE_URI_PATH: '/yard' }, build: { distDir: dist } });

describe('API answers', () => {
  it('are brotli or gzip encoded as Accept-Encoding asks, above the threshold, and decode to the same JSON', async () => {
    const plain = await raw('/yard/api/admin/strategies', { cookie: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const json = JSON.parse(plain.payload);

    const br = await raw('/yard/api/admin/strategies', { cookie: admin, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await raw('/yard/api/admin/strategies', { cookie: admin, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
  });

  it('are sent as they are below the threshold or when the client accepts no encoding of ours', async () => {
    const small = await raw('/yard/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await raw('/yard/api/admin/strategies', { cookie: admin, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(JSON.parse(identity.payload).strategies)).toBe(true);
  });

  it('leaves alone an answer that already carries a Content-Encoding (a route sending its own compressed bytes)', async () => {
    const database = await freshDatabase();
    const app = await buildApp(parseConfig({}), database.db, { distDir: dist });
    const body = JSON.stringify({ features: Array.from({ length: 200 }, (_, i) => ({ name: `toggle-${i}` })) });
    const gzipped = gzipSync(body);
    app.get('/precompressed', { config: { permission: 'OPEN' } }, async (_request, reply) =>
      reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(gzipped),
    );
    try {
      const answer = await app.inject({ url: '/precompressed', headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.rawPayload.equals(gzipped)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the built console', () => {
  it('serves a hashed asset precompressed, as accepted, with the immutable cache header', async () => {
    const br = await raw('/yard/assets/rows-Ab12Cd34.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(assetBr)).toBe(true); // the build's file, not compressed again per request

    const gzip = await raw('/yard/assets/rows-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(assetGz)).toBe(true);

    const plain = await raw('/yard/assets/rows-Ab12Cd34.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(asset);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses an asset without a precompressed copy when it is served', async () => {
    const answer = await raw('/yard/assets/plain-Ef56Gh78.js', { 'accept-encoding': 'br' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(asset);
  });

  it('fills the base path into index.html, then compresses it', async () => {
    for (const path of ['/yard/', '/yard/features/some-toggle']) {
      const answer = await raw(path, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(answer.rawPayload).toString();
      expect(html).toContain('<base href="/yard/">');
      expect(html).toContain('content="/yard"');
      expect(html).not.toContain('::baseUriPath::');
    }
  });
});
