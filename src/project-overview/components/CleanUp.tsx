import { Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_UNSEEN_DAYS } from '../../../contract/projects';
import { PermissionButton } from '../../auth/PermissionControls';
import { useArchiveFeature } from '../../feature-toggles/api/use-archive-feature';
import { useSetStale } from '../../feature-toggles/api/use-set-stale';
import { usePendingChanges } from '../../offline/context';
import { isActive } from '../../offline/pending';
import { useProjectStatus } from '../../projects/api/queries';
import { statusOf } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { UNSEEN_DAYS_OPTIONS } from '../rules';
import { ToggleLink } from './ToggleLink';

type Action = 'stale' | 'archive';

interface RowProps {
  projectId: string;
  name: string;
  action: Action;
  /** Marked stale already, or waiting to be sent. */
  markedStale: boolean;
  onArchive(name: string): void;
}

/** One toggle to clean up: its link and its one-tap action (mark stale, queued; archive, asked first). */
function CleanUpRow({ projectId, name, action, markedStale, onArchive }: RowProps) {
  const setStale = useSetStale();
  return (
    <Group component="li" justify="space-between" px="md" py={4} wrap="wrap" gap="xs">
      <ToggleLink projectId={projectId} name={name} />
      {action === 'archive' ? (
        <PermissionButton
          permission="DELETE_FEATURE"
          project={projectId}
          onlineOnly
          variant="light"
          color="red"
          aria-label={`Archive: ${name}`}
          onClick={() => onArchive(name)}
        >
          Archive
        </PermissionButton>
      ) : markedStale ? (
        <Text size="sm" c="dimmed">
          Marked stale
        </Text>
      ) : (
        <PermissionButton
          permission="UPDATE_FEATURE"
          project={projectId}
          variant="light"
          aria-label={`Mark stale: ${name}`}
          onClick={() => setStale.mutate({ name, stale: true })}
        >
          Mark stale
        </PermissionButton>
      )}
    </Group>
  );
}

interface Figure {
  title: string;
  hint: string;
  /** The list's name for assistive technology. */
  label: string;
  features: string[];
  actionOf(name: string): Action;
}

/**
 * Clean-up (GET api/admin/projects/{p}/status): the toggles past their type's expected lifetime, those completed but
 * not archived, and per environment those no SDK reported for the days chosen; each with its count and a one-tap
 * action: mark stale (queued, so also offline), or archive (after a confirmation, online). A toggle unseen but
 * already stale is offered for the archive. Not shown by a server without the status call (Unleash 4 answers 404).
 */
export function CleanUp({ projectId, isStale }: { projectId: string; isStale(name: string): boolean }) {
  const [unseenDays, setUnseenDays] = useState(DEFAULT_UNSEEN_DAYS);
  const status = useProjectStatus(projectId, unseenDays);
  const archive = useArchiveFeature();
  const [archiving, setArchiving] = useState<string>();
  const pendingStale = new Set(
    usePendingChanges()
      .filter((entry) => isActive(entry) && entry.change.kind === 'stale')
      .map((entry) => entry.feature),
  );
  const markedStale = (name: string) => isStale(name) || pendingStale.has(name);

  const closeArchive = () => {
    setArchiving(undefined);
    archive.reset();
  };

  if (statusOf(status.error) === 404) return null;
  let figures: Figure[] = [];
  if (status.data) {
    const { potentiallyStale, completed, unseen } = status.data;
    figures = [
      {
        title: `Potentially stale (${potentiallyStale.count})`,
        hint: "Past their type's expected lifetime, not marked stale.",
        label: 'Potentially stale toggles',
        features: potentiallyStale.features,
        actionOf: () => 'stale',
      },
      {
        title: `Completed, not archived (${completed.count})`,
        hint: 'Marked completed on their page: ready for the archive.',
        label: 'Completed toggles',
        features: completed.features,
        actionOf: () => 'archive',
      },
      ...unseen.map(({ environment, count, features }) => ({
        title: `Unseen in ${environment} (${count})`,
        hint: `No SDK reported them in ${environment} for ${unseenDays} days.`,
        label: `Toggles unseen in ${environment}`,
        features,
        actionOf: (name: string): Action => (isStale(name) ? 'archive' : 'stale'),
      })),
    ];
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="health-clean-up">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4" id="health-clean-up">
          Clean-up
        </Title>
        <NativeSelect
          label="Unseen by SDKs for"
          size="md"
          w={{ base: '100%', xs: 200 }}
          data={UNSEEN_DAYS_OPTIONS.map((days) => ({ value: String(days), label: `${days} days` }))}
          value={String(unseenDays)}
          onChange={(event) => setUnseenDays(Number(event.currentTarget.value))}
        />
      </Group>
      {status.isError && !status.data && (
        <Text c="red.8" role="alert">
          {status.error.message}
        </Text>
      )}
      {status.isPending && (
        <Text size="sm" c="dimmed">
          Loading the toggles to clean up…
        </Text>
      )}
      {figures.map((figure) => (
        <Stack key={figure.label} gap={4}>
          <Title order={3} size="h5">
            {figure.title}
          </Title>
          <Text size="sm" c="dimmed">
            {figure.hint}
          </Text>
          {figure.features.length > 0 && (
            <Paper
              withBorder
              radius="md"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={figure.label}
            >
              {figure.features.map((name) => (
                <CleanUpRow
                  key={name}
                  projectId={projectId}
                  name={name}
                  action={figure.actionOf(name)}
                  markedStale={markedStale(name)}
                  onArchive={setArchiving}
                />
              ))}
            </Paper>
          )}
        </Stack>
      ))}
      {archiving && (
        <ConfirmDialog
          title="Archive feature toggle"
          confirmLabel="Archive toggle"
          danger
          loading={archive.isPending}
          error={archive.error?.message}
          onClose={closeArchive}
          onConfirm={() => archive.mutate(archiving, { onSuccess: closeArchive })}
        >
          Are you sure you want to archive {archiving}? SDKs no longer get it; it can be revived from the archive.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
