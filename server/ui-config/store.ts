import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { settings } from '../platform/db/schema.ts';

/** This instance's id, created by the seed migration. */
export async function instanceId(db: Db): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.name, 'instanceInfo'));
  return (row?.content as { id?: string } | undefined)?.id ?? '';
}
