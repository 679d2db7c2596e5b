import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { connectivity } from '../../shared/api/connectivity';
import { renderForm, sessionClient } from '../../test-support';
import { contextFieldValues, DUPLICATE_LEGAL_VALUE, type ContextFieldValues } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

const TAKEN = 'A context field with that name already exist';

function Harness(props: {
  initial?: ContextFieldValues;
  editMode?: boolean;
  checkName?(name: string): Promise<string | undefined>;
  submit(values: ContextFieldValues): Promise<void>;
}) {
  const form = useContextForm(props.initial ?? contextFieldValues(), {
    editMode: props.editMode ?? false,
    checkName: props.checkName,
    submit: props.submit,
  });
  return <ContextForm form={form} onCancel={() => {}} />;
}

const nameField = () => screen.getByRole('textbox', { name: /^Name/ });
const valueField = () => screen.getByRole('textbox', { name: 'Value' });
const shownValues = () =>
  within(screen.getByRole('list', { name: 'Legal values' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('context field form', () => {
  it('checks the trimmed name with the server on blur, shows its message and blocks Create', async () => {
    const checkName = vi.fn(async (name: string) => (name === 'userId' ? TAKEN : undefined));
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness checkName={checkName} submit={submit} />);
    await userEvent.type(nameField(), ' userId ');
    await userEvent.tab();
    expect(checkName).toHaveBeenCalledWith('userId');
    expect(nameField()).toHaveValue('userId');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).not.toHaveBeenCalled();
    // Changing the name clears the message; Create checks the new name before sending.
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'region');
    expect(screen.queryByText(TAKEN)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(checkName).toHaveBeenLastCalledWith('region');
    expect(submit).toHaveBeenCalledWith({ name: 'region', description: '', legalValues: [], stickiness: false });
  });

  it('keeps legal values sorted and refuses a duplicate with the spec text', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness checkName={async () => undefined} submit={submit} />);
    await userEvent.type(nameField(), 'region');
    await userEvent.type(valueField(), 'us{Enter}');
    await userEvent.type(valueField(), ' eu ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.type(valueField(), 'asia{Enter}');
    expect(shownValues()).toEqual(['asia', 'eu', 'us']);
    expect(valueField()).toHaveValue('');

    await userEvent.type(valueField(), 'eu{Enter}');
    expect(screen.getByText(DUPLICATE_LEGAL_VALUE)).toBeInTheDocument();
    expect(shownValues()).toEqual(['asia', 'eu', 'us']);
    await userEvent.type(valueField(), 'x');
    expect(screen.queryByText(DUPLICATE_LEGAL_VALUE)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove asia' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Custom stickiness' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({
      name: 'region',
      description: '',
      legalValues: ['eu', 'us'],
      stickiness: true,
    });
  });

  it('locks the name when editing and does not check it', async () => {
    const checkName = vi.fn(async () => TAKEN);
    const submit = vi.fn(() => Promise.resolve());
    const initial = { name: 'region', description: 'Where', legalValues: ['eu'], stickiness: false };
    await renderForm(<Harness editMode initial={initial} checkName={checkName} submit={submit} />);
    expect(screen.getByRole('heading', { name: 'Edit context field' })).toBeInTheDocument();
    expect(nameField()).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' now');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(checkName).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith({ ...initial, description: 'Where now' });
  });

  it('shows a failed save as a general message', async () => {
    const submit = vi.fn(() => Promise.reject(new Error('"legalValues[1]" is not allowed to be empty')));
    await renderForm(<Harness checkName={async () => undefined} submit={submit} />);
    await userEvent.type(nameField(), 'region');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"legalValues[1]" is not allowed to be empty');
  });

  it('while offline, Create is disabled saying why and what was typed stays', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness checkName={async () => undefined} submit={submit} />);
    await userEvent.type(nameField(), 'region');
    await userEvent.type(valueField(), 'eu{Enter}');
    act(() => connectivity.lost());
    try {
      const create = screen.getByRole('button', { name: 'Create' });
      expect(create).toHaveAttribute('aria-disabled', 'true');
      expect(create).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
      await userEvent.click(create);
      expect(submit).not.toHaveBeenCalled();
    } finally {
      act(() => connectivity.reached());
    }
    expect(nameField()).toHaveValue('region');
    expect(shownValues()).toEqual(['eu']);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({ name: 'region', description: '', legalValues: ['eu'], stickiness: false });
  });

  it('without the permission, Create is disabled', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness checkName={async () => undefined} submit={submit} />, sessionClient([]));
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAccessibleDescription(
      "You don't have access to perform this operation",
    );
  });
});
