import { beforeEach, describe, expect, it } from 'vitest';
import { admin, CLIENT_TOKEN, server, STANDARD_TOKENS, useServer } from '../../test-support/fixture.ts';

const lines: Array<{ msg: string; req?: { url: string }; res?: { statusCode: number } }> = [];
useServer({
  env: STANDARD_TOKENS,
  build: { logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } },
});
beforeEach(() => {
  lines.length = 0;
});

const logged = () => lines.filter((line) => line.msg.includes('request')).map((line) => line.msg);

describe('the request log', () => {
  it('has one line per request a person makes, when it has completed', async () => {
    expect((await server.call('GET', 'api/admin/features', { cookie: admin })).status).toBe(200);
    expect(logged()).toEqual(['request completed']);
  });

  it('leaves out health checks and SDK polls, unless they fail', async () => {
    expect((await server.call('GET', 'health')).status).toBe(200);
    expect((await server.call('GET', 'api/client/features', { token: CLIENT_TOKEN })).status).toBe(200);
    expect(logged()).toEqual([]);
    expect((await server.call('GET', 'api/client/features', { token: 'default:development.nope' })).status).toBe(401);
    expect(logged()).toEqual(['request completed']);
  });
});
