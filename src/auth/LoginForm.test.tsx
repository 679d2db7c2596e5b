import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, BadRequestError } from '../shared/api/errors';
import { renderWithMantine } from '../test-support';
import { LoginForm } from './LoginForm';
import { useLoginForm, type LoginBody, type LoginVariant } from './login';

function Harness({ variant, submit }: { variant: LoginVariant; submit: (body: LoginBody) => Promise<void> }) {
  const form = useLoginForm(variant, '', submit);
  return <LoginForm form={form} variant={variant} />;
}

describe('LoginForm', () => {
  it('shows the required-field message under each empty field and does not submit', async () => {
    const submit = vi.fn(() => Promise.resolve());
    renderWithMantine(<Harness variant="password" submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This is a required field')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /Username or email/ })).toHaveAccessibleDescription(
      'This is a required field',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits username and password once both are filled', async () => {
    const submit = vi.fn(() => Promise.resolve());
    renderWithMantine(<Harness variant="password" submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Username or email/ }), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(submit).toHaveBeenCalledWith({ username: 'admin', password: 'secret' });
    expect(screen.queryByText('This is a required field')).toBeNull();
  });

  it('shows the mapped server error', async () => {
    const submit = vi.fn(() => Promise.reject(new AuthenticationError('Authentication required', null)));
    renderWithMantine(<Harness variant="password" submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Username or email/ }), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password and username combination.');
  });

  it('the demo variant asks only for an email and clears it on invalid login details', async () => {
    const submit = vi.fn(() => Promise.reject(new BadRequestError(400, 'x')));
    renderWithMantine(<Harness variant="email" submit={submit} />);
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('This is a required field')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'demo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(submit).toHaveBeenCalledWith({ email: 'demo@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login details');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('');
  });
});
