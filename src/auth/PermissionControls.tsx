import { Button, Switch, type ButtonProps, type SwitchProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId, useState, type CSSProperties, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import type { Permission } from '../../contract/permissions';
import { useOnline } from '../shared/api/connectivity';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE, useHasAccess } from './permissions';

/** Props of a control the user lacks access to: still focusable, announced as disabled, described by the message. */
export interface GateProps {
  'aria-disabled'?: true;
  'data-disabled'?: true;
  'aria-describedby'?: string;
}

/** Where the tooltip goes: below the control (above when there is no room), kept inside the viewport. */
function tooltipPosition(anchor: DOMRect): CSSProperties {
  const width = Math.min(260, window.innerWidth - 16);
  const left = Math.min(Math.max(8, anchor.left + anchor.width / 2 - width / 2), window.innerWidth - width - 8);
  const below = anchor.bottom + 64 < window.innerHeight;
  return below ? { left, width, top: anchor.bottom + 6 } : { left, width, bottom: window.innerHeight - anchor.top + 6 };
}

/**
 * Wraps one control. Without access the control stays keyboard reachable (aria-disabled rather than disabled),
 * is described by `message` ('You don't have access to perform this operation' unless said), and shows it as a
 * tooltip on hover, focus and touch. (A small fixed-position tooltip of our own: it escapes clipped list rows and
 * keeps the list's bundle small.)
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
  const id = useId();
  const [position, setPosition] = useState<CSSProperties>();
  if (allowed) return children({});
  const show = (event: { currentTarget: HTMLElement }) =>
    setPosition(tooltipPosition(event.currentTarget.getBoundingClientRect()));
  const hide = () => setPosition(undefined);
  return (
    <span className="sy-gated" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} onTouchStart={show}>
      {children({ 'aria-disabled': true, 'data-disabled': true, 'aria-describedby': id })}
      <span id={id} role="tooltip" className="sy-tooltip" hidden={!position} style={position}>
        {message}
      </span>
    </span>
  );
}

/** Whether the session holds `permission` (for `project`, when given). */
export function usePermission(permission: Permission, project?: string): boolean {
  return useHasAccess()(permission, project);
}

type PermissionButtonProps = ButtonProps & {
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
