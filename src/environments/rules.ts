/** The environment screens' rules. */
import { ENVIRONMENT_LIMIT, environmentLimitReached, SUPPORTED_ENVIRONMENTS } from '../../contract/environments';

export const NAME_EMPTY = 'Environment Id can not be empty.';
export const NAME_EXISTS = 'Name already exists';

/** PUT api/admin/environments/sort-order's body: each name mapped to its position, from 1. */
export function sortOrderBody(names: string[]): Record<string, number> {
  return Object.fromEntries(names.map((name, index) => [name, index + 1]));
}

/** A refused name check or creation: a server message containing 'Environment' means the name is taken. */
export function nameErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('Environment') ? NAME_EXISTS : message;
}

/** Disabling or deleting: the primary button is enabled only when the typed name equals the environment's name. */
export const confirmedName = (typed: string, name: string) => typed === name;

/**
 * Where creation stands against the limit: blocked at ENVIRONMENT_LIMIT or more; from SUPPORTED_ENVIRONMENTS on,
 * allowed with a warning naming how many more can be created.
 */
export function limitState(count: number): { blocked: boolean; warn: boolean; left: number } {
  return {
    blocked: environmentLimitReached(count),
    warn: count >= SUPPORTED_ENVIRONMENTS,
    left: Math.max(0, ENVIRONMENT_LIMIT - count),
  };
}
