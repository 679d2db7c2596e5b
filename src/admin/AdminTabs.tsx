import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import './admin.css';

export type AdminTab = 'users' | 'api' | 'auth';

/** The admin area's tabs, in the spec's order. The paths are strings: each page owns its route. */
export const ADMIN_TABS: { value: AdminTab; path: string; label: string }[] = [
  { value: 'users', path: '/admin/users', label: 'Users' },
  { value: 'api', path: '/admin/api', label: 'API Access' },
  { value: 'auth', path: '/admin/auth', label: 'Single Sign-On' },
];

/**
 * The admin area's tab bar above /admin/users, /admin/api and /admin/auth: shown only to admins
 * ('The tab bar shows only to admins on the API page'); others see the page without it. Choosing a tab navigates.
 */
export function AdminTabs({ active }: { active: AdminTab }) {
  const navigate = useNavigate();
  if (!useIsAdmin()) return null;
  const path = (value: string | null) => ADMIN_TABS.find((tab) => tab.value === value)?.path;
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const to = path(value);
        if (to && value !== active) void navigate({ to });
      }}
      keepMounted={false}
    >
      <Tabs.List className="sy-admin-tabs" aria-label="Admin">
        {ADMIN_TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
