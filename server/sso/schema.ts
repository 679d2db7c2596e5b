import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../platform/db/columns.ts';

/** IDs of SAML assertions already used to sign in, kept until they expire: a replayed response is refused. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('saml_assertions_expires_idx').on(t.expiresAt)],
);
