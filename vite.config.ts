import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console is built with a relative base so the server can serve it under any BASE_URI_PATH:
// index.html carries the placeholder ::baseUriPath:: which the server replaces when it serves the page.
const serverUrl = process.env.SWITCHYARD_DEV_SERVER ?? 'http://localhost:4242';

/** The web app manifest lives at the top level of the repository; the build puts it beside index.html. */
function webManifest(): Plugin {
  const file = resolve(import.meta.dirname, 'manifest.webmanifest');
  return {
    name: 'switchyard-web-manifest',
    apply: 'build',
    buildStart() {
      this.addWatchFile(file);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

/**
 * Writes a .br (quality 11, in parallel on libuv's threads) and a .gz beside each text file of the build, for the
 * server's @fastify/static `preCompressed`. After the service worker is generated (its precache list only names
 * .js/.css/.html/...); index.html is left out: the server fills in its base path first. Files under 1 KB, or that
 * do not shrink, are served as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'switchyard-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = readdirSync(outDir, { recursive: true })
          .map(String)
          .filter((file) => /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/.test(file) && file !== 'index.html')
          .map((file) => join(outDir, file))
          .filter((path) => statSync(path).isFile());
        const write = async (path: string, source: Buffer, compressed: Promise<Buffer>) => {
          const bytes = await compressed;
          if (bytes.length < source.length) await writeFile(path, bytes);
        };
        await Promise.all(
          files.flatMap((path) => {
            const source = readFileSync(path);
            if (source.length < 1024) return [];
            const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length };
            return [
              write(`${path}.br`, source, promisify(brotliCompress)(source, { params })),
              write(`${path}.gz`, source, promisify(gzip)(source, { level: 9 })),
            ];
          }),
        );
      },
    },
  };
}

/**
 * Serves two of @mantine/hooks' hooks from src/shared/ui/, in the build and the tests (`npm run dev` pre-bundles
 * Mantine without plugins and keeps Mantine's). The console is rendered in the browser only, so both can read what
 * they need in the first render, where Mantine's read it in an effect and draw again:
 * - useId (mantine-use-id.ts): Mantine's swaps React's id for a random one in a layout effect, so each input that
 *   mounts is drawn again at once, and React first runs the rest of that commit's effects in the same task. On
 *   /features that made the first screen's commit, its effects and a second render one task of 35 ms on a quiet
 *   machine (four times that on a phone).
 * - useReducedMotion (mantine-reduced-motion.ts): for someone who asks for less motion, Mantine's made every Collapse
 *   and Transition mount its content a second time a moment after the first (see there).
 */
function mantineHooks(): Plugin {
  const replacements: Record<string, string> = {
    'use-id/use-id.mjs': 'src/shared/ui/mantine-use-id.ts',
    'use-reduced-motion/use-reduced-motion.mjs': 'src/shared/ui/mantine-reduced-motion.ts',
  };
  return {
    name: 'switchyard-mantine-hooks',
    enforce: 'pre',
    resolveId: (source, importer) => {
      if (!importer?.includes('@mantine/hooks')) return undefined;
      const hook = Object.keys(replacements).find((path) => source.endsWith(`/${path}`));
      return hook && resolve(import.meta.dirname, replacements[hook]);
    },
  };
}

/**
 * index.html preloads the first screens' chunks (codeSplitting's groups below), so they download beside the entry.
 * Without it they were asked for only once the entry had run and the router had matched the route (on a phone, a
 * round trip and the entry's whole evaluation later), and Vite's loader then added a preload link per dependency in
 * the task that starts the route's load. At low priority: the stylesheet and the entry, which the first paint and
 * everything after it wait for, come first.
 */
function preloadFirstScreen(chunks: string[]): Plugin {
  return {
    name: 'switchyard-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const files = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk' && chunks.includes(file.name));
        if (files.length !== chunks.length)
          throw new Error(`index.html: not every chunk of ${chunks.join(', ')} was built`);
        return files.map((file) => ({
          tag: 'link',
          injectTo: 'head' as const,
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `./${file.fileName}` },
        }));
      },
    },
  };
}

/** The first screens' pages, each in one chunk with its dependencies (codeSplitting below), preloaded by index.html. */
const FIRST_SCREEN_CHUNKS = [
  { name: 'login', test: /[\\/]src[\\/]auth[\\/]LoginPage\.tsx$/, priority: 3 },
  { name: 'layout', test: /[\\/]src[\\/]app[\\/]MainLayout\.tsx$/, priority: 2 },
  {
    name: 'feature-list',
    test: /[\\/]src[\\/]feature-toggles[\\/]components[\\/]list[\\/]FeatureListPage\.tsx$/,
    priority: 1,
  },
];

