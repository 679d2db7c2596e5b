import { Anchor, Avatar, Button, Divider, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../auth/user';
import { showToast } from '../shared/messages/toast';
import { localeOptions, useLocale, useLocaleActions } from '../shared/locale/locale';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileButton } from './ProfileButton';

export const PRIVACY_POLICY_URL = 'https://www.getunleash.io/privacy-policy';

/** The profile popup: avatar, e-mail, 'Update password', Date/Time formatting, Privacy policy and Logout. */
export default function ProfilePopup() {
  const { data } = useSession();
  const locale = useLocale();
  const { setLocale } = useLocaleActions();
  const [opened, setOpened] = useState(true);
  const [editingPassword, setEditingPassword] = useState(false);
  const user = data?.user;
  const email = user?.email ?? user?.username ?? '';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ProfileButton opened={opened} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown aria-label="Profile" role="dialog" className="sy-profile-dropdown">
        <Stack gap="sm">
          <Stack gap={4} align="center">
            <Avatar src={user?.imageUrl} alt="" radius="xl" size={56} />
            {user?.name && <Text fw={600}>{user.name}</Text>}
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {email}
            </Text>
          </Stack>
          {editingPassword ? (
            <ChangePasswordForm
              onCancel={() => setEditingPassword(false)}
              onDone={(message) => {
                setEditingPassword(false);
                showToast(message, 'success');
              }}
            />
          ) : (
            <Button variant="light" onClick={() => setEditingPassword(true)}>
              Update password
            </Button>
          )}
          <Divider />
          <NativeSelect
            label="Date/Time formatting"
            value={locale}
            data={localeOptions()}
            onChange={(e) => setLocale(e.currentTarget.value)}
          />
          <Anchor href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer" className="sy-touch-link">
            Privacy policy
          </Anchor>
          <Divider />
          <Button component={Link} to="/logout" variant="outline" color="red">
            Logout
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
