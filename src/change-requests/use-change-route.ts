import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/user';
import { connectivity } from '../shared/api/connectivity';
import { changeRequestConfigQuery } from './api/queries';
import { changeRoute, type ChangeRoute } from './rules';

/**
 * How a change of a project's environment is to be made (see `changeRoute`), asked when the change is about to be
 * made: the project's setting as read within the last minute, else read now. Offline (or unread and unreadable) the
 * setting as last read, or none: then `direct`, and the server, which keeps the rule, refuses the change if the
 * environment needs a request. Never waits for the connection: an offline change is queued at once.
 */
export function useChangeRoute(): (project: string, environment: string) => Promise<ChangeRoute> {
  const queryClient = useQueryClient();
  const permissions = useSession().data?.permissions;
  return async (project, environment) => {
    const query = changeRequestConfigQuery(project);
    let configs = queryClient.getQueryData(query.queryKey);
    if (connectivity.isOnline()) {
      try {
        configs = await queryClient.fetchQuery({ ...query, retry: false, networkMode: 'always' });
      } catch {
        // unreadable now: as last read
      }
    }
    return changeRoute(configs, environment, permissions);
  };
}
