import { Alert } from '@mantine/core';

/** Why an action failed, announced at once; nothing while there is no failure. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
