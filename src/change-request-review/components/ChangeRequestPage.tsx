import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ChangeRequest } from '../../../contract/change-requests';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { useSession } from '../../auth/user';
import { useChangeRequest } from '../../change-requests/api/queries';
import { useCommentChangeRequest } from '../../change-requests/api/use-comment-change-request';
import { useMoveChangeRequest } from '../../change-requests/api/use-move-change-request';
import { useQueueApproval } from '../../change-requests/api/use-queue-approval';
import { APPROVAL_HELD, APPROVAL_WAITING, APPROVE_OFFLINE, STATE_COLORS } from '../../change-requests/messages';
import { approvalsMissing, movesFor, type Move } from '../../change-requests/rules';
import { featureKeys } from '../../feature-toggles/api/queries';
import { RefreshNotice } from '../../offline/RefreshNotice';
import { useOnline } from '../../shared/api/connectivity';
import { formatDateTime } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouteLink } from '../../shared/ui/RouteLink';
import { changeWords, moveLabel } from '../rules';
import { ChangeDiff } from './ChangeDiff';
import { ScheduleDialog } from './ScheduleDialog';
import '../../change-requests/change-requests.css';

const route = getRouteApi('/main/projects/$projectId/change-requests/$id');

/** The moves a person sees as the main action: the one that takes the request forward. */
const PRIMARY: readonly Move[] = ['In review', 'Approved', 'Applied'];

/**
 * /projects/{p}/change-requests/{id}: a request with what it may do next for this person first (on a phone, Approve
 * is one tap from opening the page), the conflict that applying found, each change beside the toggle's current
 * state, and the comments.
 */
export default function ChangeRequestPage() {
  const { projectId, id } = route.useParams();
  const requestId = Number(id);
  const read = useChangeRequest(projectId, requestId);
  const session = useSession().data;
  const move = useMoveChangeRequest(projectId, requestId);
  const approval = useQueueApproval(projectId, requestId);
  const online = useOnline();
  const locale = useLocale();
  const [disregarded, setDisregarded] = useState<number>();
  const [scheduling, setScheduling] = useState(false);
  const [applyingNow, setApplyingNow] = useState(false);
  const queryClient = useQueryClient();

  const request = read.data;
  if (!request) {
    return read.isError ? (
      <Text c="red.8" role="alert">
        {read.error.message}
      </Text>
    ) : (
      <Loader aria-label="Loading the change request" />
    );
  }
  // An approval waiting in the queue is this person's: the request offers what follows it once it is sent.
  const moves = movesFor(request, { id: session?.user.id, permissions: session?.permissions }).filter(
    (state) => !approval.waiting || (state !== 'Approved' && state !== 'Rejected'),
  );
  /**
   * Offline, an approval is queued (sent once the server can be reached); every other move waits for the server.
   * Schedule asks for the time first; applying a scheduled request now asks first, as it gives up the time.
   */
  /** A move; once a request is applied, its toggles are read again (each change shows the toggle as it is now). */
  const moveTo = (state: Move, then?: () => void) =>
    move.mutate(
      { state, version: request.version },
      {
        onSuccess: (moved) => {
          if (moved.state === 'Applied') {
            for (const feature of new Set(moved.changes.map((change) => change.feature))) {
              void queryClient.invalidateQueries({ queryKey: featureKeys.project(projectId, feature) });
            }
          }
          then?.();
        },
      },
    );
  const take = (state: Move) => {
    if (state === 'Scheduled') setScheduling(true);
    else if (state === 'Applied' && request.state === 'Scheduled') setApplyingNow(true);
    else if (state === 'Approved' && !online) approval.queue.mutate();
    else moveTo(state);
  };
  const busy = move.isPending || approval.queue.isPending;
  const missing = approvalsMissing(request);
  const conflict = request.conflict;

  return (
    <Stack gap="lg" className="sy-cr-page">
      <Stack gap={4}>
        <PageHeader title={`Change request #${request.id}`}>
          <Badge color={`${STATE_COLORS[request.state]}.9`} variant="filled" size="lg">
            {request.state}
          </Badge>
        </PageHeader>
        <Text>
          {request.environment} in{' '}
          <RouteLink
            to="/projects/$projectId/$activeTab"
            params={{ projectId, activeTab: 'change-requests' }}
            className="sy-touch-link"
          >
            {projectId}
          </RouteLink>
          , by {request.createdBy.username}, {formatDateTime(request.createdAt, locale)}
        </Text>
        <Schedule request={request} />
        <Text size="sm" c="dimmed">
          {request.approvals.length} of {request.minApprovals} {request.minApprovals === 1 ? 'approval' : 'approvals'}
          {request.approvals.length > 0 && `: ${request.approvals.map((a) => a.createdBy.username).join(', ')}`}
          {request.state === 'In review' && missing > 0 && ` (${missing} more needed)`}
        </Text>
      </Stack>

      {moves.length > 0 && (
        <Stack gap="xs">
          <Group gap="sm" className="sy-cr-actions">
            {moves.map((state) => (
              <Button
                key={state}
                size="md"
                variant={PRIMARY.includes(state) ? 'filled' : 'default'}
                color={state === 'Rejected' || state === 'Cancelled' ? 'red' : undefined}
                loading={
                  (move.isPending && move.variables?.state === state) ||
                  (state === 'Approved' && approval.queue.isPending)
                }
                disabled={(!online && state !== 'Approved') || busy}
                onClick={() => take(state)}
              >
                {moveLabel(state, request)}
              </Button>
            ))}
          </Group>
          {!online && (
            <Alert color="yellow">{moves.includes('Approved') ? APPROVE_OFFLINE : OFFLINE_SAVE_MESSAGE}</Alert>
          )}
          <ErrorAlert message={move.error?.message ?? approval.queue.error?.message} />
        </Stack>
      )}
      {scheduling && <ScheduleDialog request={request} onClose={() => setScheduling(false)} />}
      {applyingNow && request.scheduledAt && (
        <ConfirmDialog
          title={`Apply change request #${request.id} now?`}
          confirmLabel={moveLabel('Applied', request)}
          loading={move.isPending}
          error={move.error?.message}
          onConfirm={() => moveTo('Applied', () => setApplyingNow(false))}
          onClose={() => setApplyingNow(false)}
        >
          It is scheduled for {formatDateTime(request.scheduledAt, locale)}. Applying it now makes its changes at once
          {request.revertAt
            ? `; they are still turned back at ${formatDateTime(request.revertAt, locale)}.`
            : ' instead.'}
        </ConfirmDialog>
      )}
      {request.scheduleFailure && (
        <Alert color="red" title="The schedule failed" role="alert">
          {formatDateTime(request.scheduleFailure.at, locale)}: {request.scheduleFailure.reason}
        </Alert>
      )}
      {approval.waiting && (
        <Alert color="yellow" role="status">
          {approval.waiting.state === 'conflict' ? APPROVAL_HELD : APPROVAL_WAITING}
        </Alert>
      )}

      {conflict && disregarded !== conflict.currentVersion && (
        <RefreshNotice
          open
          onRefresh={() => {
            void queryClient.invalidateQueries({ queryKey: featureKeys.project(projectId, conflict.feature) });
            void read.refetch();
          }}
          onDisregard={() => setDisregarded(conflict.currentVersion)}
        >
          <Text>
            "{conflict.feature}" was changed elsewhere after this change was added, so nothing was applied: the change
            was made against version {conflict.version}, the toggle is now at version {conflict.currentVersion}. Compare
            them below; to go on, cancel this request and request the change again.
          </Text>
        </RefreshNotice>
      )}

      <Stack gap="sm" component="section" aria-labelledby="cr-changes">
        <Title order={2} size="h4" id="cr-changes">
          Changes
        </Title>
        {request.changes.length === 0 ? (
          <Text c="dimmed">No changes yet.</Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} className="sy-cr-changes" aria-labelledby="cr-changes">
            {request.changes.map((change) => (
              <ChangeDiff key={change.id} project={projectId} environment={request.environment} change={change} />
            ))}
          </Stack>
        )}
      </Stack>

      {request.revert && (
        <Stack gap="sm" component="section" aria-labelledby="cr-revert">
          <Title order={2} size="h4" id="cr-revert">
            At the window's end
          </Title>
          <Stack component="ul" gap="xs" m={0} p={0} className="sy-cr-changes" aria-labelledby="cr-revert">
            {request.revert.map((change, index) => (
              <li key={index}>{changeWords(change)}</li>
            ))}
          </Stack>
        </Stack>
      )}

      <Comments projectId={projectId} requestId={requestId} comments={request.comments} />
    </Stack>
  );
}

