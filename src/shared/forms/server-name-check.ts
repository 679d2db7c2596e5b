import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { NetworkError } from '../api/errors';

/**
 * The name check a create or edit form runs as its name field is left: POST `path` with `{name}` resolves when the
 * name is free; otherwise the server's reason (a 409 'already exists', a 400 for a name that is not URL friendly) is
 * the field's error. Without an answer (offline) the name is left unjudged: the server checks it again on save.
 */
export function useServerNameCheck(path: string): (name: string) => Promise<string | undefined> {
  const validate = useMutation({
    mutationFn: (name: string) => api.post(path, { name }),
    meta: { inlineErrors: true },
  });
  return (name) =>
    validate.mutateAsync(name).then(
      () => undefined,
      (error: Error) => (error instanceof NetworkError ? undefined : error.message),
    );
}
