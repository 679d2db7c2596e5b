import type { Db } from '../../platform/db/client.ts';
import { groupBy } from '../views.ts';
import { childrenOf, parentsOf } from './store.ts';
import type { Family } from './views.ts';

/** The parents and children of the toggles, by toggle (children that are archived included). */
export async function familiesOf(db: Db, names: string[]): Promise<(name: string) => Family> {
  // One after another: inside a transaction this is one connection.
  const parents = groupBy(await parentsOf(db, names), (d) => d.child);
  const children = groupBy(await childrenOf(db, names), (d) => d.parent);
  return (name) => ({ parents: parents.get(name) ?? [], children: children.get(name) ?? [] });
}
