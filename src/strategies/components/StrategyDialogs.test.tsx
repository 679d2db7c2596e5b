import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { VALUE_MESSAGES, type Constraint } from '../../../contract/constraints';
import { renderWithMantine } from '../../test-support';
import { AddStrategyDialog } from './AddStrategyDialog';
import { ConstraintsEditor } from './ConstraintsEditor';
import type { ContextField } from '../../context/rules';
import { FALLBACK_DEFINITION, type StrategyDefinition } from '../definitions';
import { StrategyConfigureDialog } from './StrategyForm';
import { StrategyParametersEditor } from './StrategyParametersEditor';
import { newStrategy } from '../strategy-instance';
import { contextKeys } from '../../context/api/queries';
import { strategyKeys } from '../api/queries';

const contextFields: ContextField[] = [
  { name: 'environment', legalValues: ['dev', 'prod'] },
  { name: 'userId', stickiness: true },
  { name: 'tenant', stickiness: true },
];

const custom: StrategyDefinition = {
  name: 'region',
  displayName: 'Regions',
  description: 'On in some regions',
  editable: true,
  parameters: [
    { name: 'regions', type: 'list', description: 'Where it is on' },
    { name: 'limit', type: 'number', description: 'How many' },
    { name: 'beta', type: 'boolean', description: 'Beta users only' },
    { name: 'label', type: 'string', description: '' },
  ],
};

function seeded(flags: Record<string, boolean> = { C: true }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['ui-config'], { name: 'Switchyard', version: '1', flags });
  client.setQueryData(contextKeys.all, contextFields);
  client.setQueryData(strategyKeys.definitions, [FALLBACK_DEFINITION, custom]);
  return client;
}

