import type { AuditEvent, DeepDiff } from './api/queries';

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface ChangeLine {
  kind: ChangeKind;
  path: string;
  before?: unknown;
  after?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

/** Leaves of a JSON value by path ('strategies[0].parameters.rollout'); empty objects and arrays are leaves. */
function flatten(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value) && value.length > 0) value.forEach((item, i) => flatten(item, join(path, i), out));
  else if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value)) flatten(item, join(path, key), out);
  } else if (path) out.set(path, value);
  return out;
}

/** The lines that differ between the state before (preData) and after (data). */
export function diffValues(before: unknown, after: unknown): ChangeLine[] {
  const a = flatten(before);
  const b = flatten(after);
  const lines: ChangeLine[] = [];
  // An empty object or array that gained (or lost) entries is not a line of its own.
  const hasChildren = (map: Map<string, unknown>, path: string) =>
    [...map.keys()].some((key) => key.startsWith(`${path}.`) || key.startsWith(`${path}[`));
  for (const [path, value] of b) {
    if (!a.has(path)) {
      if (!hasChildren(a, path)) lines.push({ kind: 'added', path, after: value });
    } else if (JSON.stringify(a.get(path)) !== JSON.stringify(value))
      lines.push({ kind: 'changed', path, before: a.get(path), after: value });
  }
  for (const [path, value] of a)
    if (!b.has(path) && !hasChildren(b, path)) lines.push({ kind: 'removed', path, before: value });
  return lines;
}

function fromDeepDiff(diff: DeepDiff, prefix = ''): ChangeLine[] {
  const path = (diff.path ?? []).reduce<string>((p, key) => join(p, key), prefix);
  switch (diff.kind) {
    case 'N':
      return [{ kind: 'added', path, after: diff.rhs }];
    case 'D':
      return [{ kind: 'removed', path, before: diff.lhs }];
    case 'E':
      return [{ kind: 'changed', path, before: diff.lhs, after: diff.rhs }];
    case 'A':
      return diff.item ? fromDeepDiff({ ...diff.item, path: [] }, join(path, diff.index ?? 0)) : [];
  }
}

/** What an event changed: data against preData; else the server's deep-diff list; else everything in data, added. */
export function eventChanges(event: AuditEvent): ChangeLine[] {
  if (event.preData !== undefined && event.preData !== null) return diffValues(event.preData, event.data);
  if (event.diffs && event.diffs.length > 0) return event.diffs.flatMap((d) => fromDeepDiff(d));
  return event.data === undefined || event.data === null ? [] : diffValues(undefined, event.data);
}

export function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'undefined' : JSON.stringify(value);
}
