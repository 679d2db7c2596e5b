import { Alert, Center, Loader } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AccountCard } from './AccountCard';
import { InvalidTokenView } from './InvalidTokenView';
import { NewPasswordForm } from './NewPasswordForm';
import { useResetToken } from './reset-password';
import type { ResetTokenUser } from '../../contract/users';

interface Props {
  token: string;
  title: string;
  /** What the card says about the link's user, above the password form. */
  children(user: ResetTokenUser): ReactNode;
  submitLabel: string;
  /** The password is set. */
  onDone(user: ResetTokenUser): void;
}

/**
 * The pages a link with a token opens (/new-user, /reset-password): the token is checked first, then a new password
 * is set with it; an unknown, used or expired one (also one found used on submit) shows the Invalid-token view.
 */
export function TokenPage({ token, title, children, submitLabel, onDone }: Props) {
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
  const { user } = checked;
  return (
    <AccountCard title={title}>
      {children(user)}
      <NewPasswordForm
        token={token}
        submitLabel={submitLabel}
        onDone={() => onDone(user)}
        onInvalidToken={() => setUsedUp(true)}
      />
    </AccountCard>
  );
}
