import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { SwitchyardDb } from './db';

const tables = { toggles: 'name' };

describe('the console database', () => {
  it('opened by a newer console, starts the mirror again and keeps the changes not yet sent', async () => {
    const name = `upgrade-${Math.random()}`;
    const before = new Dexie(name);
    before.version(1).stores({ ...tables, reference: 'key', outbox: '++seq, feature' });
    await before.table('toggles').put({ name: 'a', toggle: { name: 'a' } });
    await before.table('reference').put({ key: '["features","sync"]', value: { revision: 7, after: null } });
    await before.table('outbox').add({ feature: 'a', change: { kind: 'toggle-environment' } });
    before.close();

    const db = new SwitchyardDb(name, tables);
    expect(await db.table('toggles').count()).toBe(0);
    expect(await db.reference.count()).toBe(0);
    expect(await db.outbox.toArray()).toEqual([{ seq: 1, feature: 'a', change: { kind: 'toggle-environment' } }]);
    db.close();
  });
});
