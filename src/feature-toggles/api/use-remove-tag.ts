import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToggleMirror } from '../offline/context';
import { api } from '../../shared/api/client';
import type { Tag } from '../../../contract/tags';
import { classicPath } from '../paths';
import { featureKeys } from './queries';

const enc = encodeURIComponent;

/** Removes a tag from a toggle (online); the answer's version goes to the offline mirror. */
export function useRemoveTag() {
  const queryClient = useQueryClient();
  const { noteVersion } = useToggleMirror();
  return useMutation({
    mutationFn: async ({ name, tag }: { name: string; tag: Tag }) => {
      const answer = await api.send('DELETE', `${classicPath(name)}/tags/${enc(tag.type)}/${enc(tag.value)}`);
      noteVersion(name, answer.etag);
    },
    onSettled: (_d, _e, { name }) => queryClient.invalidateQueries({ queryKey: featureKeys.tags(name) }),
  });
}