/**
 * The server's suite on one database. Many tests start a server of their own (another configuration), so a test may
 * wait as long as a hook: on a busy 2-core machine a start takes many times its usual second.
 */
const serverTests = (db: 'pglite' | 'postgres', globalSetup: string[] = []) => ({
  test: {
    name: `server-${db}`,
    environment: 'node' as const,
    include: ['server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/specification/**/*.test.ts'],
    env: { TEST_DB: db },
    globalSetup,
    // One module graph per worker, not per file: every file imports the whole app, and importing it afresh per file
    // was 40% of the suite's CPU time. Each file makes its own servers and databases; the app keeps no state in its
    // modules that one file could leave to the next.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  base: './',
  resolve: {
    alias: {
      // One query-core in the bundle: the persister packages pin an older copy than react-query's.
      '@tanstack/query-core': resolve(
        import.meta.dirname,
        'node_modules/@tanstack/react-query/node_modules/@tanstack/query-core/build/modern/index.js',
      ),
      // The ES2018+ builds (the packages' "module" entries are ES5 and larger).
      dexie: resolve(import.meta.dirname, 'node_modules/dexie/dist/modern/dexie.mjs'),
      'workbox-window': resolve(import.meta.dirname, 'node_modules/workbox-window/build/workbox-window.prod.mjs'),
    },
  },
  plugins: [
    mantineHooks(),
    react(),
    {
      name: 'switchyard-dev-base-path',
      apply: 'serve',
      transformIndexHtml: (html) => html.replaceAll('::baseUriPath::', ''),
    },
    webManifest(),
    preloadFirstScreen(FIRST_SCREEN_CHUNKS.map((chunk) => chunk.name)),
    // The service worker: the shell is precached (navigations fall back to index.html, which the server has
    // already filled with the base path), the UI config is cached at run time; every URL is relative to the
    // worker, so it works under any base path. The console registers it and asks before updating. Web Push's
    // handlers are a script of their own (public/push-sw.js) that the generated worker imports.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        importScripts: ['push-sw.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/\/api\//, /\/auth\//, /\/health$/, /\/docs(\/|$)/],
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.endsWith('/api/admin/ui-config'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'switchyard-ui-config',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // A cached answer is marked (FROM_CACHE_HEADER of src/shared/api/connectivity.ts: this function is
                  // copied into the worker, it cannot import), so the console does not take it for a reachable server.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const headers = new Headers(cachedResponse.headers);
                    headers.set('X-Switchyard-From-Cache', '1');
                    return new Response(cachedResponse.body, {
                      status: cachedResponse.status,
                      statusText: cachedResponse.statusText,
                      headers,
                    });
                  },
                },
              ],
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The entry (React, Mantine's core, the router with every route and its queries) is about 470 kB, 150 kB gzipped.
    chunkSizeWarningLimit: 480,
    rolldownOptions: {
      output: {
        // A first visit fetches few files: every module the entry imports is one chunk (it was 22 small ones, each a
        // round trip ahead of the stylesheet on a phone's connection), and the first screens' pages come with their
        // own dependencies in one chunk each: /login's (the form's Mantine inputs and buttons, which the pages after
        // it share), the main layout's and the toggle list's. Other pages keep the automatic split.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], priority: 4 }, ...FIRST_SCREEN_CHUNKS],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(['/api', '/auth', '/health', '/docs'].map((p) => [p, serverUrl])),
      // {base}/logout is a console page (GET) that signs out by a POST to the server.
      '/logout': { target: serverUrl, bypass: (request) => (request.method === 'GET' ? request.url : undefined) },
    },
  },
  test: {
    // Vitest's default on 2 cores is one worker; the server tests spend much of their time waiting on PostgreSQL,
    // argon2's threads, servers they start and timers, so three keep both cores busy.
    maxWorkers: 3,
    projects: [
      { test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          // Mantine through Vite's plugins, as the build has it (mantineHooks).
          server: { deps: { inline: ['@mantine/core', '@mantine/hooks'] } },
          // A component test renders, clicks and types: on a busy 2-core machine that can take seconds.
          testTimeout: 30_000,
          // One jsdom and one module graph per worker, not per file: a fresh jsdom and fresh imports per file were
          // most of this project's time (227 s against 41 s on a quiet machine). The offline engine is an object each
          // test makes (a new page is a new engine on the same IndexedDB); each test leaves the shared stores (toasts,
          // connectivity...) as a fresh page has them (src/test-setup.ts).
          isolate: false,
        },
      },
      serverTests('pglite'),
      serverTests('postgres', ['server/test-support/postgres-cluster.ts']),
    ],
  },
});
