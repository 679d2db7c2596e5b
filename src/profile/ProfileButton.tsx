import { UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { userLabel, useSession } from '../auth/user';
import { initialsOf, UserAvatar } from '../shared/ui/UserAvatar';

/** The avatar button that opens the profile popup. */
export function ProfileButton({ opened, ...props }: ComponentPropsWithRef<'button'> & { opened: boolean }) {
  const label = userLabel(useSession().data?.user);
  return (
    <UnstyledButton
      {...props}
      className="sy-profile-button"
      // The initials shown are part of the name (WCAG 2.5.3, label in name).
      aria-label={`Profile ${initialsOf(label)}`}
      aria-haspopup="dialog"
      aria-expanded={opened}
    >
      <UserAvatar label={label} size={36} />
    </UnstyledButton>
  );
}
