/**
 * Every file of Unleash's client specification (@unleash/client-specification 6.1.0,
 * 22 files, 279 cases) loaded through the import (POST api/admin/features-batch/import) into a project of its own
 * on a server where its names are new; then the official Node SDK (unleash-client 6) fetches it from the client API
 * with a client token of that project and answers every
 * `tests` case (isEnabled) and `variantTests` case (getVariant: name, enabled, payload, feature_enabled, as the
 * other SDKs' harnesses compare). Files 19 and 20 (delta events) are folded into their final state and read with
 * the SDK's delta mode from GET api/client/delta. Each file reports passed/total.
 *
 * Refused by design: a state the server will not store is refused with a 400 naming it, and the file is loaded
 * again without those toggles; their cases are then checked as the SDK answers an unknown toggle (off).
 */
import { once } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import { InMemStorageProvider, Unleash, type Context, type UnleashConfig } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../server/test-support/harness.ts';
import { toImportData, type SpecState } from './convert.ts';
import {
  isDelta,
  readSpec,
  serverGroups,
  SPEC_ENVIRONMENT as ENVIRONMENT,
  SPEC_FILES,
  stateOf,
  type SpecFile,
} from './files.ts';

/** Each file's toggles go into a project of their own (created with every enabled environment). */
const projectOf = (file: string) => `spec-${file.slice(0, 2)}`;

/**
 * The toggles the import refuses by design, per file, and what the refusal must name: an unknown constraint operator
 * (the request schema's enum), values the operator cannot use (as RE2 patterns: 21's lookahead and backreference
 * 'should be rejected upstream'), and dependencies on a missing parent, in a cycle or in a chain (Unleash's rules).
 */
const REFUSED: Record<string, { toggles: string[]; reason: RegExp; named: boolean }> = {
  '13-constraint-operators.json': { toggles: ['F7.invalid-operator'], reason: /operator/, named: false },
  '14-constraint-semver-operators.json': {
    toggles: ['F8.invalidSemverWithLeadingV'],
    reason: /semantic version/,
    named: true,
  },
  '15-global-constraints.json': { toggles: ['F9.withMissingSegment'], reason: /segment 404/, named: true },
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
  '21-regex-constraint-operators.json': {
    toggles: ['invalid-regex-defaults-to-false', 'R90.reject_lookahead', 'R91.reject_backreference'],
    reason: /regular expression/,
    named: true,
  },
  '22-cidr-constraint-operators.json': { toggles: ['CIDR.invalid.only'], reason: /CIDR/, named: true },
};

async function importState(server: TestServer, cookie: string, project: string, state: SpecState) {
  return server.call('POST', 'api/admin/features-batch/import', {
    cookie,
    body: { project, environment: ENVIRONMENT, data: toImportData(state) },
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

  serverGroups(SPEC_FILES).forEach((files, group) => {
    describe(`server ${group + 1}`, () => {
      let server: TestServer;
      let admin: string;
      beforeAll(async () => {
        server = await startServer();
        admin = await server.adminCookie();
      });
      afterAll(() => server?.close());

      for (const file of files) it(file, { timeout: 120_000 }, () => runFile(file));

      async function runFile(file: string) {
        const spec = readSpec<SpecFile<Context>>(file);
        const project = projectOf(file);
        const created = await server.call('POST', 'api/admin/projects', {
          cookie: admin,
          body: { id: project, name: spec.name },
        });
        expect(created.status, created.text).toBe(201);
        const state = stateOf(spec);

        const refused = REFUSED[file];
        if (refused) {
          const answer = await importState(server, admin, project, state);
          expect(answer.status, answer.text).toBe(400);
          expect(answer.body.message).toMatch(refused.reason);
          if (refused.named) for (const name of refused.toggles) expect(answer.body.message).toContain(name);
          state.features = state.features.filter((f) => !refused.toggles.includes(f.name));
        }
        // Toggles refused beyond those: left out so the file's other cases still run, and their cases failed.
        const notLoaded = new Map<string, string>();
        let imported = await importState(server, admin, project, state);
        while (imported.status === 400) {
          const named = [...String(imported.body.message).matchAll(/\(toggle ([^)]+)\)/g)].map((m) => m[1]);
          const fresh = named.filter((name) => !notLoaded.has(name));
          if (fresh.length === 0) break;
          const items: string[] = imported.body.details.flatMap(
            (d: { affectedItems?: string[] }) => d.affectedItems ?? [],
          );
          for (const name of fresh)
            notLoaded.set(
              name,
              items.find((item) => item.endsWith(`(toggle ${name})`))!,
            );
          state.features = state.features.filter((f) => !notLoaded.has(f.name));
          imported = await importState(server, admin, project, state);
        }
        expect(imported.status, imported.text).toBe(200);

        // What the import stored comes back out of the export.
        const exported = await server.call('POST', 'api/admin/features-batch/export', {
          cookie: admin,
          body: { project, environment: ENVIRONMENT },
        });
        expect(exported.status, exported.text).toBe(200);
        expect(exported.body.features.map((f: { name: string }) => f.name).sort()).toEqual(
          state.features.map((f) => f.name).sort(),
        );

        const token = await server.call('POST', 'api/admin/api-tokens', {
          cookie: admin,
          body: { username: 'client-specification', type: 'client', project, environment: ENVIRONMENT },
        });
        expect(token.status, token.text).toBe(201);
        const unleash = await startSdk(server, token.body.secret, isDelta(spec.state));
        const failures: string[] = [];
        let passed = 0;
        try {
          for (const t of spec.tests ?? []) {
            const answer = unleash.isEnabled(t.toggleName, t.context);
            if (notLoaded.has(t.toggleName))
              failures.push(`${t.description}: refused (${notLoaded.get(t.toggleName)})`);
            else if (answer === t.expectedResult) passed += 1;
            else failures.push(`${t.description}: isEnabled(${t.toggleName}) was ${answer}`);
          }
          for (const t of spec.variantTests ?? []) {
            const answer = unleash.getVariant(t.toggleName, t.context) as unknown as Record<string, unknown>;
            const actual = variantAnswer(answer, t.expectedResult);
            if (notLoaded.has(t.toggleName))
              failures.push(`${t.description}: refused (${notLoaded.get(t.toggleName)})`);
            else if (isDeepStrictEqual(actual, t.expectedResult)) passed += 1;
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
      }
    });
  });
});
