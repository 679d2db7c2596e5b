import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { projectsQuery } from '../../projects/api/queries';
import { contextFieldsQuery } from '../../context/api/queries';
import { renderForm } from '../../test-support';
import { segmentValues, type SegmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

const TAKEN = 'Segment name already exists';

function Harness(props: {
  initial?: SegmentValues;
  editMode?: boolean;
  checkName(name: string): Promise<string | undefined>;
}) {
  const form = useSegmentForm(props.initial ?? segmentValues(), {
    editMode: props.editMode ?? false,
    checkName: props.checkName,
    submit: async () => {},
  });
  return <SegmentForm form={form} onCancel={() => {}} />;
}

/** An admin's session, with the projects and context fields the form offers already read. */
function session() {
  const client = new QueryClient();
  client.setQueryData(['user'], { user: { id: 1 }, permissions: [{ permission: 'ADMIN', project: null }] });
  client.setQueryData(projectsQuery.queryKey, [{ id: 'default', name: 'Default' }]);
  client.setQueryData(contextFieldsQuery.queryKey, []);
  return client;
}

const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

describe('the segment form', () => {
  it('checks a new name with the server as the field is left, and shows its reason until the name changes', async () => {
    const checkName = vi.fn(async (name: string) => (name === 'beta users' ? TAKEN : undefined));
    await renderForm(<Harness checkName={checkName} />, session());
    await userEvent.type(nameField(), '  beta users ');
    await userEvent.tab();
    expect(checkName).toHaveBeenCalledWith('beta users');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');

    // The name was trimmed as it was left.
    expect(nameField()).toHaveValue('beta users');
    await userEvent.type(nameField(), ' 2');
    expect(screen.queryByText(TAKEN)).toBeNull();
    await userEvent.tab();
    expect(checkName).toHaveBeenLastCalledWith('beta users 2');
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('an empty name, or the segment’s own name when editing, is not sent to be checked', async () => {
    const checkName = vi.fn(async () => TAKEN);
    const initial = { ...segmentValues(), name: 'beta users' };
    await renderForm(<Harness initial={initial} editMode checkName={checkName} />, session());
    await userEvent.click(nameField());
    await userEvent.tab();
    await userEvent.clear(nameField());
    await userEvent.tab();
    expect(checkName).not.toHaveBeenCalled();
    await userEvent.type(nameField(), 'gamma users');
    await userEvent.tab();
    expect(checkName).toHaveBeenCalledWith('gamma users');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
  });
});
