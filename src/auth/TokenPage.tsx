import { Alert, Center, Loader } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { InvalidTokenView } from './InvalidTokenView';
import { useResetToken } from './reset-password';
import type { ResetTokenUser } from '../../contract/users';

/**
 * The pages a link with a token opens (/new-user, /reset-password): the token is checked first; an unknown, used or
 * expired one (also one found used on submit) shows the Invalid-token view.
 */
export function TokenPage({
  token,
  children,
}: {
  token: string;
  children(user: ResetTokenUser, onInvalidToken: () => void): ReactNode;
}) {
  const checked = useResetToken(token);
  const [usedUp, setUsedUp] = useState(false);
  if (usedUp || checked.state === 'invalid') return <InvalidTokenView />;
  if (checked.state === 'checking') {
    return (
      <Center h="100dvh">
        <Loader aria-label="Checking the link" />
      </Center>
    );
  }
  if (checked.state === 'failed') {
    return (
      <Center h="100dvh" p="md">
        <Alert color="red" role="alert" variant="light">
          {checked.message}
        </Alert>
      </Center>
    );
  }
  return children(checked.user, () => setUsedUp(true));
}
