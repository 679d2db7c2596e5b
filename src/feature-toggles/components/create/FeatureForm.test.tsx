import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeRequestConfigQuery } from '../../../change-requests/api/queries';
import { keptClient, renderForm } from '../../../test-support';
import { NAME_EMPTY } from '../../api/name-check';
import { FeatureForm } from './FeatureForm';
import { initialValues, useFeatureForm, type FeatureFormValues } from './use-feature-form';

const types = [
  { id: 'release', name: 'Release' },
  { id: 'experiment', name: 'Experiment' },
];

function Harness(props: {
  legacy: boolean;
  checkName(name: string): Promise<string | undefined>;
  submit(values: FeatureFormValues): Promise<void>;
  search?: Partial<FeatureFormValues>;
}) {
  const form = useFeatureForm(initialValues('default', props.search ?? {}), {
    checkName: props.checkName,
    submit: props.submit,
  });
  return (
    <FeatureForm
      form={form}
      title="Create feature toggle"
      featureTypes={types}
      projects={undefined}
      legacy={props.legacy}
      onCancel={() => {}}
    />
  );
}

function admin() {
  const client = new QueryClient();
  client.setQueryData(['user'], { user: { id: 1 }, permissions: [{ permission: 'ADMIN', project: null }] });
  return client;
}

describe('create feature toggle form', () => {
  it('checks the trimmed name on blur, shows the server message and blocks submit', async () => {
    const checkName = vi.fn(async (name: string) =>
      name === 'taken' ? 'A toggle with that name already exists' : undefined,
    );
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness legacy checkName={checkName} submit={submit} />, admin());
    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, '  taken ');
    await userEvent.tab();
    expect(checkName).toHaveBeenCalledWith('taken');
    expect(name).toHaveValue('taken');
    expect(await screen.findByText('A toggle with that name already exists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).not.toHaveBeenCalled();
  });

  it('the classic form submits name, type, description and the enabled switch; release is the default type', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness legacy checkName={async () => undefined} submit={submit} />, admin());
    expect(screen.getByRole('combobox', { name: 'Toggle type' })).toHaveValue('release');
    expect(screen.getByText('Activation strategies')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'new.toggle');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' Shiny ');
    await userEvent.click(screen.getByRole('switch', { name: 'Disabled feature toggle' }));
    expect(screen.getByRole('switch', { name: 'Enabled feature toggle' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({
      name: 'new.toggle',
      type: 'release',
      project: 'default',
      description: 'Shiny',
      enabled: true,
    });
  });

  it('an empty name is not allowed and the new form checks the name again on submit', async () => {
    const checkName = vi.fn(async () => 'A toggle with that name already exists');
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(
      <Harness legacy={false} checkName={checkName} submit={submit} search={{ type: 'experiment' }} />,
      admin(),
    );
    // Both forms have the enabled switch; only the classic one has the strategies section.
    expect(screen.getByRole('switch', { name: 'Disabled feature toggle' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Activation strategies' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Toggle type' })).toHaveValue('experiment');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(NAME_EMPTY)).toBeInTheDocument();
    expect(checkName).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'dup');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(checkName).toHaveBeenCalledWith('dup');
    expect(await screen.findByText('A toggle with that name already exists')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows a failed create as a general message', async () => {
    const submit = vi.fn(() => Promise.reject(new Error('Could not find the requested resource')));
    await renderForm(
      <Harness legacy checkName={async () => undefined} submit={submit} search={{ name: 'x' }} />,
      admin(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find the requested resource');
  });

  it('where the default environment takes change requests, an Editor creates the toggle off, being told why', async () => {
    const client = keptClient([{ permission: 'CREATE_FEATURE', project: 'default' }]);
    client.setQueryData(changeRequestConfigQuery('default').queryKey, [
      { environment: 'default', type: 'production', changeRequestsEnabled: true, requiredApprovals: 1 },
    ]);
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(
      <Harness legacy checkName={async () => undefined} submit={submit} search={{ enabled: true }} />,
      client,
    );
    // Mantine's switch reads its description as part of its name.
    const enabled = screen.getByRole('switch', { name: /^Disabled feature toggle/ });
    expect(enabled).not.toBeChecked();
    expect(enabled).toBeDisabled();
    expect(enabled).toHaveAccessibleName(/^Disabled feature toggle /);
    expect(
      screen.getByText(
        'default takes changes through change requests: the toggle is created off, and turned on there by a request ' +
          'once it exists.',
      ),
    ).toBeInTheDocument();
  });

  it('tells an admin that enabling it there is recorded as a bypass', async () => {
    const client = keptClient();
    client.setQueryData(changeRequestConfigQuery('default').queryKey, [
      { environment: 'default', type: 'production', changeRequestsEnabled: true, requiredApprovals: 1 },
    ]);
    await renderForm(
      <Harness legacy checkName={async () => undefined} submit={async () => {}} search={{ enabled: true }} />,
      client,
    );
    const enabled = screen.getByRole('switch', { name: /^Enabled feature toggle/ });
    expect(enabled).toBeChecked();
    expect(enabled).toHaveAccessibleName(/recorded as a bypass/);
  });
});