function ParametersHarness({
  definition,
  initial,
}: {
  definition: StrategyDefinition;
  initial: Record<string, string>;
}) {
  const [parameters, setParameters] = useState(initial);
  return (
    <>
      <StrategyParametersEditor
        definition={definition}
        parameters={parameters}
        onChange={setParameters}
        contextFields={contextFields}
      />
      <output data-testid="parameters">{JSON.stringify(parameters)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('parameters').textContent ?? '{}') as Record<string, string>;

describe('StrategyParametersEditor', () => {
  it('a field per parameter, labelled with its name and description', () => {
    renderWithMantine(
      <ParametersHarness definition={custom} initial={{ regions: '', limit: '', beta: 'false', label: '' }} />,
    );
    expect(screen.getByRole('textbox', { name: 'regions' })).toHaveAccessibleDescription('Where it is on');
    expect(screen.getByRole('textbox', { name: 'limit' })).toHaveAccessibleDescription('How many');
    expect(screen.getByRole('switch', { name: /^beta/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'label' })).toBeInTheDocument();
  });

  it('a list splits typed input on commas, ignoring duplicates and empties; values can be removed', async () => {
    renderWithMantine(<ParametersHarness definition={custom} initial={{ regions: 'eu' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'regions' }), ' us, eu,, ap {Enter}');
    expect(current().regions).toBe('eu,us,ap');
    await userEvent.click(screen.getByRole('button', { name: 'Remove us' }));
    expect(current().regions).toBe('eu,ap');
  });

  it('a number that is not digits only shows "{name} is not a number!"', async () => {
    renderWithMantine(<ParametersHarness definition={custom} initial={{ limit: '' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'limit' }), '12a');
    expect(screen.getByText('limit is not a number!')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'limit' }), '{Backspace}');
    expect(screen.queryByText('limit is not a number!')).toBeNull();
  });

  it('a boolean is a switch holding "true" or "false"', async () => {
    renderWithMantine(<ParametersHarness definition={custom} initial={{ beta: 'false' }} />);
    await userEvent.click(screen.getByRole('switch', { name: /^beta/ }));
    expect(current().beta).toBe('true');
  });

  it('the gradual rollout: a 0-100 slider, stickiness as a select with context fields, groupId', async () => {
    renderWithMantine(
      <ParametersHarness
        definition={FALLBACK_DEFINITION}
        initial={newStrategy(FALLBACK_DEFINITION, 'checkout').parameters}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'rollout' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    for (const mark of ['0%', '25%', '50%', '75%']) expect(screen.getAllByText(mark).length).toBeGreaterThan(0);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(current().rollout).toBe('99');
    const stickiness = screen.getByRole('combobox', { name: /stickiness/ });
    expect(
      within(stickiness)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['default', 'userId', 'sessionId', 'random', 'tenant']);
    await userEvent.selectOptions(stickiness, 'tenant');
    expect(current()).toEqual({ rollout: '99', stickiness: 'tenant', groupId: 'checkout' });
  });
});

function ConstraintsHarness({ enabled, initial = [] }: { enabled: boolean; initial?: Constraint[] }) {
  const [constraints, setConstraints] = useState(initial);
  return (
    <>
      <ConstraintsEditor
        constraints={constraints}
        onChange={setConstraints}
        contextFields={contextFields}
        enabled={enabled}
      />
      <output data-testid="constraints">{JSON.stringify(constraints)}</output>
    </>
  );
}

const constraints = () => JSON.parse(screen.getByTestId('constraints').textContent ?? '[]') as Constraint[];

describe('ConstraintsEditor', () => {
  it('without the enterprise flag shows the notice and no way to add constraints', () => {
    renderWithMantine(<ConstraintsHarness enabled={false} />);
    expect(screen.getByText('Constraints are only available as an enterprise feature.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add constraints' })).toBeNull();
  });

  it('a constraint needs a value: the error shows and Update stays disabled until one is given', async () => {
    renderWithMantine(<ConstraintsHarness enabled />);
    expect(screen.getByText('No constraints configured')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add constraints' }));
    const dialog = await screen.findByRole('dialog', { name: 'Define constraints' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add constraint' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Context field' }), 'userId');
    expect(within(dialog).getByRole('combobox', { name: 'Operator' })).toHaveValue('IN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update constraints' }));
    expect(within(dialog).getByText('You need to specify at least one value')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update constraints' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Values' }), ' 1, 2 ,, {Enter}');
    expect(within(dialog).queryByText('You need to specify at least one value')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Operator' }), 'NOT_IN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update constraints' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(constraints()).toEqual([{ contextName: 'userId', operator: 'NOT_IN', values: ['1', '2'] }]);
    expect(screen.getByText('userId is not one of 1 or 2')).toBeInTheDocument();
  });

  it('closing the dialog drops constraints with no values; legal values are offered as checkboxes', async () => {
    renderWithMantine(
      <ConstraintsHarness enabled initial={[{ contextName: 'userId', operator: 'IN', values: ['7'] }]} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit constraints' }));
    const dialog = await screen.findByRole('dialog', { name: 'Define constraints' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add constraint' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add constraint' }));
    const second = within(dialog).getByRole('group', { name: 'Constraint 2' });
    const third = within(dialog).getByRole('group', { name: 'Constraint 3' });
    expect(within(second).getByRole('combobox', { name: 'Context field' })).toHaveValue('environment');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'prod' }));
    expect(within(third).getByRole('checkbox', { name: 'dev' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(constraints()).toEqual([
      { contextName: 'userId', operator: 'IN', values: ['7'] },
      { contextName: 'environment', operator: 'IN', values: ['prod'] },
    ]);
  });

  it('each operator gets its input, the server value rule and a sentence; the list survives a round trip', async () => {
    renderWithMantine(
      <ConstraintsHarness enabled initial={[{ contextName: 'userId', operator: 'IN', values: ['2.0'] }]} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit constraints' }));
    const dialog = await screen.findByRole('dialog', { name: 'Define constraints' });
    const operator = within(dialog).getByRole('combobox', { name: 'Operator' });
    expect(within(operator).getByRole('option', { name: 'version is greater than' })).toHaveValue('SEMVER_GT');
    expect(within(operator).getAllByRole('option')).toHaveLength(19);
    expect(within(dialog).queryByRole('checkbox', { name: 'Case-insensitive' })).toBeNull();

    await userEvent.selectOptions(operator, 'SEMVER_GT');
    const version = within(dialog).getByRole('textbox', { name: 'Version' });
    expect(version).toHaveValue('2.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update constraints' }));
    expect(within(dialog).getByText(VALUE_MESSAGES.semver)).toBeInTheDocument();
    await userEvent.clear(version);
    await userEvent.type(version, '2.0.0');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Negate' }));
    expect(within(dialog).getByText('userId is NOT greater than 2.0.0')).toBeInTheDocument();

    await userEvent.selectOptions(operator, 'IN');
    expect(within(dialog).getByRole('list', { name: 'Values of Values' })).toHaveTextContent('2.0');
    await userEvent.selectOptions(operator, 'STR_ENDS_WITH');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Case-insensitive' }));
    expect(within(dialog).getByText('userId does NOT end with 2.0, ignoring case')).toBeInTheDocument();

    await userEvent.selectOptions(operator, 'DATE_AFTER');
    const date = within(dialog).getByLabelText('Date and time (UTC)');
    expect(date).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(date, { target: { value: '2025-01-31T13:00' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Negate' }));
    expect(within(dialog).getByText('userId is after 31 Jan 2025, 13:00 UTC')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update constraints' }));
    expect(constraints()).toEqual([
      {
        contextName: 'userId',
        operator: 'DATE_AFTER',
        values: [],
        value: '2025-01-31T13:00:00.000Z',
        inverted: false,
        caseInsensitive: false,
      },
    ]);
  });
});

describe('StrategyConfigureDialog', () => {
  it('blocks Save while a parameter has an error, then saves the normalised strategy', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderWithMantine(
      <StrategyConfigureDialog
        definition={custom}
        initial={newStrategy(custom, 'checkout')}
        onCancel={() => {}}
        onSave={onSave}
      />,
      seeded(),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Configure Regions strategy' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'limit' }), 'x');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'limit' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'limit' }), '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'label' }), '  hi  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'region',
      parameters: { regions: '', limit: '10', beta: 'false', label: 'hi' },
      constraints: [],
    });
  });

  it('a value typed and left by pressing Save is saved by that one click: nothing above Save moves while it is pressed', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderWithMantine(
      <StrategyConfigureDialog
        definition={custom}
        initial={newStrategy(custom, 'checkout')}
        onCancel={() => {}}
        onSave={onSave}
      />,
      seeded(),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Configure Regions strategy' });
    const regions = within(dialog).getByRole('textbox', { name: 'regions' });
    await user.type(regions, 'eu, us');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const layout = () => within(dialog).getByRole('form').innerHTML;
    const shown = layout();
    // The press moves the focus out of the field (which adds the values); the page keeps its layout until release.
    await user.pointer({ keys: '[MouseLeft>]', target: save });
    expect(regions).not.toHaveFocus();
    expect(layout() === shown, 'the form changed while Save was pressed').toBe(true);
    await user.pointer({ keys: '[/MouseLeft]', target: save });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({
      name: 'region',
      parameters: { regions: 'eu,us', limit: '', beta: 'false', label: '' },
      constraints: [],
    });
    expect(await within(dialog).findByRole('list', { name: 'Values of regions' })).toHaveTextContent('euus');
    expect(regions).toHaveValue('');
  });

  it('leaving the field by keyboard adds the typed values at once', async () => {
    const user = userEvent.setup();
    renderWithMantine(<ParametersHarness definition={custom} initial={{ regions: '' }} />);
    await user.type(screen.getByRole('textbox', { name: 'regions' }), 'eu');
    await user.tab();
    expect(current().regions).toBe('eu');
    expect(screen.getByRole('list', { name: 'Values of regions' })).toHaveTextContent('eu');
    expect(screen.getByRole('textbox', { name: 'regions' })).toHaveValue('');
  });

  it('Escape in the constraints dialog closes only that dialog', async () => {
    const onCancel = vi.fn();
    renderWithMantine(
      <StrategyConfigureDialog
        definition={FALLBACK_DEFINITION}
        initial={newStrategy(FALLBACK_DEFINITION, 'x')}
        onCancel={onCancel}
        onSave={async () => {}}
      />,
      seeded(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add constraints' }));
    await screen.findByRole('dialog', { name: 'Define constraints' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Define constraints' })).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows the enterprise notice when flag C is off', async () => {
    renderWithMantine(
      <StrategyConfigureDialog
        definition={FALLBACK_DEFINITION}
        initial={newStrategy(FALLBACK_DEFINITION, 'x')}
        onCancel={() => {}}
        onSave={async () => {}}
      />,
      seeded({}),
    );
    expect(await screen.findByText('Constraints are only available as an enterprise feature.')).toBeInTheDocument();
  });
});

describe('AddStrategyDialog', () => {
  it('lists built-in strategies in order, then custom ones, and picks one', async () => {
    const onPick = vi.fn();
    const definitions: StrategyDefinition[] = [
      {
        name: 'userWithId',
        parameters: [],
        editable: false,
        description: 'Enable the feature for a specific set of userIds.',
      },
      { name: 'default', parameters: [], editable: false },
      { name: 'gradualRolloutRandom', parameters: [], editable: true, deprecated: true },
      FALLBACK_DEFINITION,
      custom,
    ];
    renderWithMantine(<AddStrategyDialog definitions={definitions} onPick={onPick} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add a new strategy' });
    const builtIn = within(dialog).getByRole('region', { name: 'Built in strategies' });
    expect(
      within(builtIn)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Standard', 'Gradual rollout', 'UserIDsEnable the feature for a specific set of userIds.']);
    const customSection = within(dialog).getByRole('region', { name: 'Custom strategies' });
    await userEvent.click(within(customSection).getByRole('button', { name: /Regions/ }));
    expect(onPick).toHaveBeenCalledWith(custom);
  });
});
