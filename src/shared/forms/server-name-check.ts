import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { NetworkError } from '../api/errors';

const messageOf = (error: Error) => error.message;

/**
 * The name check of a form's name field (useForm's `name`): POST `path` with `{[field]: name}` resolves when the name
 * is free; otherwise the server's reason (a 409 'already exists', a 400 for a name that is not URL friendly), told
 * as `reason` says, is the field's error. Without an answer (offline) the name is left unjudged: the server checks it
 * again on save.
 */
export function useServerNameCheck(
  path: string,
  { field = 'name', reason = messageOf }: { field?: string; reason?(error: Error): string } = {},
): (name: string) => Promise<string | undefined> {
  const validate = useMutation({
    mutationFn: (name: string) => api.post(path, { [field]: name }),
    meta: { inlineErrors: true },
  });
  return (name) =>
    validate.mutateAsync(name).then(
      () => undefined,
      (error: Error) => (error instanceof NetworkError ? undefined : reason(error)),
    );
}
