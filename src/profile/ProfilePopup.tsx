import {
  Anchor,
  Button,
  Divider,
  NativeSelect,
  Popover,
  Stack,
  Text,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { userLabel, useSession } from '../auth/user';
import { showToast } from '../shared/messages/toast';
import { DeviceNotificationsSwitch } from '../push/components/DeviceNotificationsSwitch';
import { localeOptions, useLocale, useLocaleActions } from '../shared/locale/locale';
import { UserAvatar } from '../shared/ui/UserAvatar';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileButton } from './ProfileButton';

export const PRIVACY_POLICY_URL = 'https://www.getunleash.io/privacy-policy';

/** 'System' follows the device's light or dark setting; the choice is kept on this device (Mantine's manager). */
const COLOR_SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const isColorScheme = (value: string): value is MantineColorScheme => COLOR_SCHEMES.some((s) => s.value === value);

/**
 * The profile popup: avatar, e-mail, 'Update password', Date/Time formatting, Theme, 'Notifications on this device',
 * Privacy policy and Logout.
 */
export default function ProfilePopup() {
  const { data } = useSession();
  const locale = useLocale();
  const { setLocale } = useLocaleActions();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
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
            <UserAvatar label={userLabel(user)} size={56} />
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
          <NativeSelect
            label="Theme"
            value={colorScheme}
            data={COLOR_SCHEMES}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isColorScheme(value)) setColorScheme(value);
            }}
          />
          <DeviceNotificationsSwitch />
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
