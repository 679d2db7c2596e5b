import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { NetworkError } from '../../shared/api/errors';

/**
 * The name check a segment form runs as the name field is left: POST api/admin/segments/validate resolves when the
 * name is free; otherwise the server's reason (409 'Segment name already exists') is the field's error. Without an
 * answer (offline) the name is left unjudged: the server checks it again when the segment is saved.
 */
export function useSegmentNameCheck(): (name: string) => Promise<string | undefined> {
  const validate = useMutation({
    mutationFn: (name: string) => api.post('api/admin/segments/validate', { name }),
    meta: { inlineErrors: true },
  });
  return (name) =>
    validate.mutateAsync(name).then(
      () => undefined,
      (error: Error) => (error instanceof NetworkError ? undefined : error.message),
    );
}
