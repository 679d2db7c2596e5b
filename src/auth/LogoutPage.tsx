import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOfflineEngine } from '../offline/context';
import { logOut } from './logout';

/** {base}/logout, where the Logout link leads: signs out at once, and offers a retry when that fails. */
export default function LogoutPage() {
  const offline = useOfflineEngine();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    logOut(offline).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [attempt, offline]);

  return (
    <Center h="100dvh" p="md">
      {failure ? (
        <Stack align="center" maw={420}>
          <Alert color="red" title="Could not sign out">
            {failure}
          </Alert>
          <Button
            onClick={() => {
              setFailure(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </Stack>
      ) : (
        <Loader aria-label="Signing out" />
      )}
    </Center>
  );
}
