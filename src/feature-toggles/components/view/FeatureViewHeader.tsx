import { Group, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { PermissionButton } from '../../../auth/PermissionControls';
import { RouteLink } from '../../../shared/ui/RouteLink';
import type { ProjectFeature } from '../../types';
import { useSetStale } from '../../api/use-set-stale';
import { PinButton } from '../common/PinButton';
import { StaleBadge } from '../common/StaleBadge';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

/** Feature names in the new view are cut to 30 characters. */
export const VIEW_NAME_MAX_LENGTH = 30;
export const shortName = (name: string) => name.slice(0, VIEW_NAME_MAX_LENGTH);

/** The dialog that flips a toggle between active and stale. */
export function StaleDialog({ feature, onClose }: { feature: ProjectFeature; onClose(): void }) {
  const setStale = useSetStale();
  const stale = !feature.stale;
  const title = stale ? 'Flip to stale' : 'Flip to active';
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={title}
      loading={setStale.isPending}
      onClose={onClose}
      // Queued: the queue says '{name} marked as Stale.' once the server has it.
      onConfirm={() => setStale.mutate({ name: feature.name, stale }, { onSuccess: onClose })}
    >
      {stale
        ? `${feature.name} will be marked as stale: it is due to be cleaned up.`
        : `${feature.name} will be marked as active again.`}
    </ConfirmDialog>
  );
}

/**
 * The new view's header: the name (cut to 30 characters), the stale/active chip and its flip dialog, the pin, and the
 * way to the classic page (the list opens this view).
 */
export function FeatureViewHeader({ feature }: { feature: ProjectFeature }) {
  const [flipping, setFlipping] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center" wrap="wrap" style={{ minWidth: 0 }}>
          <Title order={1} size="h2" title={feature.name} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {shortName(feature.name)}
          </Title>
          <StaleBadge stale={feature.stale} />
          <PinButton feature={feature} />
        </Group>
        <PermissionButton
          permission="UPDATE_FEATURE"
          project={feature.project}
          variant="default"
          onClick={() => setFlipping(true)}
        >
          {feature.stale ? 'Flip to active' : 'Flip to stale'}
        </PermissionButton>
      </Group>
      <RouteLink
        to="/projects/$projectId/features/$name/$activeTab"
        params={{ projectId: feature.project, name: feature.name, activeTab: 'strategies' }}
        className="sy-touch-link"
      >
        Classic view
      </RouteLink>
      {flipping && <StaleDialog feature={feature} onClose={() => setFlipping(false)} />}
    </Paper>
  );
}
