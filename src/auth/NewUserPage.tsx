import { Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { TokenPage } from './TokenPage';

const route = getRouteApi('/new-user');

/**
 * /new-user?token=: the invitation: who invited the user, the e-mail read-only, and a password to
 * set; then the login page with the e-mail filled in.
 */
export default function NewUserPage() {
  const { token } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <TokenPage
      token={token ?? ''}
      title="Welcome to Switchyard"
      submitLabel="Set password"
      onDone={(user) => void navigate({ to: '/login', search: { email: user.email ?? undefined } })}
    >
      {(user) => (
        <>
          <Text>
            {user.createdBy} has invited you to join Switchyard. Set a password for your account to get started.
          </Text>
          <TextInput label="Username" value={user.email ?? ''} readOnly size="md" />
        </>
      )}
    </TokenPage>
  );
}
