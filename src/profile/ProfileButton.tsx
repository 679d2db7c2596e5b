import { UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { userLabel, useSession } from '../auth/user';
import { UserAvatar } from '../shared/ui/UserAvatar';

/** The avatar button that opens the profile popup. */
export function ProfileButton({ opened, ...props }: ComponentPropsWithRef<'button'> & { opened: boolean }) {
  const user = useSession().data?.user;
  return (
    <UnstyledButton
      {...props}
      className="sy-profile-button"
      aria-label="Profile"
      aria-haspopup="dialog"
      aria-expanded={opened}
    >
      <UserAvatar label={userLabel(user)} size={36} />
    </UnstyledButton>
  );
}
