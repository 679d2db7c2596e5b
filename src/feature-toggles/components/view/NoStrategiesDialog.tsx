import { Button, Group, Stack, Text } from '@mantine/core';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { NO_STRATEGIES_ERROR } from './environment-toggle';
import { Dialog } from '../../../shared/ui/Dialog';

/** Enabling an environment without strategies: says so and offers to add a strategy there. */
export function NoStrategiesDialog({
  project,
  feature,
  environment,
  onClose,
}: {
  project: string;
  feature: string;
  environment: string;
  onClose(): void;
}) {
  return (
    <Dialog title={`Add a strategy to ${environment}`} onClose={onClose}>
      <Stack gap="md">
        <Text>{NO_STRATEGIES_ERROR}.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <ButtonLink
            data-autofocus
            to="/projects/$projectId/features2/$featureId/$activeTab"
            params={{ projectId: project, featureId: feature, activeTab: 'strategies' }}
            search={{ environment, addStrategy: true }}
            onClick={onClose}
          >
            Add strategy
          </ButtonLink>
        </Group>
      </Stack>
    </Dialog>
  );
}
