import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PermissionButton, type PermissionButtonProps } from './PermissionControls';

type CreateProps = Omit<PermissionButtonProps, 'leftSection' | 'onClick'> & {
  /** The create page. */
  to: NavigateOptions['to'];
};

/** A list page's create button, behind its permission: it opens the create page. */
export function CreateButton({ to, ...rest }: CreateProps) {
  const navigate = useNavigate();
  return (
    <PermissionButton
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => void navigate({ to })}
      {...rest}
    />
  );
}

type Props = Omit<PermissionButtonProps, 'children' | 'leftSection' | 'aria-label'> & {
  /** The row's item: the button is named 'Edit {item}' (or 'Delete {item}') for assistive technology. */
  item: string;
  /** Its text, 'Edit' (or 'Delete') unless said. */
  children?: ReactNode;
};

/** A list row's Edit: a small subtle button with a pencil, behind its permission. */
export function EditButton({ item, children = 'Edit', ...rest }: Props) {
  return (
    <PermissionButton
      variant="subtle"
      size="sm"
      leftSection={<IconPencil size={18} aria-hidden />}
      aria-label={`Edit ${item}`}
      {...rest}
    >
      {children}
    </PermissionButton>
  );
}

/** A list row's Delete: a small subtle red button with a bin, behind its permission. */
export function DeleteButton({ item, children = 'Delete', ...rest }: Props) {
  return (
    <PermissionButton
      variant="subtle"
      color="red"
      size="sm"
      leftSection={<IconTrash size={18} aria-hidden />}
      aria-label={`Delete ${item}`}
      {...rest}
    >
      {children}
    </PermissionButton>
  );
}
