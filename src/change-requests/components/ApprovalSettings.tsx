import { Badge, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { PermissionSwitch, usePermission } from '../../auth/PermissionControls';
import { useOnline } from '../../shared/api/connectivity';
import { showToast } from '../../shared/messages/toast';
import { useChangeRequestConfig } from '../api/queries';
import { useConfigureChangeRequests } from '../api/use-configure-change-requests';
import { approvalsSaved, CONFIG_FAILED } from '../messages';
import '../change-requests.css';

const APPROVALS = Array.from({ length: 10 }, (_, i) => String(i + 1));

/**
 * Per environment of the project: whether its changes go through change requests, and how many approvals (1-10,
 * each by someone other than the author) a request needs. Changed by the project's Owners and Admins, online only.
 */
export function ApprovalSettings({ projectId }: { projectId: string }) {
  const configs = useChangeRequestConfig(projectId);
  const configure = useConfigureChangeRequests(projectId);
  const online = useOnline();
  const allowed = usePermission('PROJECT_CHANGE_REQUEST_WRITE', projectId);

  const save = (environment: string, changeRequestsEnabled: boolean, requiredApprovals: number) =>
    configure.mutate(
      { environment, changeRequestsEnabled, requiredApprovals },
      {
        onSuccess: (saved) => showToast(approvalsSaved(saved), 'success'),
        onError: (error) => showToast(error.message || CONFIG_FAILED, 'error'),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="approvals-title">
      <Title order={2} size="h4" id="approvals-title">
        Change requests
      </Title>
      <Text>
        In an environment that requires change requests, a change to a toggle is requested first and made once other
        people have approved it.
      </Text>
      {!configs.data ? (
        configs.isError ? (
          <Text c="red.8" role="alert">
            {CONFIG_FAILED}
          </Text>
        ) : (
          <Loader aria-label="Loading change request settings" />
        )
      ) : (
        <Paper withBorder radius="md" component="ul" p={0} m={0} className="sy-cr-settings">
          {configs.data.map((config) => (
            <Stack key={config.environment} component="li" gap={0} px="md" py="xs">
              <Group gap="xs" style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {config.environment}
                </Text>
                <Badge variant="outline" color="gray">
                  {config.type}
                </Badge>
              </Group>
              <Group gap="md" wrap="wrap" align="flex-end">
                <PermissionSwitch
                  permission="PROJECT_CHANGE_REQUEST_WRITE"
                  project={projectId}
                  size="md"
                  className="sy-cr-switch"
                  label="Require change requests"
                  aria-label={`Require change requests in ${config.environment}`}
                  checked={config.changeRequestsEnabled}
                  disabled={!online || configure.isPending}
                  onChange={(on) => save(config.environment, on, config.requiredApprovals)}
                />
                {config.changeRequestsEnabled && (
                  <NativeSelect
                    label="Approvals needed"
                    aria-label={`Approvals needed in ${config.environment}`}
                    data={APPROVALS}
                    value={String(config.requiredApprovals)}
                    disabled={!allowed || !online || configure.isPending}
                    onChange={(event) => save(config.environment, true, Number(event.currentTarget.value))}
                    className="sy-cr-approvals"
                  />
                )}
              </Group>
            </Stack>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
