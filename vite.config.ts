import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

export default defineConfig({
  base: './',
  resolve: {
    alias: {
      // One query-core in the bundle: the persister packages pin an older copy than react-query's.
      '@tanstack/query-core': resolve(import.meta.dirname, 'node_modules/@tanstack/react-query/node_modules/@tanstack/query-core/build/modern/index.js'),
      // The ES2018+ builds (the packages' "module" entries are ES5 and larger).
      dexie: resolve(import.meta.dirname, 'node_modules/dexie/dist/modern/dexie.mjs'),
      'workbox-window': resolve(import.meta.dirname, 'node_modules/workbox-window/build/workbox-window.prod.mjs'),
    },
  },
  plugins: [
    react(),
    {
      name: 'switchyard-dev-base-path',
      apply: 'serve',
      transformIndexHtml: (html) => html.replaceAll('::baseUriPath::', ''),
    },
    webManifest(),
    // The service worker: the shell is precached (navigations fall back to index.html, which the server has
    // already filled with the base path), the UI config is cached at run time; every URL is relative to the
    // worker, so it works under any base path. The console registers it and asks before updating.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/\/api\//, /\/auth\//, /\/logout$/, /\/health$/, /\/docs(\/|$)/],
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
                  // A cached answer is marked (FROM_CACHE_HEADER of src/api/connectivity.ts: this function is copied
                  // into the worker, it cannot import), so the console does not take it for a reachable server.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const headers = new Headers(cachedResponse.headers);
                    headers.set('X-Switchyard-From-Cache', '1');
                    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    proxy: Object.fromEntries(['/api', '/auth', '/logout', '/health', '/docs'].map((p) => [p, serverUrl])),
  },
  test: {
    projects: [
      { test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          // A component test renders, clicks and types: on a busy 2-core machine that can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/platform/test-support/postgres-cluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
