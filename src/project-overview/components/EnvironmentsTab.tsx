import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LAST_ENVIRONMENT } from '../../../contract/projects';
import { PermissionSwitch } from '../../auth/PermissionControls';
import { ApprovalSettings } from '../../change-requests/components/ApprovalSettings';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { environmentsQuery } from '../../environments/api/queries';
import { useOnline } from '../../shared/api/connectivity';
import { showToast } from '../../shared/messages/toast';
import type { ProjectOverview } from '../../projects/api/queries';
import { useDisableProjectEnvironment } from '../../projects/api/use-disable-project-environment';
import { useEnableProjectEnvironment } from '../../projects/api/use-enable-project-environment';
import { ENVIRONMENT_API_ERROR, environmentSwitched } from '../messages';

/**
 * The environments tab: every environment with a switch saying whether the project uses it (UPDATE_PROJECT, online
 * only). The last one cannot be turned off ('You must always have at least one active environment per project').
 * Below them, which environments take their changes through change requests.
 */
export function EnvironmentsTab({ projectId, overview }: { projectId: string; overview: ProjectOverview | undefined }) {
  // The tab where environments are chosen shows every one there is now (one created meanwhile too).
  const environments = useQuery({ ...environmentsQuery, refetchOnMount: 'always' });
  const enable = useEnableProjectEnvironment(projectId);
  const disable = useDisableProjectEnvironment(projectId);
  const online = useOnline();

  if (!overview || !environments.data) return <Loader aria-label="Loading environments" />;
  const enabled = overview.environments;
  const busy = enable.isPending || disable.isPending;

  const onChange = (name: string, on: boolean) => {
    if (!on && enabled.length === 1 && enabled[0] === name) {
      showToast(LAST_ENVIRONMENT, 'error');
      return;
    }
    const done = {
      onSuccess: () => showToast(environmentSwitched(on), 'success'),
      onError: (error: Error) =>
        showToast(error.message === LAST_ENVIRONMENT ? LAST_ENVIRONMENT : ENVIRONMENT_API_ERROR, 'error'),
    };
    if (on) enable.mutate(name, done);
    else disable.mutate(name, done);
  };

  return (
    <Stack gap="md">
      <Text>
        Turn on the environments this project uses. Its toggles get every environment turned on here, each off and
        without strategies until configured.
      </Text>
      {!online && (
        <Alert color="yellow" variant="light">
          {OFFLINE_SAVE_MESSAGE}
        </Alert>
      )}
      <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Environments">
        {environments.data.map((env) => (
          <Group key={env.name} component="li" justify="space-between" wrap="nowrap" px="md" py={4} gap="sm">
            <Group gap="xs" style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {env.name}
              </Text>
              <Badge variant="outline" color="gray">
                {env.type}
              </Badge>
              {env.enabled === false && (
                <Badge variant="light" color="gray">
                  Disabled
                </Badge>
              )}
            </Group>
            <PermissionSwitch
              permission="UPDATE_PROJECT"
              project={projectId}
              size="md"
              className="sy-project-switch"
              aria-label={`${env.name} environment`}
              checked={enabled.includes(env.name)}
              disabled={!online || busy}
              onChange={(on) => onChange(env.name, on)}
            />
          </Group>
        ))}
      </Paper>
      <ApprovalSettings projectId={projectId} />
    </Stack>
  );
}
