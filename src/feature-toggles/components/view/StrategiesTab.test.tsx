import { Accordion, Button } from '@mantine/core';
import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_DEFINITION, type StrategyDefinition } from '../../../strategies/definitions';
import { REALLY_DELETE } from '../../../strategies/messages';
import { renderWithMantine, renderInRouter, sessionClient } from '../../../test-support';
import { NewStrategyForm } from './NewStrategyForm';
import { useProductionConfirm } from '../switches/ProductionConfirm';
import { StrategyItem } from './StrategyItem';
import { StrategySidebar } from './StrategySidebar';

const saved = {
  id: 's1',
  name: 'flexibleRollout',
  parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
};

const inDnd = (ui: ReactElement) => (
  <DndContext>
    <SortableContext items={['s1']}>
      <Accordion multiple defaultValue={['s1']}>
        {ui}
      </Accordion>
    </SortableContext>
  </DndContext>
);

async function item(props: { editable?: boolean; definition?: StrategyDefinition | null } = {}) {
  const onSave = vi.fn(async () => {});
  const onDelete = vi.fn(async () => {});
  renderInRouter(
    inDnd(
      <StrategyItem
        id="s1"
        strategy={saved}
        project="default"
        segments={[]}
        definition={props.definition === null ? undefined : (props.definition ?? FALLBACK_DEFINITION)}
        missing={props.definition === null}
        contextFields={[{ name: 'userId' }]}
        constraintsEnabled
        editable={props.editable ?? true}
        onSave={onSave}
        onDelete={onDelete}
      />,
    ),
    sessionClient(),
  );
  await screen.findByText('Gradual rollout');
  return { onSave, onDelete };
}

