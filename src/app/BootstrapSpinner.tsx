import { Center, Loader } from '@mantine/core';

export function BootstrapSpinner() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader size="lg" aria-label="Loading" />
    </Center>
  );
}
