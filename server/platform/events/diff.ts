/** One difference between two JSON values, in the format of the deep-diff package (Unleash's event `diffs`). */
export type Diff =
  | { kind: 'N'; path: Array<string | number>; rhs: unknown }
  | { kind: 'D'; path: Array<string | number>; lhs: unknown }
  | { kind: 'E'; path: Array<string | number>; lhs: unknown; rhs: unknown }
  | { kind: 'A'; path: Array<string | number>; index: number; item: Diff };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The differences from lhs (before) to rhs (after). */
export function diff(lhs: unknown, rhs: unknown, path: Array<string | number> = []): Diff[] {
  if (Array.isArray(lhs) && Array.isArray(rhs)) {
    const out: Diff[] = [];
    const common = Math.min(lhs.length, rhs.length);
    for (let i = 0; i < common; i += 1) out.push(...diff(lhs[i], rhs[i], [...path, i]));
    for (let i = common; i < rhs.length; i += 1) out.push({ kind: 'A', path, index: i, item: { kind: 'N', path: [], rhs: rhs[i] } });
    for (let i = common; i < lhs.length; i += 1) out.push({ kind: 'A', path, index: i, item: { kind: 'D', path: [], lhs: lhs[i] } });
    return out;
  }
  if (isObject(lhs) && isObject(rhs)) {
    const out: Diff[] = [];
    for (const key of Object.keys(lhs)) {
      if (!(key in rhs)) out.push({ kind: 'D', path: [...path, key], lhs: lhs[key] });
      else out.push(...diff(lhs[key], rhs[key], [...path, key]));
    }
    for (const key of Object.keys(rhs)) if (!(key in lhs)) out.push({ kind: 'N', path: [...path, key], rhs: rhs[key] });
    return out;
  }
  if (lhs === rhs) return [];
  return [{ kind: 'E', path, lhs, rhs }];
}
