import { Avatar } from '@mantine/core';

/** Shade-8/9 colours: white initials on each of them pass WCAG AA (4.5:1) in light and dark. */
const COLORS = ['indigo.8', 'blue.9', 'cyan.9', 'teal.9', 'grape.8', 'violet.9', 'pink.9', 'red.9'];

/** Up to two letters for a person: 'Ada Lovelace' -> 'AL', 'jane.doe@example.com' -> 'JD', 'admin' -> 'A'. */
export function initialsOf(label: string): string {
  const words = label
    .split('@')[0]
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0].toUpperCase())
    .join('');
}

/** The same label always gets the same colour. */
export function avatarColor(label: string): string {
  let hash = 0;
  for (const char of label) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length];
}

/** A person's avatar, drawn here (initials on a colour of their own): no image is loaded from anywhere. */
export function UserAvatar({ label, size }: { label: string; size: number }) {
  return (
    <Avatar color={avatarColor(label)} variant="filled" radius="xl" size={size} aria-hidden>
      {initialsOf(label)}
    </Avatar>
  );
}
