/**
 * Must-show 1 of issue 16: every file of Unleash's client specification (@unleash/client-specification 6.1.0,
 * 22 files, 279 cases) loaded into a fresh server through the import (POST api/admin/features-batch/import), then
 * the official Node SDK (unleash-client 6) fetches it from the client API with a client token and answers every
 * `tests` case (isEnabled) and `variantTests` case (getVariant: name, enabled, payload, feature_enabled, as the
 * other SDKs' harnesses compare). Files 19 and 20 (delta events) are folded into their final state and read with
 * the SDK's delta mode from GET api/client/delta. Each file reports passed/total.
 *
 * Refused by design: a state the server will not store is refused with a 400 naming it, and the file is loaded
 * again without those toggles; their cases are then checked as the SDK answers an unknown toggle (off).
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { InMemStorageProvider, Unleash, type Context, type UnleashConfig } from 'unleash-client';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../server/platform/test-support/harness.ts';
import { foldEvents, toImportData, type SpecEvent, type SpecState } from './convert.ts';

const require = createRequire(import.meta.url);
const SPECIFICATIONS = join(dirname(require.resolve('@unleash/client-specification/package.json')), 'specifications');
const read = (file: string) => JSON.parse(readFileSync(join(SPECIFICATIONS, file), 'utf8'));
const FILES: string[] = read('index.json');

const PROJECT = 'default';
const ENVIRONMENT = 'development';

/**
 * The toggles the import refuses by design, per file, and what the refusal must name: an unknown constraint operator
 * (the request schema's enum), and dependencies on a missing parent, in a cycle or in a chain (Unleash's rules).
 */
const REFUSED: Record<string, { toggles: string[]; reason: RegExp; named: boolean }> = {
  '13-constraint-operators.json': { toggles: ['F7.invalid-operator'], reason: /operator/, named: false },
  '17-dependent-features.json': {
    toggles: [
      'parent.with.cycle',
      'child.with.cycle',
      'child.with.transitive.dependency',
      'parents.not.exist.child.enabled',
    ],
    reason: /dependent toggles that cannot be imported/,
    named: true,
  },
};

interface Case {
  description: string;
  context: Context;
  toggleName: string;
}
interface SpecFile {
  name: string;
  state: SpecState | { events: SpecEvent[] };
  tests?: Array<Case & { expectedResult: boolean }>;
  variantTests?: Array<Case & { expectedResult: Record<string, unknown> }>;
}

const isDelta = (state: SpecFile['state']): state is { events: SpecEvent[] } => 'events' in state;

async function importState(server: TestServer, cookie: string, state: SpecState) {
  return server.call('POST', 'api/admin/features-batch/import', {
    cookie,
    body: { project: PROJECT, environment: ENVIRONMENT, data: toImportData(state) },
  });
}

/** The official SDK, synchronised once with the server (its first fetch answered), or the error it reported. */
async function startSdk(server: TestServer, token: string, delta: boolean): Promise<Unleash> {
  const config: UnleashConfig = {
    appName: 'client-specification',
    url: `${server.url}${server.base}/api/`,
    customHeaders: { Authorization: token },
    storageProvider: new InMemStorageProvider(),
    disableMetrics: true,
    refreshInterval: 60_000,
    skipInstanceCountWarning: true,
    ...(delta ? { experimentalMode: { type: 'polling', format: 'delta' } as const } : {}),
  };
  const unleash = new Unleash(config);
  const failed = once(unleash, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  await Promise.race([once(unleash, 'synchronized'), failed]);
  return unleash;
}

/** What getVariant answered, in the fields the expected result names. */
function variantAnswer(answer: Record<string, unknown>, expected: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, answer[key]]));
}

describe('Unleash client specification 6.1.0 with unleash-client against the client API', () => {
  const totals = { passed: 0, total: 0 };

  for (const file of FILES) {
    it(file, { timeout: 120_000 }, async () => {
      const spec: SpecFile = read(file);
      const server = await startServer();
      try {
        const admin = await server.adminCookie();
        const delta = isDelta(spec.state);
        const state = isDelta(spec.state) ? foldEvents(spec.state.events) : spec.state;

        const refused = REFUSED[file];
        if (refused) {
          const answer = await importState(server, admin, state);
          expect(answer.status, answer.text).toBe(400);
          expect(answer.body.message).toMatch(refused.reason);
          if (refused.named) for (const name of refused.toggles) expect(answer.body.message).toContain(name);
          state.features = state.features.filter((f) => !refused.toggles.includes(f.name));
        }
        const imported = await importState(server, admin, state);
        expect(imported.status, imported.text).toBe(200);

        // What the import stored comes back out of the export as it went in.
        const exported = await server.call('POST', 'api/admin/features-batch/export', {
          cookie: admin,
          body: { project: PROJECT, environment: ENVIRONMENT },
        });
        expect(exported.status, exported.text).toBe(200);
        expect(exported.body.features.map((f: { name: string }) => f.name).sort()).toEqual(
          state.features.map((f) => f.name).sort(),
        );

        const token = await server.call('POST', 'api/admin/api-tokens', {
          cookie: admin,
          body: { username: 'client-specification', type: 'client', project: PROJECT, environment: ENVIRONMENT },
        });
        expect(token.status, token.text).toBe(201);
        const unleash = await startSdk(server, token.body.secret, delta);
        const failures: string[] = [];
        let passed = 0;
        try {
          for (const t of spec.tests ?? []) {
            const answer = unleash.isEnabled(t.toggleName, t.context);
            if (answer === t.expectedResult) passed += 1;
            else failures.push(`${t.description}: isEnabled(${t.toggleName}) was ${answer}`);
          }
          for (const t of spec.variantTests ?? []) {
            const answer = unleash.getVariant(t.toggleName, t.context) as unknown as Record<string, unknown>;
            const actual = variantAnswer(answer, t.expectedResult);
            if (isDeepStrictEqual(actual, t.expectedResult)) passed += 1;
            else failures.push(`${t.description}: getVariant(${t.toggleName}) was ${JSON.stringify(actual)}`);
          }
        } finally {
          unleash.destroy();
        }
        const total = (spec.tests ?? []).length + (spec.variantTests ?? []).length;
        totals.passed += passed;
        totals.total += total;
        console.log(`${file}: ${passed}/${total} passed (all files so far: ${totals.passed}/${totals.total})`);
        expect(failures).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});
