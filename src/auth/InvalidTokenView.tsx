import { Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AccountCard } from './AccountCard';
import { INVALID_TOKEN_TEXT, INVALID_TOKEN_TITLE } from './reset-password';

/** 'Invalid token': the link was used or has expired; /forgotten-password gives a new one. */
export function InvalidTokenView() {
  return (
    <AccountCard title={INVALID_TOKEN_TITLE}>
      <Text>{INVALID_TOKEN_TEXT}</Text>
      <Button component={Link} to="/forgotten-password" size="md">
        Reset password
      </Button>
    </AccountCard>
  );
}
