import { useMutation } from '@tanstack/react-query';
import { ApiError, ServiceError, UNEXPECTED_MESSAGE } from '../../shared/api/errors';
import { api } from '../../shared/api/client';

/** Toggle-name messages (part 1 section 5). */
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

/** Checks a (trimmed) name: empty gives NAME_EMPTY without a call; otherwise the server decides. */
export async function checkName(name: string, validate: (name: string) => Promise<void>): Promise<string | undefined> {
  const trimmed = name.trim();
  if (!trimmed) return NAME_EMPTY;
  try {
    await validate(trimmed);
    return undefined;
  } catch (error) {
    return nameCheckMessage(error);
  }
}

/** Server name check: POST api/admin/features/validate. */
export function validateFeatureName(name: string): Promise<void> {
  return api.post('api/admin/features/validate', { name });
}

/** The name check as a mutation, so a 401 still reaches the session rules. */
export function useNameCheck() {
  const validate = useMutation({ mutationFn: validateFeatureName, meta: { inlineErrors: true } });
  return (name: string) => checkName(name, validate.mutateAsync);
}
