import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/user';
import { changeRequestConfigQuery } from './api/queries';
import { changeRoute, type ChangeRoute } from './rules';

/**
 * How a change of a project's environment is to be made (see `changeRoute`), asked when the change is about to be
 * made: the project's setting as last read (at most a minute old), else read now. Unknown (offline, never read):
 * `direct`, and the server, which keeps the rule, refuses the change if the environment needs a request.
 */
export function useChangeRoute(): (project: string, environment: string) => Promise<ChangeRoute> {
  const queryClient = useQueryClient();
  const permissions = useSession().data?.permissions;
  return async (project, environment) => {
    try {
      const configs = await queryClient.ensureQueryData({
        ...changeRequestConfigQuery(project),
        revalidateIfStale: true,
      });
      return changeRoute(configs, environment, permissions);
    } catch {
      return 'direct';
    }
  };
}
