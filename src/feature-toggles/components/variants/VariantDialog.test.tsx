import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BadRequestError } from '../../../shared/api/errors';
import { renderWithMantine } from '../../../test-support';
import { VariantDialog } from './VariantDialog';
import { NO_VARIABLE_VARIANT, TOTAL_EXCEEDED, type Variant } from '../../../../contract/variants';
import { NAME_REQUIRED, WEIGHT_RANGE } from './variants';

const three: Variant[] = [
  { name: 'a', weight: 334, weightType: 'variable', stickiness: 'userId', overrides: [] },
  { name: 'b', weight: 333, weightType: 'variable', stickiness: 'userId', overrides: [] },
  { name: 'c', weight: 333, weightType: 'variable', stickiness: 'userId', overrides: [] },
];

function open(variants: Variant[], index?: number, save = vi.fn(async (_: Variant[]) => {})) {
  const onClose = vi.fn();
  renderWithMantine(
    <VariantDialog
      variants={variants}
      index={index}
      contextNames={['userId', 'tenant']}
      save={save}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog');
  return { save, onClose, dialog, q: within(dialog) };
}

describe('the variant dialog', () => {
  it('needs a name; the weight field shows only with Custom percentage', async () => {
    const { save, q } = open([]);
    expect(q.queryByRole('textbox', { name: 'Weight' })).toBeNull();
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(await q.findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await userEvent.click(q.getByRole('switch', { name: 'Custom percentage' }));
    expect(q.getByRole('textbox', { name: 'Weight' })).toHaveValue('100');
  });

  it('adds a variable variant with a payload and an override; the others share the total', async () => {
    const { save, onClose, q } = open(three);
    await userEvent.type(q.getByRole('textbox', { name: /Variant name/ }), 'd');
    await userEvent.selectOptions(q.getByRole('combobox', { name: 'Payload type' }), 'json');
    await userEvent.click(q.getByRole('textbox', { name: 'Payload value' }));
    await userEvent.paste('{"on":true}');
    await userEvent.click(q.getByRole('button', { name: 'Add override' }));
    const override = q.getByRole('group', { name: 'Override 1' });
    expect(within(override).getByRole('combobox', { name: 'Context field' })).toHaveValue('userId');
    await userEvent.type(within(override).getByRole('textbox', { name: 'Values' }), '42,43{enter}');
    // An empty second override is dropped on save.
    await userEvent.click(q.getByRole('button', { name: 'Add override' }));
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith([
      { ...three[0], weight: 250 },
      { ...three[1], weight: 250 },
      { ...three[2], weight: 250 },
      {
        name: 'd',
        weight: 250,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"on":true}' },
        overrides: [{ contextName: 'userId', values: ['42', '43'] }],
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('editing one of three to a custom 50 % rebalances the other two; the name cannot change', async () => {
    const { save, q } = open(three, 1);
    expect(q.getByRole('textbox', { name: /Variant name/ })).toBeDisabled();
    await userEvent.click(q.getByRole('switch', { name: 'Custom percentage' }));
    const weight = q.getByRole('textbox', { name: 'Weight' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '150');
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(await q.findByText(WEIGHT_RANGE)).toBeInTheDocument();
    await userEvent.clear(weight);
    expect(q.queryByText(WEIGHT_RANGE)).toBeNull();
    await userEvent.type(weight, '50');
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(save.mock.calls[0][0].map((v: Variant) => [v.name, v.weightType, v.weight])).toEqual([
      ['a', 'variable', 250],
      ['b', 'fix', 500],
      ['c', 'variable', 250],
    ]);
  });

  it('shows the list rules: the total and the variable variant', async () => {
    const fixedHalf: Variant[] = [
      { name: 'a', weight: 600, weightType: 'fix', stickiness: 'default' },
      { name: 'b', weight: 400, weightType: 'variable', stickiness: 'default' },
    ];
    const first = open(fixedHalf);
    await userEvent.type(first.q.getByRole('textbox', { name: /Variant name/ }), 'c');
    await userEvent.click(first.q.getByRole('switch', { name: 'Custom percentage' }));
    await userEvent.clear(first.q.getByRole('textbox', { name: 'Weight' }));
    await userEvent.type(first.q.getByRole('textbox', { name: 'Weight' }), '50');
    await userEvent.click(first.q.getByRole('button', { name: 'Save' }));
    expect(await first.q.findByRole('alert')).toHaveTextContent(TOTAL_EXCEEDED);
    await userEvent.click(first.q.getByRole('button', { name: 'Cancel' }));
    expect(first.onClose).toHaveBeenCalled();
  });

  it('a single variant cannot be fixed', async () => {
    const { q, save } = open([{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }], 0);
    await userEvent.click(q.getByRole('switch', { name: 'Custom percentage' }));
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(await q.findByRole('alert')).toHaveTextContent(NO_VARIABLE_VARIANT);
    expect(save).not.toHaveBeenCalled();
  });

  it('maps a refused save to the field it concerns and stays open', async () => {
    const save = vi.fn(async () => {
      throw new BadRequestError(400, 'Bad request format', {
        details: [{ message: 'violates unique constraint: duplicate value' }],
      });
    });
    const { q, onClose } = open([], undefined, save);
    await userEvent.type(q.getByRole('textbox', { name: /Variant name/ }), 'x');
    await userEvent.click(q.getByRole('button', { name: 'Save' }));
    expect(await q.findByText('A variant with that name already exists.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
