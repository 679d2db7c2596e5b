import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine, sessionClient } from '../../../test-support';
import type { Variant } from '../../../../contract/variants';
import { VariantsEditor } from './VariantsTab';

const a: Variant = { name: 'a', weight: 500, weightType: 'variable', stickiness: 'userId', overrides: [] };
const b: Variant = {
  name: 'b',
  weight: 500,
  weightType: 'fix',
  stickiness: 'userId',
  payload: { type: 'string', value: 'hello' },
  overrides: [{ contextName: 'userId', values: ['1', '2'] }],
};

function editor(variants: Variant[], queryClient = sessionClient()) {
  const save = vi.fn(async (_: Variant[]) => {});
  renderWithMantine(
    <VariantsEditor
      project="default"
      variants={variants}
      contextFields={[
        { name: 'userId', stickiness: true },
        { name: 'tenant', stickiness: true },
      ]}
      save={save}
    />,
    queryClient,
  );
  return save;
}

describe('the variants tab', () => {
  it('lists name, weight in percent, payload and overrides', () => {
    editor([a, b]);
    const rows = within(screen.getByRole('table', { name: 'Variants' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['a', '50 %', '–', '–'],
      ['b', '50 % (custom)', 'string hello', 'userId: 1, 2'],
    ]);
  });

  it('shows the stickiness select only from two variants; changing it saves every variant with it', async () => {
    const save = editor([a, b]);
    const select = screen.getByRole('combobox', { name: 'Stickiness' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['default', 'userId', 'sessionId', 'random', 'tenant']);
    expect(select).toHaveValue('userId');
    await userEvent.selectOptions(select, 'random');
    expect(save).toHaveBeenCalledWith([
      { ...a, stickiness: 'random' },
      { ...b, stickiness: 'random' },
    ]);
  });

  it('has no stickiness select with one variant', () => {
    editor([{ ...a, weight: 1000 }]);
    expect(screen.queryByRole('combobox', { name: 'Stickiness' })).toBeNull();
  });

  it('deleting a variant rebalances the rest; a rule it breaks shows instead', async () => {
    const c: Variant = { ...a, name: 'c', weight: 250 };
    const save = editor([{ ...a, weight: 250 }, b, c]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete variant a' }));
    expect(save).toHaveBeenCalledWith([b, { ...c, weight: 500 }]);
  });

  it('refuses to delete the last variable variant', async () => {
    const save = editor([a, b]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete variant a' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There must be at least one variable variant');
    expect(save).not.toHaveBeenCalled();
  });

  it('adds a variant through the dialog: the new one shares the variable weight', async () => {
    const save = editor([{ ...a, weight: 1000 }]);
    await userEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add variant' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Variant name/ }), 'b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith([
      { ...a, weight: 500 },
      { name: 'b', weight: 500, weightType: 'variable', stickiness: 'userId', overrides: [] },
    ]);
  });

  it('without UPDATE_FEATURE every control is locked', async () => {
    const save = editor([a, b], sessionClient([]));
    expect(screen.getByRole('button', { name: 'Add variant' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Edit variant a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete variant a' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Stickiness' })).toHaveAttribute('aria-disabled', 'true');
    expect(save).not.toHaveBeenCalled();
  });
});
