import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toggleKeys } from '../../offline/mirror';
import { DependencyPanel } from './DependencyPanel';
import { renderInRouter, sessionClient } from '../../../test-support';
import { sampleFeature } from './test-support';

/** A session (admin) whose toggle list holds these toggles, as the list's query answered them. */
function clientWithToggles(toggles: { name: string; project: string; variants?: { name: string }[] }[]) {
  const client = sessionClient();
  client.setQueryData(toggleKeys.list(), toggles);
  return client;
}

describe('the Dependency section', () => {
  it('shows the parent with the state and variants it needs, the children as links, and Remove dependency', async () => {
    const feature = sampleFeature({
      dependencies: [{ feature: 'checkout.parent', enabled: true, variants: ['a', 'b'] }],
      children: ['checkout.child'],
    });
    renderInRouter(<DependencyPanel feature={feature} />);
    const section = await screen.findByRole('region', { name: 'Dependency' });
    expect(within(section).getByRole('link', { name: 'checkout.parent' })).toHaveAttribute(
      'href',
      '/projects/default/features2/checkout.parent',
    );
    expect(section).toHaveTextContent('The parent must be enabled, with the variant a or b.');
    expect(within(section).getByRole('button', { name: 'Remove dependency' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Add parent feature' })).toBeNull();
    const children = within(section).getByRole('list', { name: 'Children' });
    expect(within(children).getByRole('link', { name: 'checkout.child' })).toHaveAttribute(
      'href',
      '/projects/default/features2/checkout.child',
    );
  });

  it('a parent that must be disabled says so, without variants', async () => {
    const feature = sampleFeature({ dependencies: [{ feature: 'checkout.parent', enabled: false }] });
    renderInRouter(<DependencyPanel feature={feature} />);
    expect(await screen.findByRole('region', { name: 'Dependency' })).toHaveTextContent('The parent must be disabled.');
  });

  it("'Add parent feature' offers the project's other toggles, not its children; variants only for an enabled parent", async () => {
    const feature = sampleFeature({ children: ['checkout.child'] });
    const client = clientWithToggles([
      { name: 'zeta', project: 'default', variants: [{ name: 'blue' }, { name: 'green' }] },
      { name: 'checkout', project: 'default' },
      { name: 'checkout.child', project: 'default' },
      { name: 'alpha', project: 'default' },
      { name: 'elsewhere', project: 'web' },
    ]);
    renderInRouter(<DependencyPanel feature={feature} />, client);
    await userEvent.click(await screen.findByRole('button', { name: 'Add parent feature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add parent feature' });
    const choice = within(dialog).getByRole('combobox', { name: 'What feature do you want to depend on?' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a parent feature', 'alpha', 'zeta']);
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();

    await userEvent.selectOptions(choice, 'zeta');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled();
    const variants = within(dialog).getByRole('group', { name: 'What variant(s) should the parent feature have?' });
    expect(
      within(variants)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['blue', 'green']);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'disabled' }));
    expect(within(dialog).queryByRole('group', { name: 'What variant(s) should the parent feature have?' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
