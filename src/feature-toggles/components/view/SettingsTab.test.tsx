import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine, sessionClient } from '../../../test-support';
import { DESCRIPTION_REQUIRED, MetadataForm, MoveProjectForm } from './SettingsTab';
import { sampleFeature } from './test-support';

const projects = [
  { id: 'default', name: 'Default' },
  { id: 'web', name: 'Web shop' },
];

/** The sample toggle's move form; `environmentsOf` names the environments a target project has. */
const renderMove = (
  move: (project: string) => Promise<void>,
  environmentsOf: (project: string) => Promise<string[]> = async () => ['development'],
) =>
  renderWithMantine(
    <MoveProjectForm feature={sampleFeature()} projects={projects} environmentsOf={environmentsOf} move={move} />,
    sessionClient(),
  );

/** Chooses the project Web shop and asks to move there. */
async function moveToWebShop() {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Project' }), 'web');
  await userEvent.click(screen.getByRole('button', { name: 'Move toggle' }));
}

describe('moving a toggle to another project', () => {
  it('is blocked by a dialog naming the environments with strategies the target lacks', async () => {
    const environmentsOf = vi.fn(async () => ['production']);
    const move = vi.fn(async () => {});
    renderMove(move, environmentsOf);
    expect(screen.getByRole('button', { name: 'Move toggle' })).toBeDisabled();
    await moveToWebShop();
    expect(environmentsOf).toHaveBeenCalledWith('web');
    const dialog = await screen.findByRole('dialog', { name: 'The toggle cannot be moved' });
    expect(dialog).toHaveTextContent('project Web shop does not have: development.');
    expect(move).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes ahead when every environment with strategies exists there', async () => {
    const move = vi.fn(async () => {});
    renderMove(move);
    await moveToWebShop();
    expect(move).toHaveBeenCalledWith('web');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed move', async () => {
    const move = vi.fn(async () => {
      throw new Error('This operation is forbidden');
    });
    renderMove(move);
    await moveToWebShop();
    expect(await screen.findByRole('alert')).toHaveTextContent('This operation is forbidden');
  });
});

describe('metadata', () => {
  const types = [
    { id: 'release', name: 'Release' },
    { id: 'experiment', name: 'Experiment' },
  ];

  it('sends only what changed; the description is required', async () => {
    const save = vi.fn(async () => {});
    renderWithMantine(<MetadataForm feature={sampleFeature()} featureTypes={types} save={save} />, sessionClient());
    const submit = screen.getByRole('button', { name: 'Save' });
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Feature type' }), 'experiment');
    await userEvent.click(submit);
    expect(save).toHaveBeenLastCalledWith({ type: 'experiment' });
    await userEvent.clear(screen.getByRole('textbox', { name: /Description/ }));
    await userEvent.click(submit);
    expect(await screen.findByText(DESCRIPTION_REQUIRED)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), ' Faster checkout ');
    await userEvent.click(submit);
    expect(save).toHaveBeenLastCalledWith({ type: 'experiment', description: 'Faster checkout' });
  });

  it('without UPDATE_FEATURE the fields are read-only and Save is locked', async () => {
    const save = vi.fn(async () => {});
    renderWithMantine(<MetadataForm feature={sampleFeature()} featureTypes={types} save={save} />, sessionClient([]));
    expect(screen.getByRole('combobox', { name: 'Feature type' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');
  });
});
