import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { connectivity } from '../../shared/api/connectivity';
import { renderForm } from '../../test-support';
import type { Addon, AddonProvider } from '../api/queries';
import { addonBody, addonValues, FIELD_REQUIRED, NO_EVENT_CHOSEN } from '../rules';
import { AddonForm } from './AddonForm';
import { useAddonForm } from './use-addon-form';

const webhook: AddonProvider = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'A Webhook is a generic way to post messages from Unleash to third party services.',
  documentationUrl: 'https://docs.getunleash.io/docs/addons/webhook',
  parameters: [
    { name: 'url', displayName: 'Webhook URL', type: 'url', required: true, sensitive: true },
    { name: 'bodyTemplate', displayName: 'Body template', type: 'textfield', required: false, sensitive: false },
  ],
  events: ['feature-created', 'feature-updated'],
};

function Harness({ addon, submit }: { addon?: Addon; submit(body: unknown): Promise<void> }) {
  const form = useAddonForm(addonValues(webhook, addon), {
    provider: webhook,
    editMode: addon !== undefined,
    submit: (values) => submit(addonBody(webhook, values)),
  });
  return <AddonForm form={form} onCancel={() => {}} />;
}

const urlField = () => screen.getByRole('textbox', { name: /^Webhook URL/ });
/** Puts text into the URL field at once (as a paste: one change, not one per key). */
async function pasteUrl(text: string) {
  await userEvent.click(urlField());
  await userEvent.paste(text);
}

describe('addon form', () => {
  it('asks for an event and each required parameter, then sends what was filled in', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText(NO_EVENT_CHOSEN)).toBeInTheDocument();
    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining(FIELD_REQUIRED));
    expect(submit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'feature-updated' }));
    expect(screen.queryByText(NO_EVENT_CHOSEN)).toBeNull();
    await pasteUrl('http://127.0.0.1:9/hook');
    expect(screen.queryByText(FIELD_REQUIRED)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith({
      provider: 'webhook',
      description: '',
      enabled: true,
      events: ['feature-updated'],
      parameters: { url: 'http://127.0.0.1:9/hook' },
    });
  });

  it('shows a sensitive value as ***** and sends it back unchanged unless retyped', async () => {
    const addon: Addon = {
      id: 1,
      provider: 'webhook',
      description: 'hook',
      enabled: true,
      parameters: { url: '*****' },
      events: ['feature-created'],
    };
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness addon={addon} submit={submit} />);
    expect(screen.getByRole('heading', { name: 'Edit Webhook addon' })).toBeInTheDocument();
    expect(urlField()).toHaveValue('*****');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(submit).toHaveBeenLastCalledWith(expect.objectContaining({ parameters: { url: '*****' } }));

    await userEvent.type(urlField(), 'h');
    expect(urlField()).toHaveValue('h');
    await pasteUrl('ttp://new.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(submit).toHaveBeenLastCalledWith(
      expect.objectContaining({ parameters: { url: 'http://new.example/hook' } }),
    );
  });

  it('shows a refused save as a general message', async () => {
    const submit = vi.fn(() => Promise.reject(new Error('"url" must be an http or https URL')));
    await renderForm(<Harness submit={submit} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'feature-created' }));
    await pasteUrl('ftp://x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"url" must be an http or https URL');
  });

  it('while offline, Create is disabled saying why and what was typed stays', async () => {
    const submit = vi.fn(() => Promise.resolve());
    await renderForm(<Harness submit={submit} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'feature-created' }));
    await pasteUrl('http://127.0.0.1:9/hook');
    act(() => connectivity.lost());
    try {
      const create = screen.getByRole('button', { name: 'Create' });
      expect(create).toHaveAttribute('aria-disabled', 'true');
      expect(create).toHaveAccessibleDescription(OFFLINE_SAVE_MESSAGE);
      await userEvent.click(create);
      expect(submit).not.toHaveBeenCalled();
    } finally {
      act(() => connectivity.reached());
    }
    expect(urlField()).toHaveValue('http://127.0.0.1:9/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
