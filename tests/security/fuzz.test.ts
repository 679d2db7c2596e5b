/**
 * The fuzzer: every mutating route the app registers gets at least 30 malformed variants of its valid request (bad
 * types, huge strings, NUL, lone surrogates, invalid UTF-8, deep nesting, wrong content types, unknown fields, odd
 * bytes in path parameters and queries, missing and oversized bodies, arrays for objects...), generated from a fixed
 * seed so every run sends the same requests. No answer may be a 5xx or carry a stack trace or an internal message,
 * and the variants sent by a caller the route refuses must change nothing.
 */
import { describe, expect, it } from 'vitest';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import {
  allowed,
  CALLERS,
  dataChecksum,
  sampleFor,
  useSecuritySuite,
  type CallerName,
  type RegisteredRoute,
  type Sample,
} from './routes.ts';

/** mulberry32: a small PRNG, so the variants are the same on every run. */
function prng(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = ReturnType<typeof prng>;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

interface Variant {
  name: string;
  path: string;
  /** Sent as-is; a string is encoded as UTF-8. */
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
}

/** What appears in an answer only when something internal leaked. */
const LEAKS = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /\.ts:\d+/,
  /\.m?js:\d+/,
  /node_modules/,
  /Maximum call stack/i,
  /invalid byte sequence/i,
  /\b(TypeError|ReferenceError|RangeError)\b/,
  /URIError|URI malformed/,
  /violates .* constraint|duplicate key|relation "|syntax error at/i,
  /drizzle|pglite|postgres/i,
];

const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  1e308,
  2 ** 53 + 1,
  0.5,
  '',
  '1',
  [],
  [null],
  {},
  { nested: { deeper: [1, 'two', null] } },
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  '\u202e\u0001\u001f',
  '<script>alert(1)</script>',
  "'; DROP TABLE features; --",
  '../../etc/passwd',
  'x'.repeat(50_000),
];

