import { ApiError, ServiceError, UNEXPECTED_MESSAGE } from '../../shared/api/errors';
import { useServerNameCheck } from '../../shared/forms/server-name-check';

/** Toggle-name messages. */
export const NAME_EMPTY = 'Name is not allowed to be empty';
export const COULD_NOT_CHECK = 'Could not check name';

/** The message for a failed name check: the server's message ('not allowed to be empty' tidied), else a fallback. */
export function nameCheckMessage(error: unknown): string {
  const message =
    error instanceof ApiError && !(error instanceof ServiceError) && error.message !== UNEXPECTED_MESSAGE
      ? error.message
      : undefined;
  if (!message) return COULD_NOT_CHECK;
  return message.includes('not allowed to be empty') ? NAME_EMPTY : message;
}

/** The create and copy forms' name check: POST api/admin/features/validate. */
export const useFeatureNameCheck = () =>
  useServerNameCheck('api/admin/features/validate', { reason: nameCheckMessage });
