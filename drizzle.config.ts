import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npx drizzle-kit generate`.
// They are applied at start (server/platform/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/schema.ts',
  out: './server/platform/db/migrations',
});
