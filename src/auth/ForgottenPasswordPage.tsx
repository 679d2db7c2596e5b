import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useOnline } from '../shared/api/connectivity';
import { AccountCard } from './AccountCard';
import { OFFLINE_SAVE_MESSAGE } from './permissions';
import { Gated } from './PermissionControls';
import { useRequestPasswordReset } from './reset-password';

/**
 * /forgotten-password: ask for a reset link by e-mail. After a submit the button says 'Try
 * again' and a notice shows; the answer is the same whether or not the address is known, so it is not read.
 */
export default function ForgottenPasswordPage() {
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState<string>();
  const request = useRequestPasswordReset();
  const online = useOnline();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '' || !online) return;
    request.mutate(address, { onSettled: () => setAttempted(address) });
  };

  return (
    <AccountCard title="Forgotten password">
      {attempted && (
        <Alert color="green" role="status" variant="light" title="Attempted to send email">
          We have attempted to send a reset password email to <strong>{attempted}</strong>. If you did not receive an
          email, please check that you typed the correct address, and ask your administrator whether you have an
          account.
        </Alert>
      )}
      <form onSubmit={onSubmit} aria-label="Forgotten password" noValidate>
        <Stack gap="md">
          <Text>Please provide your email address. If it exists in the system we will send you a new reset link.</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            size="md"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Gated allowed={online} message={OFFLINE_SAVE_MESSAGE}>
            {(gate) => (
              <Button {...gate} type="submit" size="md" loading={request.isPending}>
                {attempted ? 'Try again' : 'Submit'}
              </Button>
            )}
          </Gated>
          <Anchor component={Link} to="/login" className="sy-touch-link">
            Login
          </Anchor>
        </Stack>
      </form>
    </AccountCard>
  );
}
