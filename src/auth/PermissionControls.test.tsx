import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine, sessionClient } from '../test-support';
import { connectivity } from '../shared/api/connectivity';
import { PermissionButton, PermissionSwitch } from './PermissionControls';
import { OFFLINE_SAVE_MESSAGE } from './permissions';

/** A 'Create feature toggle' button of `project` for a user who may create toggles in the default project. */
function renderCreateButton(project: string, onClick: () => void) {
  renderWithMantine(
    <PermissionButton permission="CREATE_FEATURE" project={project} onClick={onClick}>
      Create feature toggle
    </PermissionButton>,
    sessionClient([{ permission: 'CREATE_FEATURE', project: 'default' }]),
  );
  return screen.getByRole('button', { name: 'Create feature toggle' });
}

describe('gated controls', () => {
  it('run the action with access', async () => {
    const onClick = vi.fn();
    const button = renderCreateButton('default', onClick);
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('without access stay focusable, are disabled, and explain why', async () => {
    const onClick = vi.fn();
    const button = renderCreateButton('web', onClick);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription("You don't have access to perform this operation");
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent("You don't have access to perform this operation");
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('an online-only write is disabled while offline, saying why, and works again once back', async () => {
    const onClick = vi.fn();
    renderWithMantine(
      <PermissionButton permission="CREATE_FEATURE" project="default" onlineOnly onClick={onClick}>
        Save
      </PermissionButton>,
      sessionClient([{ permission: 'CREATE_FEATURE', project: 'default' }]),
    );
    const save = () => screen.getByRole('button', { name: 'Save' });
    act(() => connectivity.lost());
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    expect(save()).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
    await userEvent.click(save());
    expect(onClick).not.toHaveBeenCalled();
    act(() => connectivity.reached());
    expect(save()).not.toHaveAttribute('aria-disabled');
    await userEvent.click(save());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a switch without access does not change', async () => {
    const onChange = vi.fn();
    renderWithMantine(
      <PermissionSwitch
        permission="UPDATE_FEATURE"
        project="default"
        checked={false}
        onChange={onChange}
        label="Enabled"
      />,
      sessionClient([]),
    );
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });
});
