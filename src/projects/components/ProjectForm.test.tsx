import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderForm } from '../../test-support';
import { NAME_EMPTY } from '../messages';
import { ProjectForm } from './ProjectForm';
import { projectFormValues, type ProjectFormValues } from '../rules';
import { useProjectForm } from './use-project-form';

const TAKEN = 'A project with this id already exists.';

function Harness(props: {
  editing?: boolean;
  validateId(id: string): Promise<unknown>;
  submit(values: ProjectFormValues): Promise<void>;
}) {
  const initial = props.editing
    ? projectFormValues({ id: 'shop', name: 'Web shop', description: 'Checkout' })
    : projectFormValues();
  const form = useProjectForm(initial, {
    checkId: props.editing
      ? undefined
      : (id) =>
          props.validateId(id).then(
            () => undefined,
            (error: Error) => error.message,
          ),
    submit: props.submit,
  });
  return <ProjectForm form={form} title="Project" submitLabel="Save" onCancel={() => {}} />;
}

function admin() {
  const client = new QueryClient();
  client.setQueryData(['user'], { user: { id: 1 }, permissions: [{ permission: 'ADMIN', project: null }] });
  return client;
}

const taken = (id: string) => (id === 'taken' ? Promise.reject(new Error(TAKEN)) : Promise.resolve());

describe('project form', () => {
  it('checks the trimmed id on blur in create mode, shows the server message and blocks saving', async () => {
    const validateId = vi.fn(taken);
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness validateId={validateId} submit={submit} />, admin());
    const id = screen.getByRole('textbox', { name: /Project Id/ });
    await userEvent.type(id, ' taken ');
    await userEvent.tab();
    expect(validateId).toHaveBeenCalledWith('taken');
    expect(id).toHaveValue('taken');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    // A new id clears the error; once it is free the project is sent, trimmed.
    await userEvent.clear(id);
    await userEvent.type(id, 'free');
    expect(screen.queryByText(TAKEN)).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' The shop ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(validateId).toHaveBeenLastCalledWith('free');
    expect(submit).toHaveBeenCalledWith({ id: 'free', name: 'Taken', description: 'The shop' });
  });

  it("an empty or blank name is refused with 'Name can not be empty.'", async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness validateId={() => Promise.resolve()} submit={submit} />, admin());
    await userEvent.type(screen.getByRole('textbox', { name: /Project Id/ }), 'shop');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NAME_EMPTY)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('in edit mode the id is locked and never checked; a failed save shows as a general message', async () => {
    const validateId = vi.fn(taken);
    const submit = vi.fn(() => Promise.reject(new Error('This operation is forbidden')));
    await renderForm(<Harness editing validateId={validateId} submit={submit} />, admin());
    const id = screen.getByRole('textbox', { name: /Project Id/ });
    expect(id).toBeDisabled();
    expect(id).toHaveValue('shop');
    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(validateId).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith({ id: 'shop', name: 'Shop', description: 'Checkout' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This operation is forbidden');
  });
});
