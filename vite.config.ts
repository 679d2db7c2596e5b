import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The console is built with a relative base so the server can serve it under any BASE_URI_PATH:
// index.html carries the placeholder ::baseUriPath:: which the server replaces when it serves the page.
const serverUrl = process.env.SWITCHYARD_DEV_SERVER ?? 'http://localhost:4242';

export default defineConfig({
  base: './',
  plugins: [
    react(),
    {
      name: 'switchyard-dev-base-path',
      apply: 'serve',
      transformIndexHtml: (html) => html.replaceAll('::baseUriPath::', ''),
    },
  ],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    proxy: Object.fromEntries(['/api', '/auth', '/logout', '/health'].map((p) => [p, serverUrl])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
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
          globalSetup: ['server/test-support/postgres-cluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
