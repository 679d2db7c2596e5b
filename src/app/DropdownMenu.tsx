import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MenuItem } from './menu';

/** A header dropdown (Configure, admin settings) listing menu items. */
export default function DropdownMenu({ label, items, icon }: { label: string; items: MenuItem[]; icon?: ReactNode }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button variant="subtle" color="gray.0" rightSection={<IconChevronDown size={16} aria-hidden />} leftSection={icon}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.path} component={Link} to={item.path}>
            {item.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
