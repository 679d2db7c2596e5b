import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../contract/tags';
import { renderForm, sessionClient } from '../../test-support';
import { NO_PERMISSION_TO_SAVE } from '../messages';
import { newTag, tagTypeValues, type TagTypeValues } from '../rules';
import { TagForm } from './TagForm';
import { TagTypeForm } from './TagTypeForm';
import { useTagForm } from './use-tag-form';
import { useTagTypeForm } from './use-tag-type-form';

const TAKEN = 'There already exists a tag-type with the name team';

function TagTypeHarness(props: {
  initial?: TagTypeValues;
  editMode?: boolean;
  checkName?(name: string): Promise<string | undefined>;
  submit(values: TagTypeValues): Promise<void>;
}) {
  const form = useTagTypeForm(props.initial ?? tagTypeValues(), {
    editMode: props.editMode ?? false,
    checkName: props.checkName,
    submit: props.submit,
  });
  return <TagTypeForm form={form} onCancel={() => {}} />;
}

function TagHarness({ submit }: { submit(tag: Tag): Promise<void> }) {
  const form = useTagForm(newTag(), { submit });
  return <TagForm form={form} tagTypes={[{ name: 'simple' }, { name: 'jira' }]} onCancel={() => {}} />;
}

const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

describe('tag type form', () => {
  it('trims the name, checks it with the server on blur and before creating, and shows its message', async () => {
    const checkName = vi.fn(async (name: string) =>
      name === 'team' ? TAKEN : name.length < 2 ? '"name" length must be at least 2 characters long' : undefined,
    );
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<TagTypeHarness checkName={checkName} submit={submit} />);
    await userEvent.type(nameField(), '  team ');
    await userEvent.tab();
    expect(checkName).toHaveBeenCalledWith('team');
    expect(nameField()).toHaveValue('team');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).not.toHaveBeenCalled();

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('"name" length must be at least 2 characters long')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.type(nameField(), 'squad');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' Owning squad ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({ name: 'xsquad', description: 'Owning squad' });
  });

  it('locks the name when editing, and a failed save is a general message', async () => {
    const checkName = vi.fn(async () => TAKEN);
    const submit = vi.fn(() => Promise.reject(new Error('Could not find tag-type with name: team')));
    await renderForm(
      <TagTypeHarness editMode initial={{ name: 'team', description: '' }} checkName={checkName} submit={submit} />,
    );
    expect(nameField()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(checkName).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith({ name: 'team', description: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find tag-type with name: team');
  });

  it('without the permission says so and does not save', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(
      <TagTypeHarness editMode initial={{ name: 'team', description: '' }} submit={submit} />,
      sessionClient([{ permission: 'CREATE_TAG_TYPE', project: null }]),
    );
    expect(screen.getByText(NO_PERMISSION_TO_SAVE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('tag form', () => {
  it('the type defaults to simple; the value is trimmed; a refusal is shown', async () => {
    const submit = vi
      .fn<(tag: Tag) => Promise<void>>()
      .mockRejectedValueOnce(new Error('"value" length must be at least 2 characters long'))
      .mockResolvedValue(undefined);
    await renderForm(<TagHarness submit={submit} />);
    expect(screen.getByRole('combobox', { name: 'Tag type' })).toHaveValue('simple');
    await userEvent.type(screen.getByRole('textbox', { name: /^Value/ }), ' x ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenLastCalledWith({ type: 'simple', value: 'x' });
    expect(await screen.findByRole('alert')).toHaveTextContent('"value" length must be at least 2 characters long');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tag type' }), 'jira');
    await userEvent.clear(screen.getByRole('textbox', { name: /^Value/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Value/ }), 'xyz');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenLastCalledWith({ type: 'jira', value: 'xyz' });
  });
});
