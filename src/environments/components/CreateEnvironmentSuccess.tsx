import '@mantine/core/styles/ThemeIcon.css';
import { Badge, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Environment } from '../api/queries';

/** After creation: what was created, the next steps, and 'Got it!' back to /environments. */
export function CreateEnvironmentSuccess({ environment, onDone }: { environment: Environment; onDone(): void }) {
  return (
    <Stack gap="md" aria-labelledby="environment-created">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" radius="xl" size={40} aria-hidden>
          <IconCheck size={24} />
        </ThemeIcon>
        <Title order={1} size="h2" id="environment-created">
          Environment created
        </Title>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {environment.name}
        </Text>
        <Badge variant="light" radius="sm">
          {environment.type}
        </Badge>
      </Group>
      <Title order={2} size="h4">
        Next steps
      </Title>
      <List type="ordered" spacing="sm">
        <List.Item>
          <Text fw={600}>Turn it on in your projects</Text>
          <Text size="sm">
            A new environment is on in no project yet. Turn it on in a project&apos;s Environments tab; every feature
            toggle of the project then has it, off until you turn it on.
          </Text>
        </List.Item>
        <List.Item>
          <Text fw={600}>Add environment specific activation strategies</Text>
          <Text size="sm">
            You can then choose this environment when you add activation strategies to a feature toggle.
          </Text>
        </List.Item>
        <List.Item>
          <Text fw={600}>Give your SDKs an API key for it</Text>
          <Text size="sm">
            An SDK whose API key is scoped to this environment receives only this environment&apos;s configuration.
          </Text>
        </List.Item>
      </List>
      <Group>
        <Button onClick={onDone} data-autofocus>
          Got it!
        </Button>
      </Group>
    </Stack>
  );
}
