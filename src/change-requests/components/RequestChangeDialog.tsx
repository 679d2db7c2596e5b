import { Button, Group, Stack, Text } from '@mantine/core';
import { useOnline } from '../../shared/api/connectivity';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Dialog } from '../../shared/ui/Dialog';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { useChangeRequestConfig } from '../api/queries';
import { useRequestChange, type RequestedChange } from '../api/use-request-change';
import { OPEN_CHANGE_REQUEST, REQUEST_CHANGE, REQUEST_OFFLINE, requestedText, requestText } from '../messages';

interface Props {
  /** The change, and what it does in words ('new-checkout turned off'). */
  change: RequestedChange;
  what: string;
  onClose(): void;
}

/**
 * In an environment that takes changes through requests, a switch or a strategy form asks here instead of changing:
 * 'Request change' adds the change to the person's draft; the dialog then says which request holds it, with a link.
 */
export function RequestChangeDialog({ change, what, onClose }: Props) {
  const online = useOnline();
  const request = useRequestChange();
  const approvals =
    useChangeRequestConfig(change.project).data?.find((c) => c.environment === change.environment)?.requiredApprovals ??
    1;
  const draft = request.data;

  if (draft) {
    return (
      <Dialog title="Change requested" onClose={onClose}>
        <Stack gap="md">
          <Text role="status" style={{ overflowWrap: 'anywhere' }}>
            {requestedText(draft.id, draft.environment)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
            <ButtonLink
              to="/projects/$projectId/change-requests/$id"
              params={{ projectId: draft.project, id: String(draft.id) }}
              data-autofocus
            >
              {OPEN_CHANGE_REQUEST}
            </ButtonLink>
          </Group>
        </Stack>
      </Dialog>
    );
  }
  return (
    <Dialog title={`Request a change in ${change.environment}?`} onClose={onClose}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{requestText(what, change.environment, approvals)}</Text>
        <ErrorAlert message={online ? request.error?.message : REQUEST_OFFLINE} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button loading={request.isPending} disabled={!online} onClick={() => request.mutate(change)}>
            {REQUEST_CHANGE}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
