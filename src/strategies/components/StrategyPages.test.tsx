import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { keptClient, renderForm, renderRoute } from '../../test-support';
import {
  definitionErrorMessage,
  newDefinitionValues,
  STRATEGY_EXISTS,
  type DefinitionFormValues,
  type StrategyDefinition,
} from '../definitions';
import { StrategyDefinitionForm } from './StrategyDefinitionForm';
import { useDefinitionForm } from './use-definition-form';
import { strategyKeys } from '../api/queries';
import { ApiError } from '../../shared/api/errors';

const definitions: StrategyDefinition[] = [
  {
    name: 'default',
    displayName: 'Standard',
    description: 'On or off for everyone.',
    parameters: [],
    editable: false,
    deprecated: false,
  },
  {
    name: 'flexibleRollout',
    displayName: 'Gradual rollout',
    description: 'Roll out to a percentage.',
    editable: false,
    deprecated: false,
    parameters: [{ name: 'rollout', type: 'percentage', description: '', required: false }],
  },
  {
    name: 'gradualRolloutRandom',
    displayName: null,
    description: 'Random.',
    parameters: [],
    editable: false,
    deprecated: true,
  },
  {
    name: 'region',
    displayName: null,
    description: 'On in some regions.',
    editable: true,
    deprecated: false,
    parameters: [{ name: 'regions', type: 'list', description: 'Region codes', required: true }],
  },
];

function seeded(permissions: { permission: string; project?: string | null }[]) {
  const client = keptClient(permissions, { C: true });
  client.setQueryData(strategyKeys.definitions, definitions);
  return client;
}

const ADMIN = [{ permission: 'ADMIN', project: null }];

/** The strategies routes as the app registers them, in the app's router. */
function renderStrategies(path: string, client: QueryClient) {
  return renderRoute(path, client).router;
}

/** A screen's first render loads the lazy route modules: seconds on a busy machine. */
const FIRST_RENDER = { timeout: 45_000 };
const ROUTE_TEST = { timeout: 90_000 };

describe('/strategies', ROUTE_TEST, () => {
  it('lists name, display name, description and deprecated state, with the actions an admin may take', async () => {
    renderStrategies('/strategies', seeded(ADMIN));
    const list = await screen.findByRole('list', { name: 'Strategies' }, FIRST_RENDER);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByRole('link', { name: 'Gradual rollout' })).toHaveAttribute(
      'href',
      '/strategies/view/flexibleRollout',
    );
    expect(within(rows[1]).getByText('flexibleRollout')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Roll out to a percentage.')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Deprecated')).toBeInTheDocument();
    // The default strategy cannot be deprecated; built-ins cannot be edited or deleted.
    expect(within(rows[0]).queryByRole('button', { name: /Deprecate/ })).toBeNull();
    expect(within(rows[0]).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Deprecate flexibleRollout' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('button', { name: 'Reactivate gradualRolloutRandom' })).toBeInTheDocument();
    expect(within(rows[3]).getByRole('button', { name: 'Delete region' })).toBeInTheDocument();
    expect(within(rows[3]).getByRole('button', { name: 'Edit region' })).toBeInTheDocument();
  });

  it('deprecate, reactivate and delete ask for confirmation first', async () => {
    renderStrategies('/strategies', seeded(ADMIN));
    await userEvent.click(await screen.findByRole('button', { name: 'Deprecate flexibleRollout' }, FIRST_RENDER));
    let dialog = await screen.findByRole('dialog', { name: 'Really deprecate strategy?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate gradualRolloutRandom' }));
    dialog = await screen.findByRole('dialog', { name: 'Really reactivate strategy?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete region' }));
    dialog = await screen.findByRole('dialog', { name: 'Really delete strategy?' });
    expect(within(dialog).getByText(/region/)).toBeInTheDocument();
  });

  it('without the strategy permissions the actions are locked with the no-access tooltip', async () => {
    renderStrategies('/strategies', seeded([{ permission: 'CREATE_FEATURE', project: 'default' }]));
    const add = await screen.findByRole('button', { name: 'Add new strategy' }, FIRST_RENDER);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription("You don't have access to perform this operation");
    await userEvent.click(screen.getByRole('button', { name: 'Delete region' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/strategies/create', ROUTE_TEST, () => {
  it('prefills the name from ?name=', async () => {
    renderStrategies('/strategies/create?name=region2', seeded(ADMIN));
    expect(await screen.findByRole('textbox', { name: /Strategy name/ }, FIRST_RENDER)).toHaveValue('region2');
    expect(screen.getByRole('heading', { name: 'Create a new strategy' })).toBeInTheDocument();
  });
});

function FormHarness(props: {
  validateName(name: string): Promise<void>;
  submit(values: DefinitionFormValues): Promise<void>;
}) {
  const form = useDefinitionForm(newDefinitionValues(), {
    editMode: false,
    checkName: (name) => props.validateName(name).then(() => undefined, definitionErrorMessage),
    submit: props.submit,
  });
  return <StrategyDefinitionForm form={form} onCancel={() => {}} />;
}

describe('custom strategy form', () => {
  it('checks the name with the server; a taken name shows "A strategy with this name already exists "', async () => {
    const validateName = vi.fn(async (name: string) => {
      if (name === 'taken') throw new ApiError(409, 'Strategy with name taken already exist');
    });
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<FormHarness validateName={validateName} submit={submit} />, seeded(ADMIN));
    await userEvent.type(screen.getByRole('textbox', { name: /Strategy name/ }), 'taken');
    await userEvent.tab();
    expect(validateName).toHaveBeenCalledWith('taken');
    expect(await screen.findByText(STRATEGY_EXISTS.trim())).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parameters with a name; a missing type is string', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<FormHarness validateName={async () => {}} submit={submit} />, seeded(ADMIN));
    await userEvent.type(screen.getByRole('textbox', { name: /Strategy name/ }), 'region');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'By region');
    await userEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    const first = screen.getByRole('group', { name: 'Parameter 1' });
    expect(screen.getByRole('group', { name: 'Parameter 2' })).toBeInTheDocument();
    await userEvent.type(within(first).getByRole('textbox', { name: 'Parameter name' }), 'regions');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Type' }), 'list');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Parameter description' }), 'Codes');
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Required' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({
      name: 'region',
      description: 'By region',
      parameters: [{ name: 'regions', type: 'list', description: 'Codes', required: true }],
    });
  }, 15_000);

  it('a taken name reported by the create call shows under the name', async () => {
    const submit = vi.fn(() => Promise.reject(new ApiError(409, 'exists')));
    await renderForm(<FormHarness validateName={async () => {}} submit={submit} />, seeded(ADMIN));
    await userEvent.type(screen.getByRole('textbox', { name: /Strategy name/ }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(STRATEGY_EXISTS.trim())).toBeInTheDocument();
  });
});
