import { Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { TokenPage } from './TokenPage';

const route = getRouteApi('/reset-password');

/** /reset-password?token=: a new password for the link's account; then /login?reset=true. */
export default function ResetPasswordPage() {
  const { token } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <TokenPage
      token={token ?? ''}
      title="Reset password"
      submitLabel="Submit"
      onDone={() => void navigate({ to: '/login', search: { reset: true } })}
    >
      {(user) => <Text>Choose a new password for {user.email}.</Text>}
    </TokenPage>
  );
}
