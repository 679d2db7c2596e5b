import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../../contract/http';
import { createApiClient, NO_ANSWER, versionOf } from './client';
import { connectivity } from './connectivity';
import { AuthenticationError, NetworkError, NotFoundError } from './errors';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  accept?: string;
  idempotencyKey?: string | string[];
  ifMatch?: string;
  consoleHeader?: string;
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
      idempotencyKey: req.headers['idempotency-key'],
      ifMatch: req.headers['if-match'],
      consoleHeader: req.headers[CONSOLE_HEADER.toLowerCase()] as string | undefined,
      body: await read(req),
    });
    if (req.url === '/yard/api/admin/features') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"version":1,"features":[]}');
    } else if (req.url === '/yard/api/admin/user') {
      res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end('{"type":"password","path":"/yard/auth/simple/login","message":"You must sign in order to use Unleash"}');
    } else if (req.url === '/yard/api/admin/features/x/stale/on') {
      res.writeHead(200, { ETag: '"8"' }).end();
    } else if (req.url === '/yard/api/admin/ui-config') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Switchyard-From-Cache': '1' }).end('{}');
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

  it('sends the console header on every call, reads and changes alike (the server refuses changes without it)', async () => {
    await client().get('api/admin/features');
    await client().post('api/admin/features/x/toggle/on');
    await client().delete('api/admin/features/x');
    await client().post('api/admin/features/x/stale/on', undefined, { headers: { 'Idempotency-Key': 'k-0' } });
    expect(seen.slice(-4).map((request) => request.consoleHeader)).toEqual(Array(4).fill(CONSOLE_HEADER_VALUE));
  });

  it('maps failures once into typed errors', async () => {
    const unauthorised = await client()
      .get('api/admin/user')
      .catch((e: unknown) => e);
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

describe('what the offline queue needs of the client', () => {
  it('sends extra headers and gives the answer with its ETag', async () => {
    const answer = await client().send('POST', 'api/admin/features/x/stale/on', undefined, {
      headers: { 'Idempotency-Key': 'k-1', 'If-Match': '"7"' },
    });
    expect(answer).toEqual({ data: undefined, etag: '"8"' });
    expect(seen.at(-1)).toMatchObject({ idempotencyKey: 'k-1', ifMatch: '"7"' });
  });

  it('no answer at all is a NetworkError and marks the server unreachable; an answer marks it reachable again', async () => {
    const unreachable = createApiClient('/yard', () => fetch('http://127.0.0.1:1/nothing'));
    const error = await unreachable.get('api/admin/features').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe(NO_ANSWER);
    expect(connectivity.isOnline()).toBe(false);
    // An answer the service worker took from its cache says nothing about the server.
    await client().get('api/admin/ui-config');
    expect(connectivity.isOnline()).toBe(false);
    await client().get('api/admin/features');
    expect(connectivity.isOnline()).toBe(true);
  });

  it('reads a version only from a strong numeric ETag', () => {
    expect(versionOf('"7"')).toBe(7);
    expect(versionOf('W/"1a4-VyOo0khOG4pXh0zq63Y6aY2cBRY"')).toBeUndefined();
    expect(versionOf(null)).toBeUndefined();
  });
});
