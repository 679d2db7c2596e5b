import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { AuthenticationError, NotFoundError } from './errors';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  accept?: string;
  body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method,
      url: req.url,
      contentType: req.headers['content-type'],
      accept: req.headers.accept,
      body: await read(req),
    });
    if (req.url === '/yard/api/admin/features') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"version":1,"features":[]}');
    } else if (req.url === '/yard/api/admin/user') {
      res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end('{"type":"password","path":"/yard/auth/simple/login","message":"You must sign in order to use Unleash"}');
    } else if (req.url?.startsWith('/yard/api/admin/features/')) {
      res.writeHead(200).end();
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"404 - Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client() {
  return createApiClient('/yard', (input, init) => fetch(`${origin}${String(input)}`, init));
}

describe('api client', () => {
  it('prefixes the base path and parses JSON', async () => {
    await expect(client().get('api/admin/features')).resolves.toEqual({ version: 1, features: [] });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/yard/api/admin/features', accept: 'application/json' });
  });

  it('sends Content-Type application/json on a POST without a body and accepts an empty answer', async () => {
    await expect(client().post('api/admin/features/x/toggle/on')).resolves.toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '' });
    await client().put('api/admin/features/x', { name: 'x' });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', contentType: 'application/json', body: '{"name":"x"}' });
    await client().patch('api/admin/features/x', []);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', contentType: 'application/json' });
  });

  it('maps failures once into typed errors', async () => {
    const unauthorised = await client().get('api/admin/user').catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(AuthenticationError);
    expect((unauthorised as AuthenticationError).authDetails?.path).toBe('/yard/auth/simple/login');
    await expect(client().get('api/admin/nothing', { layer: 'project' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('api client paths', () => {
  it('uses an absolute path as given (auth details carry the base already)', async () => {
    await client().get('/yard/api/admin/features');
    expect(seen.at(-1)?.url).toBe('/yard/api/admin/features');
  });
});
