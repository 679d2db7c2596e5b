import { Button, TextInput } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test-support';
import { FormFrame } from './FormFrame';
import { LEAVE_MESSAGE } from './leave-guard';
import { useForm } from './use-form';

/** A create page: its form goes back to the list when saved or cancelled. */
function CreatePage({ submit }: { submit(values: { name: string }): Promise<unknown> }) {
  const navigate = useNavigate();
  const toList = () => navigate({ to: '/segments' });
  const form = useForm({ name: '' }, { submit, onSaved: toList });
  return (
    <FormFrame
      form={form}
      title="Create thing"
      intro="What a thing is for."
      onCancel={() => void toList()}
      submit={(button) => <Button {...button}>Create</Button>}
    >
      <TextInput label="Name" value={form.values.name} onChange={(e) => form.setField('name', e.currentTarget.value)} />
    </FormFrame>
  );
}

function renderPages(submit: (values: { name: string }) => Promise<unknown>) {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: 'segments', component: () => <p>The list</p> }),
    createRoute({
      getParentRoute: () => root,
      path: 'segments/create',
      component: () => <CreatePage submit={submit} />,
    }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/segments/create'] }) });
  renderWithMantine(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('the form frame', () => {
  it('draws the heading, the intro, the fields and a failed save as the general error', async () => {
    renderPages(() => Promise.reject(new Error('Could not save')));
    const form = await screen.findByRole('form', { name: 'Create thing' });
    expect(screen.getByRole('heading', { name: 'Create thing' })).toBeInTheDocument();
    expect(form).toHaveTextContent('What a thing is for.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
  });

  it('asks before leaving a changed form, and leaves without asking once it is saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const submit = vi.fn(() => Promise.resolve());
    const router = renderPages(submit);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE);
    expect(router.state.location.pathname).toBe('/segments/create');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({ name: 'x' });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('leaves an unchanged form without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPages(() => Promise.resolve());
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
