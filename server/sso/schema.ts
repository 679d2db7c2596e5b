import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** IDs of SAML assertions already used to sign in, kept until they expire: a replayed response is refused. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('saml_assertions_expires_idx').on(t.expiresAt)],
);
