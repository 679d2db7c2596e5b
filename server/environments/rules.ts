import { environmentLimitMessage, environmentLimitReached } from '../../contract/environments.ts';
import { assertUrlFriendly, exceedsLimit, validationError } from '../platform/http/errors.ts';

/**
 * The rule for ids that appear in paths and in API token scopes (project ids, environment names): URL friendly, 1..100
 * characters, no '.' (token secrets are `<project>:<environment>.<hex>`, and '.' / '..' are path steps), and not the
 * wildcard '*' (all projects / all environments).
 */
export function assertPathId(field: string, value: string): void {
  if (value === '') throw validationError(field, `"${field}" is not allowed to be empty`, value, 'string.empty');
  assertUrlFriendly(field, value, 100);
  if (value.includes('.')) {
    throw validationError(field, `"${field}" can not contain "." (API token secrets use it as a separator)`, value);
  }
  if (value === '*') throw validationError(field, `"${field}" can not be *: it stands for all of them`, value);
}

/** Creation is refused (400 ExceedsLimitError) while the limit's number of environments or more exist. */
export function assertBelowEnvironmentLimit(count: number): void {
  if (environmentLimitReached(count)) throw exceedsLimit(environmentLimitMessage(count));
}
