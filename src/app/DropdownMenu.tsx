import { Button, Paper } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MenuItem } from './menu';

/**
 * A header dropdown (Configure, admin settings) listing menu items: a disclosure button and a list of links
 * (the navigation-menu pattern). Escape or a click outside closes it. Small on purpose: it loads with the list page.
 */
export default function DropdownMenu({ label, items, icon }: { label: string; items: MenuItem[]; icon?: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!opened) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpened(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpened(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened]);

  return (
    <div
      ref={root}
      className="sy-dropdown"
      onBlur={(e) => !root.current?.contains(e.relatedTarget as Node) && setOpened(false)}
    >
      <Button
        ref={button}
        variant="subtle"
        color="gray.0"
        rightSection={<IconChevronDown size={16} aria-hidden />}
        leftSection={icon}
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((o) => !o)}
      >
        {label}
      </Button>
      <Paper id={id} shadow="md" radius="md" className="sy-dropdown-panel" hidden={!opened}>
        <ul aria-label={label}>
          {items.map((item) => (
            <li key={item.path}>
              <Link to={item.path} className="sy-dropdown-link" onClick={() => setOpened(false)}>
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </Paper>
    </div>
  );
}
