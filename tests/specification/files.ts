/**
 * The files of Unleash's client specification (@unleash/client-specification 6.1.0) as both harnesses read them (the
 * client API's with unleash-client, the frontend API's with unleash-proxy-client): each file's cases, its state
 * (delta events folded into their final state), and which files can share a server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { foldEvents, segmentName, type SpecEvent, type SpecState } from './convert.ts';

const require = createRequire(import.meta.url);
const SPECIFICATIONS = join(dirname(require.resolve('@unleash/client-specification/package.json')), 'specifications');

/** A file of the specification, parsed anew on each read (a test may change what it gets). */
export const readSpec = <T = SpecFile>(file: string): T =>
  JSON.parse(readFileSync(join(SPECIFICATIONS, file), 'utf8')) as T;

/** The specification's files, in its own order. */
export const SPEC_FILES = readSpec<string[]>('index.json');

/** The environment every file is loaded into and read from. */
export const SPEC_ENVIRONMENT = 'development';

export interface SpecCase<Context> {
  description: string;
  context: Context;
  toggleName: string;
}

export interface SpecFile<Context = Record<string, unknown>> {
  name: string;
  state: SpecState | { events: SpecEvent[] };
  tests?: Array<SpecCase<Context> & { expectedResult: boolean }>;
  variantTests?: Array<SpecCase<Context> & { expectedResult: Record<string, unknown> }>;
}

export const isDelta = (state: SpecFile['state']): state is { events: SpecEvent[] } => 'events' in state;

export const stateOf = (spec: Pick<SpecFile, 'state'>): SpecState =>
  isDelta(spec.state) ? foldEvents(spec.state.events) : spec.state;

/**
 * Files share a server when their toggle and segment names do not meet (names are unique per server), each in a
 * project of its own; only 09 and 11 share a toggle name, so the 22 files need two servers instead of 22.
 */
export function serverGroups(files: readonly string[]): string[][] {
  const groups: Array<{ files: string[]; names: Set<string> }> = [];
  for (const file of files) {
    const state = stateOf(readSpec(file));
    const names = [...state.features.map((f) => f.name), ...(state.segments ?? []).map(segmentName)];
    const group = groups.find((g) => names.every((n) => !g.names.has(n)));
    if (group) {
      group.files.push(file);
      names.forEach((n) => group.names.add(n));
    } else groups.push({ files: [file], names: new Set(names) });
  }
  return groups.map((g) => g.files);
}
