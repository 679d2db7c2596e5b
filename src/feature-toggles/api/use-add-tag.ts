import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToggleMirror } from '../offline/context';
import { api } from '../../shared/api/client';
import type { Tag } from '../../../contract/tags';
import { classicPath } from '../paths';
import { featureKeys } from './queries';

/** Tags a toggle (online); the answer's version goes to the offline mirror. The dialog shows a refusal. */
export function useAddTag() {
  const queryClient = useQueryClient();
  const { noteVersion } = useToggleMirror();
  return useMutation({
    mutationFn: async ({ name, tag }: { name: string; tag: Tag }) => {
      const answer = await api.send<Tag>('POST', `${classicPath(name)}/tags`, tag);
      noteVersion(name, answer.etag);
      return answer.data;
    },
    meta: { inlineErrors: true },
    onSuccess: (_d, { name }) => queryClient.invalidateQueries({ queryKey: featureKeys.tags(name) }),
  });
}
