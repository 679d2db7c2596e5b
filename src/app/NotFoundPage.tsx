import { Button, Group, Stack, Title } from '@mantine/core';
import { useNavigate, useRouter } from '@tanstack/react-router';

export default function NotFoundPage() {
  const router = useRouter();
  const navigate = useNavigate();
  return (
    <main className="sy-not-found">
      <Stack align="center" gap="lg" maw={480} ta="center">
        <img src="favicon.svg" alt="" width={72} height={72} />
        <Title order={1} size="h2">
          Ooops. That's a page we haven't toggled on yet.
        </Title>
        <Group justify="center">
          <Button variant="default" onClick={() => router.history.back()}>
            Go back
          </Button>
          <Button onClick={() => navigate({ to: '/' })}>Go home</Button>
        </Group>
      </Stack>
    </main>
  );
}
