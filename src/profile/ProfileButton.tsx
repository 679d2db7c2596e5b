import { Avatar, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useSession } from '../auth/user';

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
      <Avatar src={user?.imageUrl} alt="" radius="xl" size={36} />
    </UnstyledButton>
  );
}