/** When the server applies a scheduled request and turns its window back, or when it turned it back. */
function Schedule({ request }: { request: ChangeRequest }) {
  const locale = useLocale();
  const { state, scheduledAt, revertAt, revertedAt } = request;
  const pending = state === 'Scheduled' || state === 'Applied';
  const lines = [
    state === 'Scheduled' && scheduledAt && `Applies at ${formatDateTime(scheduledAt, locale)}`,
    pending && revertAt && !revertedAt && `Turns back at ${formatDateTime(revertAt, locale)}`,
    revertedAt && `Turned back at ${formatDateTime(revertedAt, locale)}`,
  ].filter((line) => typeof line === 'string');
  return lines.map((line) => (
    <Text key={line} fw={500}>
      {line}
    </Text>
  ));
}

function Comments({
  projectId,
  requestId,
  comments,
}: {
  projectId: string;
  requestId: number;
  comments: ChangeRequest['comments'];
}) {
  const locale = useLocale();
  const online = useOnline();
  const add = useCommentChangeRequest(projectId, requestId);
  const [text, setText] = useState('');
  return (
    <Stack gap="sm" component="section" aria-labelledby="cr-comments">
      <Title order={2} size="h4" id="cr-comments">
        Comments
      </Title>
      {comments.length === 0 ? (
        <Text c="dimmed">No comments yet.</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} className="sy-cr-changes" aria-labelledby="cr-comments">
          {comments.map((c) => (
            <li key={c.id}>
              <Text size="sm" c="dimmed">
                {c.createdBy}, {formatDateTime(c.createdAt, locale)}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.text}</Text>
            </li>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Comment"
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <ErrorAlert message={add.error?.message} />
          <Group>
            <Button type="submit" variant="default" loading={add.isPending} disabled={!online || !text.trim()}>
              Add comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
