import { ORIGINS_LIMIT, originProblem } from '../../contract/frontend-api';
import { BadRequestError } from '../shared/api/errors';

/** A line of the origins field that holds an origin: its text, trimmed, and where it is (from 1). */
export interface OriginLine {
  origin: string;
  line: number;
}

export const TOO_MANY_ORIGINS = `Enter at most ${ORIGINS_LIMIT} origins.`;
/** How long an origin may be where a message quotes it. */
const QUOTED_MAX = 60;

/** The field's text: one origin a line. */
export const originsText = (origins: readonly string[]) => origins.join('\n');

/** The lines of the field that hold an origin, trimmed: blank lines are left out, as the server leaves them out. */
export const originLines = (text: string): OriginLine[] =>
  text
    .split('\n')
    .map((origin, index) => ({ origin: origin.trim(), line: index + 1 }))
    .filter(({ origin }) => origin !== '');

/** A problem of one line, saying which: 'Line 2, "https://example.com/": <problem>'. */
export function lineProblem({ origin, line }: OriginLine, problem: string): string {
  const quoted = origin.length > QUOTED_MAX ? `${origin.slice(0, QUOTED_MAX - 1)}…` : origin;
  return `Line ${line}, "${quoted}": ${problem}`;
}

/** The first problem of the lines by the server's rule (contract's originProblem), before anything is sent. */
export function originsProblem(lines: OriginLine[]): string | undefined {
  if (lines.length > ORIGINS_LIMIT) return TOO_MANY_ORIGINS;
  for (const line of lines) {
    const problem = originProblem(line.origin);
    if (problem) return lineProblem(line, problem);
  }
  return undefined;
}

/**
 * The field's message for the server's 400 of the `sent` lines: its message, on the line its details name
 * (`['frontendApiOrigins', index]`); undefined for any other failure, which is the form's.
 */
export function refusalProblem(error: unknown, sent: OriginLine[]): string | undefined {
  if (!(error instanceof BadRequestError) || error.status !== 400) return undefined;
  const details = (error.body as { details?: { path?: unknown[] }[] } | undefined)?.details;
  const index = details?.[0]?.path?.[1];
  const line = index === undefined || index === '' ? undefined : sent[Number(index)];
  return line ? lineProblem(line, error.message) : error.message;
}
