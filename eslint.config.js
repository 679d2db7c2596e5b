import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The domain folders of one side: every folder but the floors below and above them. */
const domainsOf = (side, floors) =>
  readdirSync(side, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !floors.includes(entry.name))
    .map((entry) => entry.name);

// test-support/ stands above app.ts: it starts whole servers for the tests.
const serverDomains = domainsOf('server', ['platform', 'test-support']);

/**
 * The console's domains, lowest floor first: each may use the ones before it, never those after it. Something two
 * domains need is generic (shared/), belongs to the lower one, or to contract/; a screen that composes several
 * domains stands above them (project-overview/) or is composed by app/routes.
 */
const consoleFloors = [
  'ui-config',
  'auth',
  'push',
  'profile',
  'onboarding',
  'feedback',
  'admin',
  'users',
  'sso',
  'invoices',
  'events',
  'addons',
  'context',
  'tags',
  'projects',
  'environments',
  'api-tokens',
  'cors',
  'strategies',
  'segments',
  'triggers',
  'change-requests',
  'feature-toggles',
  'change-request-review',
  'applications',
  'project-overview',
  'playground',
];
const unplaced = domainsOf('src', ['shared', 'offline', 'app']).filter((folder) => !consoleFloors.includes(folder));
if (unplaced.length > 0) throw new Error(`src/${unplaced.join(', src/')}: not on a floor of consoleFloors`);

/**
 * The floors, lowest first (docs/architecture.md). Server: contract -> platform -> domains (each through the other's
 * index.ts) -> app.ts -> main.ts. Console: contract -> shared -> offline engine -> domains -> app.
 */
const zones = [
  { target: 'contract', from: ['server', 'src'], message: 'contract/ is pure: it imports nothing of ours.' },
  { target: 'server', from: 'src', message: 'The server does not import the console.' },
  { target: 'src', from: 'server', message: 'The console does not import the server.' },
  {
    target: 'server/platform',
    from: serverDomains.map((domain) => `server/${domain}`),
    message: 'platform/ is the floor below every domain.',
  },
  ...serverDomains.map((domain) => ({
    target: `server/${domain}`,
    from: ['server/app.ts', 'server/main.ts'],
    message: 'Domains import deps.ts, never the composition root.',
  })),
  ...serverDomains.flatMap((domain) =>
    serverDomains
      .filter((other) => other !== domain)
      .flatMap((other) => [
        {
          target: `server/${domain}/**/!(schema).ts`,
          from: `server/${other}`,
          except: ['./index.ts'],
          message: `Another domain is read through its index.ts only (server/${other}/index.ts).`,
        },
        {
          target: `server/${domain}/schema.ts`,
          from: `server/${other}`,
          except: ['./schema.ts'],
          message: `A schema file names another domain's tables only for a foreign key (server/${other}/schema.ts).`,
        },
      ]),
  ),
  // Each table is named only inside the domain that owns it (its schema.ts; platform's own are in
  // platform/db/schema.ts): other domains read and change it through the owner's index.ts, never its tables.
  ...serverDomains.map((domain) => ({
    target: `server/${domain}/index.ts`,
    from: `server/${domain}/schema.ts`,
    message: 'index.ts hands out reads and commands, never tables: they stay inside their domain.',
  })),
  {
    target: serverDomains.map((domain) => `server/${domain}`),
    from: 'server/platform/db/schema.ts',
    message: "Platform's tables (events, the addons' outbox, settings, ...) are used through platform's functions.",
  },
  {
    target: 'src/shared',
    from: ['src/offline', 'src/app', ...consoleFloors.map((domain) => `src/${domain}`)],
    message: 'shared/ is the floor below the offline engine, the domains and the app.',
  },
  {
    target: 'src/offline',
    from: ['src/app', ...consoleFloors.map((domain) => `src/${domain}`)],
    message: 'The offline engine imports no domain: domains register with it.',
  },
  ...consoleFloors.map((domain) => ({
    target: `src/${domain}`,
    from: 'src/app',
    message: 'Domains do not import the app (router, layout, menus).',
  })),
  ...consoleFloors.slice(0, -1).map((domain, floor) => ({
    target: `src/${domain}`,
    from: consoleFloors.slice(floor + 1).map((above) => `src/${above}`),
    message: `src/${domain}/ is on a lower floor than the domain imported (eslint.config.js, consoleFloors).`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'bench/results',
      '.tmp',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
