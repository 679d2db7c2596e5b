import { nameExists, notFound, validationError } from '../platform/http/errors.ts';

export const DEFAULT_PROJECT = 'default';

export const projectNotFound = () => notFound('No project found');
export const projectIdTaken = () => nameExists('A project with this id already exists.');
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A project's name, trimmed; it must not be empty. */
export function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError('name', '"name" is not allowed to be empty', name, 'string.empty');
  return trimmed;
}

/** The id of a project cannot change: a body's id must be the project of the path. */
export function checkIdOfPath(id: string | undefined, path: string) {
  if (id !== undefined && id !== path) {
    throw validationError('id', `"id" must be ${path}: a project id can not be changed`, id);
  }
}
