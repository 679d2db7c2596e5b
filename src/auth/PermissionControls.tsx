import { Button, Switch, type ButtonProps, type SwitchProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import type { Permission } from '../../contract/permissions';
import { useOnline } from '../shared/api/connectivity';
import { Hint } from '../shared/ui/Hint';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE, useHasAccess } from './permissions';

/** Props of a control the user lacks access to: still focusable, announced as disabled, described by the message. */
export interface GateProps {
  'aria-disabled'?: true;
  'data-disabled'?: true;
  'aria-describedby'?: string;
}

/**
 * Wraps one control. Without access the control stays keyboard reachable (aria-disabled rather than disabled) and is
 * described by `message` ('You don't have access to perform this operation' unless said), shown as a hint.
 */
export function Gated({
  allowed,
  message = NO_ACCESS_MESSAGE,
  children,
}: {
  allowed: boolean;
  message?: string;
  children: (props: GateProps) => ReactElement;
}) {
  if (allowed) return children({});
  return <Hint text={message}>{(hint) => children({ ...hint, 'aria-disabled': true, 'data-disabled': true })}</Hint>;
}

/** Whether the session holds `permission` (for `project`, when given). */
export function usePermission(permission: Permission, project?: string): boolean {
  return useHasAccess()(permission, project);
}

export type PermissionButtonProps = ButtonProps & {
  permission: Permission;
  project?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit';
  children: ReactNode;
  'aria-label'?: string;
  /** A write that cannot wait in the offline queue: while offline, disabled with OFFLINE_SAVE_MESSAGE. */
  onlineOnly?: boolean;
};

/**
 * A button that needs a permission: without it, disabled with a lock icon and the no-access tooltip. With
 * `onlineOnly`, also disabled while offline, saying why (a form around it keeps what was typed).
 */
export function PermissionButton({
  permission,
  project,
  onClick,
  leftSection,
  type = 'button',
  onlineOnly = false,
  ...rest
}: PermissionButtonProps) {
  const permitted = usePermission(permission, project);
  const reachable = useOnline() || !onlineOnly;
  const allowed = permitted && reachable;
  return (
    <Gated allowed={allowed} message={permitted ? OFFLINE_SAVE_MESSAGE : NO_ACCESS_MESSAGE}>
      {(gate) => (
        <Button
          {...rest}
          {...gate}
          type={allowed ? type : 'button'}
          leftSection={permitted ? leftSection : <IconLock size={16} aria-hidden />}
          onClick={(event) => {
            if (allowed) onClick?.(event);
            else event.preventDefault();
          }}
        />
      )}
    </Gated>
  );
}

type PermissionSwitchProps = Omit<SwitchProps, 'onChange'> & {
  permission: Permission;
  project?: string;
  onChange(checked: boolean): void;
};

/** A switch that needs a permission (and may be disabled for other reasons, e.g. an archived toggle). */
export function PermissionSwitch({ permission, project, onChange, disabled, ...rest }: PermissionSwitchProps) {
  const allowed = usePermission(permission, project);
  return (
    <Gated allowed={allowed}>
      {(gate) => (
        <Switch
          {...rest}
          {...gate}
          disabled={disabled}
          thumbIcon={allowed ? undefined : <IconLock size={10} aria-hidden className="sy-lock-thumb" />}
          onChange={(event) => {
            if (allowed && !disabled) onChange(event.currentTarget.checked);
          }}
        />
      )}
    </Gated>
  );
}

/**
 * The switch of a list row: a native checkbox with the switch role, drawn by CSS (app.css `.sy-switch`, Mantine's
 * 'md' switch look), so a long list draws fast. `allowed` is decided once by the list (see `useHasAccess`).
 */
export function RowSwitch({
  allowed,
  checked,
  disabled = false,
  label,
  onChange,
}: {
  allowed: boolean;
  checked: boolean;
  disabled?: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  return (
    <Gated allowed={allowed}>
      {(gate) => (
        <label className="sy-switch">
          <input
            {...gate}
            type="checkbox"
            role="switch"
            className="sy-switch-input"
            aria-label={label}
            checked={checked}
            disabled={disabled}
            onChange={(event) => {
              if (allowed && !disabled) onChange(event.currentTarget.checked);
            }}
          />
          <span className="sy-switch-track" aria-hidden>
            <span className="sy-switch-thumb">{!allowed && <IconLock size={10} className="sy-lock-thumb" />}</span>
          </span>
        </label>
      )}
    </Gated>
  );
}