const ODD_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  'a%2Fb',
  '..%2F..%2Fetc',
  '%E2%80%AE',
  '%20%09',
  'x'.repeat(3000),
  '%25',
  '%',
];

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Replaces one random top-level field (or array element's field) of a JSON body with `value`. */
function withField(body: unknown, random: Random, value: unknown): unknown {
  if (Array.isArray(body)) {
    if (body.length === 0) return [value];
    const copy = [...body];
    const index = Math.floor(random() * copy.length);
    copy[index] = withField(copy[index], random, value);
    return copy;
  }
  if (body && typeof body === 'object') {
    const keys = Object.keys(body);
    const key = keys.length > 0 ? pick(random, keys) : 'name';
    return { ...body, [key]: value };
  }
  return value;
}

/** Random field mutations (bad types and bad text in one field) per route, after the fixed kinds. */
const FIELD_MUTATIONS = 6;

/** The variants of one route: the fixed kinds, then FIELD_MUTATIONS random field mutations. */
function variants(route: RegisteredRoute, sample: Sample, random: Random): Variant[] {
  const path = sample.path;
  const json = (body: unknown) => JSON.stringify(body);
  const valid = sample.body;
  const base = valid ?? {};
  /** The valid body (if the route has one), for variants that change something else. */
  const asValid = valid === undefined ? {} : { body: json(valid), contentType: 'application/json' };
  const paramPositions = route.url
    .split('/')
    .slice(1)
    .flatMap((segment, index) => (segment.startsWith(':') ? [index] : []));
  const withSegment = (odd: string) => {
    const segments = path.split('/');
    const position = paramPositions.length > 0 ? pick(random, paramPositions) : segments.length - 1;
    segments[position] = odd;
    return segments.join('/');
  };
  const list: Variant[] = [
    { name: 'no body, no content type', path },
    { name: 'empty JSON body', path, body: '', contentType: 'application/json' },
    { name: 'empty object', path, body: '{}', contentType: 'application/json' },
    { name: 'null', path, body: 'null', contentType: 'application/json' },
    { name: 'a string', path, body: '"x"', contentType: 'application/json' },
    { name: 'a number', path, body: '42', contentType: 'application/json' },
    {
      name: 'array for object / object for array',
      path,
      body: Array.isArray(valid) ? json({ 0: valid[0] }) : json([base]),
      contentType: 'application/json',
    },
    { name: 'malformed JSON', path, body: '{"name": "a",', contentType: 'application/json' },
    { name: 'duplicate keys', path, body: '{"name":"a","name":"b"}', contentType: 'application/json' },
    { name: 'text/plain', path, body: json(base), contentType: 'text/plain' },
    { name: 'form', path, body: 'name=a&value=b', contentType: 'application/x-www-form-urlencoded' },
    {
      name: 'multipart',
      path,
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--b--\r\n',
      contentType: 'multipart/form-data; boundary=b',
    },
    { name: 'JSON as UTF-16', path, body: json(base), contentType: 'application/json; charset=utf-16' },
    { name: 'deep arrays', path, body: deepJson(20_000, 'array'), contentType: 'application/json' },
    { name: 'deep objects', path, body: deepJson(5_000, 'object'), contentType: 'application/json' },
    {
      name: 'unknown fields and __proto__',
      path,
      body: Array.isArray(valid)
        ? json(valid.map((item) => ({ ...item, unknownField: 1 })))
        : `{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"unknownField":1${
            json(base).length > 2 ? ',' + json(base).slice(1) : '}'
          }`,
      contentType: 'application/json',
    },
    { name: 'NUL in a field', path, body: json(withField(base, random, 'a\u0000b')), contentType: 'application/json' },
    {
      name: 'lone surrogate in a field',
      path,
      body: json(withField(base, random, 'a\ud800b')),
      contentType: 'application/json',
    },
    {
      name: 'invalid UTF-8 bytes',
      path,
      body: new Uint8Array([...Buffer.from('{"name":"a'), 0xed, 0xa0, 0x80, 0xff, ...Buffer.from('"}')]),
      contentType: 'application/json',
    },
    { name: 'NUL in a key', path, body: '{"na\\u0000me":"a"}', contentType: 'application/json' },
    {
      name: 'huge string',
      path,
      body: json(withField(base, random, 'y'.repeat(200_000))),
      contentType: 'application/json',
    },
    {
      name: 'body over the limit',
      path,
      body: json({ name: 'z'.repeat(1_100_000) }),
      contentType: 'application/json',
    },
    { name: 'byte order mark', path, body: '\ufeff' + json(base), contentType: 'application/json' },
    {
      name: 'NUL in the query',
      path: `${path}?q=%00&environment=a%00b`,
      ...asValid,
    },
    {
      name: 'lone surrogate in the query',
      path: `${path}?q=%ED%A0%80`,
      ...asValid,
    },
    {
      name: 'odd If-Match and Idempotency-Key',
      path,
      ...asValid,
      headers: { 'if-match': '"\u00ff', 'idempotency-key': 'k'.repeat(5000) },
    },
    {
      name: 'junk session cookie',
      path,
      ...asValid,
      headers: { cookie: `unleash-session=${'%00'.repeat(8)}%ED%A0%80; other=\u00ff` },
    },
    { name: 'odd Authorization', path, ...asValid, headers: { authorization: 'Bearer *:*.\u00ff%00' } },
  ];
  for (const odd of ODD_SEGMENTS) {
    list.push({
      name: `path parameter ${odd.slice(0, 12)}`,
      path: withSegment(odd),
      ...asValid,
    });
  }
  for (let i = 0; i < FIELD_MUTATIONS; i += 1) {
    const value = pick(random, BAD_VALUES);
    list.push({
      name: `field = ${JSON.stringify(value)?.slice(0, 24)}`,
      path,
      body: json(withField(base, random, value)),
      contentType: 'application/json',
    });
  }
  return list;
}

/** The callers the variants are sent as, in order of preference: the first one the route allows. */
const STRONGEST_FIRST: readonly CallerName[] = [
  'ADMIN token',
  'Admin',
  'Editor',
  'Viewer',
  'CLIENT token',
  'FRONTEND token',
  'no session',
];

const suite = useSecuritySuite();

async function send(caller: CallerName, method: string, variant: Variant) {
  const { cookie, token } = suite.callers[caller];
  const headers: Record<string, string> = {};
  if (variant.contentType) headers['content-type'] = variant.contentType;
  if (cookie) Object.assign(headers, { cookie, [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE });
  if (token) headers.authorization = token;
  Object.assign(headers, variant.headers); // an odd cookie or Authorization replaces the caller's
  const { server } = suite;
  const response = await fetch(`${server.url}${server.base}/${variant.path}`, {
    method,
    headers,
    body: variant.body,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), path: variant.path };
}

interface Findings {
  requests: number;
  serverErrors: string[];
  leaks: string[];
  /** 4xx answers without the error body every refusal has: JSON {name, message, details: [{message}]}. */
  shapeless: string[];
  refusedWrites: string[];
}

const noFindings = (): Findings => ({ requests: 0, serverErrors: [], leaks: [], shapeless: [], refusedWrites: [] });

/**
 * Our error body, or Unleash's 'sign in first' answer to a call without a session (a 401 naming the sign-in form's
 * type and path, which the console reads), or on OFREP's paths OFREP's own ({key?, errorCode, errorDetails}).
 */
function isErrorBody(status: number, text: string, path: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (status === 401 && typeof body.type === 'string' && typeof body.path === 'string') return true;
    const ofrep = path.startsWith('ofrep/') && typeof body.errorCode === 'string';
    if (ofrep && typeof body.errorDetails === 'string') return true;
    return (
      typeof body.name === 'string' &&
      typeof body.message === 'string' &&
      Array.isArray(body.details) &&
      body.details.every((detail: { message?: unknown }) => typeof detail?.message === 'string')
    );
  } catch {
    return false;
  }
}

/** Counts one answer and notes a 5xx or an internal message in it. */
function inspect(findings: Findings, label: string, answer: { status: number; text: string; path: string }) {
  findings.requests += 1;
  if (answer.status >= 500) findings.serverErrors.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
  const leak = LEAKS.find((pattern) => pattern.test(answer.text));
  if (leak) findings.leaks.push(`${label}: ${answer.status} matches ${leak}: ${answer.text.slice(0, 160)}`);
  if (answer.status >= 400 && answer.status < 500 && !isErrorBody(answer.status, answer.text, answer.path)) {
    findings.shapeless.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
  }
}

/** Prints the request count and the findings (the first 12 of each kind), and expects none. */
function report(what: string, findings: Findings) {
  const { requests, serverErrors, leaks, shapeless, refusedWrites } = findings;
  console.log(
    `fuzzer (${process.env.TEST_DB}): ${what}, ${requests} requests; ${serverErrors.length} answers of 5xx, ` +
      `${leaks.length} internal messages, ${shapeless.length} 4xx without our error body, ` +
      `${refusedWrites.length} writes by refused calls`,
  );
  for (const list of [serverErrors, leaks, shapeless, refusedWrites]) {
    for (const line of list.slice(0, 12)) console.log(`  ${line}`);
  }
  expect({
    serverErrors: serverErrors.length,
    leaks: leaks.length,
    shapeless: shapeless.length,
    refusedWrites: refusedWrites.length,
  }).toEqual({ serverErrors: 0, leaks: 0, shapeless: 0, refusedWrites: 0 });
}

/** The strongest caller a route allows, so that the variants reach the route's own code. */
const strongest = (sample: Sample) => STRONGEST_FIRST.find((name) => allowed(sample.access, name))!;

describe('fuzzer', () => {
  it('answers every malformed request to a mutating route without a 5xx, a leak, a shapeless refusal or a refused write', async () => {
    const { server, registered, table } = suite;
    const random = prng(0x5eed_11);
    const mutating = registered.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    const missing = mutating.filter((route) => !sampleFor(table, route)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'every mutating route needs a sample in routes.ts').toEqual([]);
    // Sign-out spends the session the other routes are called with: it comes last.
    mutating.sort((a, b) => Number(sampleFor(table, a)!.last ?? false) - Number(sampleFor(table, b)!.last ?? false));
    const findings = noFindings();
    // The variants, and for a route that refuses some callers which of them sends each sixth variant, drawn in
    // route order from the seeded generator.
    const plans = mutating.map((route) => {
      const sample = sampleFor(table, route)!;
      const list = variants(route, sample, random);
      const refused = CALLERS.filter((name) => !allowed(sample.access, name));
      const refusedSends =
        refused.length > 0
          ? list.filter((_, index) => index % 6 === 0).map((variant) => ({ who: pick(random, refused), variant }))
          : [];
      return { route, list, caller: strongest(sample), refusedSends };
    });
    const sendRefused = async (some: typeof plans) => {
      for (const { route, refusedSends } of some) {
        for (const { who, variant } of refusedSends) {
          const answer = await send(who, route.method, variant);
          inspect(findings, `${route.method} ${variant.path.slice(0, 80)} [${variant.name}] as ${who}`, answer);
        }
      }
    };
    // Every refused variant first, against the seeded data: one digest before and one after show they wrote
    // nothing; only if they did is each route digested on its own, to name it.
    const refusing = plans.filter((plan) => plan.refusedSends.length > 0);
    const before = await dataChecksum(server);
    await sendRefused(refusing);
    if ((await dataChecksum(server)) !== before) {
      for (const plan of refusing) {
        const own = await dataChecksum(server);
        await sendRefused([plan]);
        if ((await dataChecksum(server)) !== own) findings.refusedWrites.push(`${plan.route.method} ${plan.route.url}`);
      }
      if (findings.refusedWrites.length === 0) findings.refusedWrites.push('refused variants changed data');
    }
    for (const { route, list, caller } of plans) {
      for (const variant of list) {
        const answer = await send(caller, route.method, variant);
        inspect(findings, `${route.method} ${variant.path.slice(0, 80)} [${variant.name}] as ${caller}`, answer);
      }
    }
    const fewest = Math.min(...plans.map((plan) => plan.list.length));
    expect(fewest).toBeGreaterThanOrEqual(30);
    report(`${mutating.length} mutating routes, at least ${fewest} variants each`, findings);
  }, 600_000);

  it('answers odd paths, queries and credentials on every read route without a 5xx, a leak or a shapeless refusal', async () => {
    const { registered, table } = suite;
    const random = prng(0x5eed_12);
    // The console's catch-all (/*) serves the built console's files; before a build it answers 503 on purpose.
    const reads = registered.filter((route) => route.method === 'GET' && route.url !== '/*' && sampleFor(table, route));
    const findings = noFindings();
    for (const route of reads) {
      const sample = sampleFor(table, route)!;
      const caller = strongest(sample);
      const odd = variants(route, sample, random).filter(
        (variant) =>
          variant.name.startsWith('path parameter') ||
          variant.name.endsWith('in the query') ||
          variant.name === 'junk session cookie' ||
          variant.name === 'odd Authorization',
      );
      for (const variant of odd) {
        const answer = await send(caller, 'GET', { ...variant, body: undefined, contentType: undefined });
        inspect(findings, `GET ${variant.path.slice(0, 80)} [${variant.name}] as ${caller}`, answer);
      }
    }
    report(`${reads.length} read routes`, findings);
  }, 600_000);
});
