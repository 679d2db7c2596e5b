import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npx drizzle-kit generate`. Each domain keeps the tables it owns in its
// schema.ts (platform's own in server/platform/db/schema.ts). The migrations are applied at start
// (server/platform/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/**/schema.ts',
  out: './server/platform/db/migrations',
});
