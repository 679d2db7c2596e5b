import { Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AccountCard } from './AccountCard';

/** /reset-password-success: the password is set; sign in with it. */
export default function ResetPasswordSuccessPage() {
  return (
    <AccountCard title="Success">
      <Text>You successfully reset your password.</Text>
      <Button component={Link} to="/login" size="md">
        Login
      </Button>
    </AccountCard>
  );
}
