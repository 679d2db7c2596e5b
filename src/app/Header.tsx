import { ActionIcon, Burger, Group } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconBook, IconSearch, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useIsAdmin } from '../auth/user';
import { AwaitingMeBadge } from '../change-requests/components/AwaitingMeBadge';
import { InstallButton } from '../offline/InstallButton';
import { SyncStatus } from '../offline/SyncStatus';
import { WaitingChanges } from '../offline/WaitingChanges';
import { ProfileMenu } from '../profile/ProfileMenu';
import { useUiConfig } from '../ui-config/api/queries';
import { DOCUMENTATION_URL } from './links';
import { menuFor } from './menu';

/** Where the header has room for the menus (app.css: the burger and the drawer serve narrower screens). */
const WIDE = '(min-width: 900px)';

// The dropdown menus load only when they have items (and there is room for them).
const DropdownMenu = lazy(() => import('./DropdownMenu'));
// The command palette (and its styles) loads when first opened.
const CommandPalette = lazy(() => import('./CommandPalette'));

/** The palette's launcher: Ctrl/Cmd+K anywhere (inside text fields too), or the header's search button. */
function PaletteLauncher() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  useHotkeys([['mod+K', open]], []);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        size={44}
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K"
        title="Search (Ctrl+K)"
        aria-haspopup="dialog"
        onClick={open}
      >
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      {used && (
        <Suspense>
          <CommandPalette opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

export function Header({ drawerOpened, onToggleDrawer }: { drawerOpened: boolean; onToggleDrawer(): void }) {
  // Only what the screen shows is drawn: a phone's first screen neither builds the menus nor loads their code.
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const isAdmin = useIsAdmin();
  const flags = useUiConfig().data?.flags ?? {};
  const scope = { isAdmin, flags };
  const configureItems = menuFor('configure', scope);
  const adminItems = menuFor('admin', scope);

  return (
    <header className="sy-header">
      <Group gap="xs" wrap="nowrap">
        {!wide && (
          <Burger
            color="white"
            opened={drawerOpened}
            onClick={onToggleDrawer}
            aria-label="Open navigation"
            aria-expanded={drawerOpened}
            aria-controls="navigation-drawer"
          />
        )}
        <Link to="/features" className="sy-brand" aria-label="Switchyard home">
          <img src="favicon.svg" alt="" width={28} height={28} />
          <span>Switchyard</span>
        </Link>
        {wide && (
          <nav aria-label="Main">
            <Group gap={4} wrap="nowrap">
              {menuFor('header', scope).map((item) => (
                <Link
                  key={item.path}
                  to={item.path}
                  className="sy-header-link"
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {item.title}
                </Link>
              ))}
              {configureItems.length > 0 && (
                <Suspense>
                  <DropdownMenu label="Configure" items={configureItems} />
                </Suspense>
              )}
            </Group>
          </nav>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PaletteLauncher />
        <SyncStatus />
        <WaitingChanges />
        <AwaitingMeBadge />
        <InstallButton />
        {wide && (
          <ActionIcon
            component="a"
            href={DOCUMENTATION_URL}
            target="_blank"
            rel="noreferrer"
            variant="subtle"
            color="gray.0"
            aria-label="Documentation"
          >
            <IconBook size={22} aria-hidden />
          </ActionIcon>
        )}
        {wide && adminItems.length > 0 && (
          <Suspense>
            <DropdownMenu label="Admin" items={adminItems} icon={<IconSettings size={16} aria-hidden />} />
          </Suspense>
        )}
        <ProfileMenu />
      </Group>
    </header>
  );
}
