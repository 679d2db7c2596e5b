import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { CreatedUser } from '../api/use-add-user';
import { copyInviteLink } from './copy-invite-link';
import './users.css';
import { Dialog } from '../../shared/ui/Dialog';

/**
 * 'Team member added': the e-mail-sent wording when the invitation went out, else the invite link
 * to copy and send. Closing forgets the link.
 */
export function UserAddedDialog({ user, onClose }: { user: CreatedUser; onClose(): void }) {
  const who = user.name || user.email || 'The user';
  return (
    <Dialog title="Team member added" onClose={onClose}>
      <Stack gap="md">
        <Text>A new team member has been added.</Text>
        {user.emailSent ? (
          <Text>
            We have sent an e-mail to {user.email} with a link to set their password. {who} can sign in once the
            password is set.
          </Text>
        ) : user.inviteLink ? (
          <>
            <Text>Please provide them with the following link to get started:</Text>
            <Code block className="sy-invite-link" aria-label="Invite link">
              {user.inviteLink}
            </Code>
            <Text size="sm" c="dimmed">
              Copy the link and send it to the user. It lets them set their password and get started; it works once and
              expires in 7 days.
            </Text>
            <Group>
              <Button
                variant="light"
                leftSection={<IconCopy size={18} aria-hidden />}
                onClick={() => void copyInviteLink(user.inviteLink)}
              >
                Copy invite link
              </Button>
            </Group>
          </>
        ) : (
          <Text>{who} can sign in with the password that was set.</Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
