import { Alert, Code, Text } from '@mantine/core';
import { useUiConfig } from '../../ui-config/api/queries';

/** Where the provider sends the user back: the public URL (UNLEASH_URL) and the provider's callback path. */
export function CallbackUrl({ provider, children }: { provider: string; children: React.ReactNode }) {
  const unleashUrl = useUiConfig().data?.unleashUrl ?? '';
  return (
    <Alert color="blue" variant="light">
      <Text size="sm">{children}</Text>
      <Text size="sm" mt={4}>
        Callback URL: <Code style={{ overflowWrap: 'anywhere' }}>{`${unleashUrl}/auth/${provider}/callback`}</Code>
      </Text>
    </Alert>
  );
}