describe('a strategy in the Strategies tab', () => {
  it('marks unsaved changes; Discard changes restores the saved strategy', async () => {
    await item();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    const groupId = screen.getByRole('textbox', { name: /groupId/ });
    await userEvent.type(groupId, '-2');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('textbox', { name: /groupId/ })).toHaveValue('checkout');
  });

  it('Save changes sends the edited strategy', async () => {
    const { onSave } = await item();
    await userEvent.type(screen.getByRole('textbox', { name: /groupId/ }), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith({ ...saved, parameters: { ...saved.parameters, groupId: 'checkout-2' } });
  });

  it('asks before deleting', async () => {
    const { onDelete } = await item();
    await userEvent.click(screen.getByRole('button', { name: 'Delete strategy' }));
    const dialog = await screen.findByRole('dialog', { name: REALLY_DELETE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete strategy' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: REALLY_DELETE })).getByRole('button', {
        name: 'Delete strategy',
      }),
    );
    expect(onDelete).toHaveBeenCalled();
  });

  it('has a keyboard-reachable drag handle', async () => {
    await item();
    const handle = screen.getByRole('button', { name: 'Move Gradual rollout' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAttribute('tabindex', '0');
  });

  it('without UPDATE_FEATURE: no handle, no form, no delete; the strategy still shows', async () => {
    await item({ editable: false });
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete strategy' })).toBeNull();
    expect(screen.getByText('checkout')).toBeInTheDocument();
  });

  it('says when the strategy definition does not exist', async () => {
    await item({ definition: null });
    expect(screen.getByRole('alert')).toHaveTextContent('The strategy definition "flexibleRollout" does not exist');
    expect(screen.getByRole('link', { name: 'Create it' })).toHaveAttribute(
      'href',
      '/strategies/create?name=flexibleRollout',
    );
  });
});

function ConfirmHarness({ type, run }: { type: string; run(): Promise<void> }) {
  const production = useProductionConfirm();
  return (
    <>
      <Button onClick={() => void production.confirm({ name: 'prod', type }, 'Save changes', run)}>Save</Button>
      {production.dialog}
    </>
  );
}

describe('production environments', () => {
  it('need a confirmation before a change is saved', async () => {
    const run = vi.fn(async () => {});
    renderWithMantine(<ConfirmHarness type="production" run={run} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The dialog's frame may show first, its button busy until the dialog's code is here.
    const confirm = await waitFor(() => {
      const button = within(screen.getByRole('dialog', { name: 'Change prod?' })).getByRole('button', {
        name: 'Save changes',
      });
      expect(button).toBeEnabled();
      return button;
    });
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(confirm);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('other environments save at once', async () => {
    const run = vi.fn(async () => {});
    renderWithMantine(<ConfirmHarness type="development" run={run} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('adding a strategy', () => {
  const definitions: StrategyDefinition[] = [
    { name: 'default', displayName: 'Standard', parameters: [], editable: false },
    FALLBACK_DEFINITION,
    { name: 'gradualRolloutRandom', parameters: [], editable: false, deprecated: true },
    {
      name: 'tenant',
      displayName: 'Tenant',
      description: 'By tenant',
      parameters: [{ name: 'tenants', type: 'list' }],
      editable: true,
    },
  ];

  it('the sidebar lists the non-deprecated strategies, each with a drag handle and an add button', async () => {
    const onAdd = vi.fn();
    renderWithMantine(
      <DndContext>
        <StrategySidebar
          definitions={definitions}
          environment="production"
          focusOnOpen
          onAdd={onAdd}
          onClose={() => {}}
        />
      </DndContext>,
    );
    const list = screen.getByRole('list', { name: 'Strategies' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Standard', 'Gradual rollout', 'TenantBy tenant']);
    expect(screen.getByRole('button', { name: "Drag Tenant onto the environment's strategies" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add a strategy to production' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add Gradual rollout' }));
    expect(onAdd).toHaveBeenCalledWith(FALLBACK_DEFINITION);
  });

  it('the configure form starts from the definition defaults; Cancel goes back', async () => {
    const onSave = vi.fn(async () => {});
    const onCancel = vi.fn();
    renderWithMantine(
      <NewStrategyForm
        definition={FALLBACK_DEFINITION}
        project="default"
        segments={[]}
        featureName="checkout"
        environment="production"
        contextFields={[]}
        constraintsEnabled={false}
        onSave={onSave}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText('New strategy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save strategy' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
      constraints: [],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("saves the chosen segments (the project's and global ones, at most 5) and the strategy's variants", async () => {
    const segment = (id: number, name: string, project: string | null) => ({
      id,
      name,
      project,
      description: null,
      constraints: [{ contextName: 'appName', operator: 'IN', values: [`app-${id}`] }],
      createdBy: null,
      createdAt: '2026-11-23T00:00:00.000Z',
    });
    const segments = [
      segment(1, 'beta users', null),
      segment(2, 'other project', 'elsewhere'),
      ...[3, 4, 5, 6, 7].map((id) => segment(id, `s${id}`, 'default')),
    ];
    const onSave = vi.fn(async () => {});
    renderInRouter(
      <NewStrategyForm
        definition={FALLBACK_DEFINITION}
        project="default"
        segments={segments}
        featureName="checkout"
        environment="production"
        contextFields={[]}
        constraintsEnabled={false}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
      sessionClient(),
    );
    const select = await screen.findByRole('combobox', { name: 'Segment' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a segment', 'beta users (global)', 's3', 's4', 's5', 's6', 's7']);
    for (const name of ['beta users (global)', 's3', 's4', 's5', 's6']) {
      await userEvent.selectOptions(select, name);
      await userEvent.click(screen.getByRole('button', { name: 'Add segment' }));
    }
    expect(screen.getByText('A strategy can use at most 5 segments.')).toBeInTheDocument();
    expect(select).toBeDisabled();
    // A chosen segment shows its constraints, read-only; it can be removed.
    const chosen = screen.getByRole('list', { name: 'Chosen segments' });
    expect(within(chosen).getByText(/app-1/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove segment s6' }));
    expect(select).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add variant' });
    expect(within(dialog).queryByText('Overrides')).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Variant name' }), 'blue');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Payload type' }), 'number');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Payload value' }), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(await screen.findByRole('cell', { name: 'blue' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save strategy' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
      constraints: [],
      segments: [1, 3, 4, 5],
      variants: [
        {
          name: 'blue',
          weight: 1000,
          weightType: 'variable',
          stickiness: 'default',
          payload: { type: 'number', value: '42' },
        },
      ],
    });
  });
});
