import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import { useUiConfig } from '../ui-config/api/queries';
import { DOCUMENTATION_URL, SOURCE_URL } from './links';
import { menuFor, type MenuItem } from './menu';

function Section({ title, items, onNavigate }: { title?: string; items: MenuItem[]; onNavigate(): void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={0}>
      {title && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
          {title}
        </Text>
      )}
      {items.map((item) => (
        <NavLink
          key={item.path}
          component={Link}
          to={item.path}
          label={item.title}
          onClick={onNavigate}
          className="sy-nav-link"
        />
      ))}
    </Stack>
  );
}

/** The phone navigation drawer: mobile routes, admin routes for admins, documentation and source links. */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const isAdmin = useIsAdmin();
  const flags = useUiConfig().data?.flags ?? {};
  const scope = { isAdmin, flags };
  const adminItems = menuFor('admin', scope).filter((item) => !item.placements.includes('mobile'));

  return (
    <Drawer
      id="navigation-drawer"
      opened={opened}
      onClose={onClose}
      title="Switchyard"
      size={300}
      closeButtonProps={{ 'aria-label': 'Close navigation', size: 'lg' }}
    >
      <nav aria-label="Navigation">
        <Stack gap="sm">
          <Section items={menuFor('mobile', scope)} onNavigate={onClose} />
          {isAdmin && <Section title="Admin" items={adminItems} onNavigate={onClose} />}
          <Divider />
          <NavLink
            component="a"
            href={DOCUMENTATION_URL}
            target="_blank"
            rel="noreferrer"
            label="Documentation"
            className="sy-nav-link"
          />
          <NavLink
            component="a"
            href={SOURCE_URL}
            target="_blank"
            rel="noreferrer"
            label="Source code on GitHub"
            className="sy-nav-link"
          />
        </Stack>
      </nav>
    </Drawer>
  );
}
