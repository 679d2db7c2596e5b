/**
 * The cases of Unleash's client specification (@unleash/client-specification 6.1.0) that apply to a frontend SDK,
 * answered by unleash-proxy-client 3.8.2 in Node through the frontend API (GET and POST api/frontend, evaluated on
 * the server by contract/evaluation). Each file is loaded through the import (POST api/admin/features-batch/import,
 * as client-specification.test.ts does) into a project of its own, read with a frontend token of that project; the
 * SDK is given each case's context with `updateContext` and answers `isEnabled` and `getVariant`.
 *
 * A case does not apply to a frontend SDK when the SDK cannot send its context as written (see `inapplicable`):
 * - appName and environment are fixed when the SDK starts and always sent ("appName and environment are static"),
 *   so a case whose context leaves them out while a constraint reads them cannot be asked;
 * - the server takes the caller's address as remoteAddress when the context has none (Unleash's frontend API does),
 *   so a case without remoteAddress whose toggle reads it gets 127.0.0.1 here.
 * Toggles the import refuses by design (client-specification.test.ts lists them) are left out; their cases expect
 * what the SDK answers for an unknown toggle (off), as there.
 */
import { isDeepStrictEqual } from 'node:util';
import { InMemoryStorageProvider, UnleashClient, EVENTS, type IContext } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../server/test-support/harness.ts';
import { toImportData, type SpecState } from './convert.ts';
import {
  readSpec,
  serverGroups,
  SPEC_ENVIRONMENT as ENVIRONMENT,
  SPEC_FILES as FILES,
  stateOf,
  type SpecCase,
  type SpecFile as SpecFileOf,
} from './files.ts';

const APP_NAME = 'frontend-specification';

type Context = Record<string, unknown> & { properties?: Record<string, unknown> };
type Case = SpecCase<Context>;
type SpecFile = SpecFileOf<Context>;

/** Every context field a toggle's evaluation reads (strategy kinds that read one, constraints, segments). */
function fieldsRead(state: SpecState, toggle: string, seen = new Set<string>()): Set<string> {
  const fields = new Set<string>();
  const feature = state.features.find((f) => f.name === toggle);
  if (!feature || seen.has(toggle)) return fields;
  seen.add(toggle);
  for (const strategy of feature.strategies ?? []) {
    if (strategy.name === 'remoteAddress') fields.add('remoteAddress');
    const segments = (strategy.segments ?? []).map((id) => state.segments?.find((s) => s.id === id));
    for (const c of [...(strategy.constraints ?? []), ...segments.flatMap((s) => s?.constraints ?? [])]) {
      fields.add(String(c.contextName));
    }
  }
  for (const parent of feature.dependencies ?? [])
    fieldsRead(state, parent.feature, seen).forEach((f) => fields.add(f));
  return fields;
}

/** Why a case cannot be asked through a frontend SDK, or undefined when it can. */
function inapplicable(state: SpecState, t: Case): string | undefined {
  const read = fieldsRead(state, t.toggleName);
  for (const field of ['appName', 'environment'] as const) {
    if (read.has(field) && t.context[field] === undefined) return `the SDK always sends ${field}`;
  }
  if (read.has('remoteAddress') && t.context.remoteAddress === undefined) {
    return "the server takes the caller's address as remoteAddress";
  }
  return undefined;
}

/** The SDK for a context's static fields, started once (its first fetch answered). */
async function startClient(server: TestServer, token: string, context: Context, post: boolean) {
  const client = new UnleashClient({
    url: `${server.url}${server.base}/api/frontend`,
    clientKey: token,
    appName: typeof context.appName === 'string' ? context.appName : APP_NAME,
    environment: typeof context.environment === 'string' ? context.environment : undefined,
    storageProvider: new InMemoryStorageProvider(),
    disableRefresh: true,
    disableMetrics: true,
    usePOSTrequests: post,
    fetch: globalThis.fetch,
  });
  const failed = new Promise<never>((_, reject) => client.on(EVENTS.ERROR, (e: unknown) => reject(e)));
  failed.catch(() => undefined);
  const ready = new Promise<void>((resolve) => client.on(EVENTS.READY, () => resolve()));
  await client.start();
  await Promise.race([ready, failed]);
  return client;
}

/** The context a case gives updateContext: its fields as they are, sessionId too (undefined clears the SDK's own). */
function dynamicContext(context: Context): IContext {
  const { appName: _appName, environment: _environment, properties, ...rest } = context;
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  const fields = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, text(v)]));
  const custom = Object.fromEntries(Object.entries(properties ?? {}).map(([k, v]) => [k, text(v)]));
  return { sessionId: undefined, ...fields, properties: custom } as IContext;
}

