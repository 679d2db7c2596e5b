import { Button, Switch, Tooltip, type ButtonProps, type SwitchProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { NO_ACCESS_MESSAGE, useHasAccess } from './permissions';

/** Props a control takes when the user lacks access: still focusable, announced as disabled, described by the message. */
export interface GateProps {
  'aria-disabled'?: true;
  'data-disabled'?: true;
  'aria-describedby'?: string;
}

/**
 * Wraps one control. Without access the control stays keyboard reachable (aria-disabled rather than disabled), so
 * the tooltip 'You don't have access to perform this operation' shows on hover, focus and touch.
 */
export function Gated({ allowed, children }: { allowed: boolean; children: (props: GateProps) => ReactElement }) {
  const id = useId();
  if (allowed) return children({});
  return (
    <Tooltip label={NO_ACCESS_MESSAGE} events={{ hover: true, focus: true, touch: true }} withArrow multiline maw={260}>
      <span className="sy-gated">
        {children({ 'aria-disabled': true, 'data-disabled': true, 'aria-describedby': id })}
        <span id={id} className="sy-visually-hidden">
          {NO_ACCESS_MESSAGE}
        </span>
      </span>
    </Tooltip>
  );
}

/** Whether the session holds `permission` (for `project`, when given). */
export function usePermission(permission: string, project?: string): boolean {
  return useHasAccess()(permission, project);
}

type PermissionButtonProps = ButtonProps & {
  permission: string;
  project?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit';
  children: ReactNode;
  'aria-label'?: string;
};

/** A button that needs a permission: without it, disabled with a lock icon and the no-access tooltip. */
export function PermissionButton({ permission, project, onClick, leftSection, type = 'button', ...rest }: PermissionButtonProps) {
  const allowed = usePermission(permission, project);
  return (
    <Gated allowed={allowed}>
      {(gate) => (
        <Button
          {...rest}
          {...gate}
          type={allowed ? type : 'button'}
          leftSection={allowed ? leftSection : <IconLock size={16} aria-hidden />}
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
  permission: string;
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
          thumbIcon={allowed ? undefined : <IconLock size={10} aria-hidden color="#495057" />}
          onChange={(event) => {
            if (allowed && !disabled) onChange(event.currentTarget.checked);
          }}
        />
      )}
    </Gated>
  );
}