/** The toggles a refused import names: by name, or by the index of one of their strategies in the data. */
function refusedToggles(message: string, state: SpecState): string[] {
  const data = toImportData(state) as unknown as { featureStrategies: Array<{ featureName: string }> };
  const byPath = [...message.matchAll(/data\.featureStrategies\.(\d+)/g)].map(
    (m) => data.featureStrategies[Number(m[1])]?.featureName,
  );
  const byName = state.features.map((f) => f.name).filter((name) => message.includes(name));
  return [...new Set([...byPath, ...byName].filter((name): name is string => Boolean(name)))];
}

describe('Unleash client specification 6.1.0 with unleash-proxy-client against the frontend API', () => {
  const totals = { passed: 0, applicable: 0, inapplicable: 0 };
  afterAll(() => {
    console.info(
      `frontend API specification: ${totals.passed}/${totals.applicable} applicable cases passed, ` +
        `${totals.inapplicable} not applicable to a frontend SDK`,
    );
  });

  serverGroups(FILES).forEach((files, group) => {
    describe(`server ${group + 1}`, () => {
      let server: TestServer;
      let admin: string;
      beforeAll(async () => {
        server = await startServer();
        admin = await server.adminCookie();
      });
      afterAll(() => server?.close());

      for (const file of files) {
        const index = FILES.indexOf(file);
        it(file, { timeout: 180_000 }, async () => {
          const spec = readSpec<SpecFile>(file);
          const project = `fe-${file.slice(0, 2)}`;
          const created = await server.call('POST', 'api/admin/projects', {
            cookie: admin,
            body: { id: project, name: spec.name },
          });
          expect(created.status, created.text).toBe(201);
          const state = stateOf(spec);
          await loadState(server, admin, project, state);
          const token = await server.call('POST', 'api/admin/api-tokens', {
            cookie: admin,
            body: { username: 'frontend-specification', type: 'frontend', project, environment: ENVIRONMENT },
          });
          expect(token.status, token.text).toBe(201);
          // Odd files through GET (the context as query parameters), even ones through POST (usePOSTrequests).
          const post = index % 2 === 1;
          const result = await runCases(server, token.body.secret, spec, state, post);
          totals.passed += result.passed;
          totals.applicable += result.applicable;
          totals.inapplicable += result.inapplicable;
          console.info(`${file}: ${result.passed}/${result.applicable} passed, ${result.inapplicable} not applicable`);
          expect(result.failures).toEqual([]);
        });
      }
    });
  });
});

/** Asks every applicable case of a file through the SDK (one SDK per appName and environment). */
async function runCases(server: TestServer, token: string, spec: SpecFile, state: SpecState, post: boolean) {
  const clients = new Map<string, UnleashClient>();
  const clientFor = async (context: Context) => {
    const key = JSON.stringify([context.appName, context.environment]);
    let client = clients.get(key);
    if (!client) {
      client = await startClient(server, token, context, post);
      clients.set(key, client);
    }
    await client.updateContext(dynamicContext(context));
    return client;
  };
  const failures: string[] = [];
  let passed = 0;
  let applicable = 0;
  try {
    for (const t of spec.tests ?? []) {
      if (inapplicable(state, t)) continue;
      applicable += 1;
      const answer = (await clientFor(t.context)).isEnabled(t.toggleName);
      if (answer === t.expectedResult) passed += 1;
      else failures.push(`${t.description}: isEnabled(${t.toggleName}) was ${answer}`);
    }
    for (const t of spec.variantTests ?? []) {
      if (inapplicable(state, t)) continue;
      applicable += 1;
      const answer = (await clientFor(t.context)).getVariant(t.toggleName) as unknown as Record<string, unknown>;
      const compared = Object.fromEntries(Object.keys(t.expectedResult).map((k) => [k, answer[k]]));
      if (isDeepStrictEqual(compared, t.expectedResult)) passed += 1;
      else failures.push(`${t.description}: getVariant(${t.toggleName}) was ${JSON.stringify(answer)}`);
    }
  } finally {
    clients.forEach((client) => client.stop());
  }
  const cases = (spec.tests?.length ?? 0) + (spec.variantTests?.length ?? 0);
  return { passed, applicable, inapplicable: cases - applicable, failures };
}

/**
 * Imports a state; the toggles the server refuses (by design, see client-specification.test.ts) are left out and the
 * rest imported again, so their cases are answered as for an unknown toggle (off).
 */
async function loadState(server: TestServer, admin: string, project: string, state: SpecState) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await server.call('POST', 'api/admin/features-batch/import', {
      cookie: admin,
      body: { project, environment: ENVIRONMENT, data: toImportData(state) },
    });
    if (answer.status === 200) return;
    expect(answer.status, answer.text).toBe(400);
    const refused = refusedToggles(String(answer.body.message), state);
    expect(refused, answer.body.message).not.toEqual([]);
    state.features = state.features.filter((f) => !refused.includes(f.name));
  }
  throw new Error(`${project}: the import kept refusing`);
}
