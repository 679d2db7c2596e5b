import { describe, expect, it } from 'vitest';
import type { Addon, AddonProvider } from './api/queries';
import {
  addonBody,
  addonErrors,
  addonValues,
  attemptOutcome,
  attemptResult,
  FIELD_REQUIRED,
  missingParameters,
  NO_EVENT_CHOSEN,
  retyped,
  withEvent,
} from './rules';

const webhook: AddonProvider = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'A Webhook is a generic way to post messages from Unleash to third party services.',
  documentationUrl: 'https://docs.getunleash.io/docs/addons/webhook',
  parameters: [
    { name: 'url', displayName: 'Webhook URL', type: 'url', required: true, sensitive: true },
    { name: 'contentType', displayName: 'Content-Type', type: 'text', required: false, sensitive: false },
    { name: 'bodyTemplate', displayName: 'Body template', type: 'textfield', required: false, sensitive: false },
  ],
  events: ['feature-created', 'feature-updated', 'feature-archived'],
};

const stored: Addon = {
  id: 3,
  provider: 'webhook',
  description: 'Deploy hook',
  enabled: false,
  parameters: { url: '*****', contentType: 'text/plain' },
  events: ['feature-archived', 'feature-created', 'not-offered-any-more'],
};

describe('addon form rules', () => {
  it('starts a new addon enabled, with every parameter empty and no event', () => {
    expect(addonValues(webhook)).toEqual({
      description: '',
      enabled: true,
      events: [],
      parameters: { url: '', contentType: '', bodyTemplate: '' },
    });
  });

  it("edits an addon as stored, the masked value kept and events in the provider's order", () => {
    expect(addonValues(webhook, stored)).toEqual({
      description: 'Deploy hook',
      enabled: false,
      events: ['feature-created', 'feature-archived'],
      parameters: { url: '*****', contentType: 'text/plain', bodyTemplate: '' },
    });
  });

  it('needs an event and every required parameter (blank counts as missing, the mask as filled in)', () => {
    const empty = { ...addonValues(webhook), parameters: { url: '  ', contentType: '', bodyTemplate: '' } };
    expect(addonErrors(webhook, empty)).toEqual({ events: NO_EVENT_CHOSEN, parameters: FIELD_REQUIRED });
    expect(missingParameters(webhook, empty)).toEqual({ url: FIELD_REQUIRED });
    const masked = addonValues(webhook, stored);
    expect(addonErrors(webhook, masked)).toEqual({ events: undefined, parameters: undefined });
    expect(missingParameters(webhook, masked)).toEqual({});
  });

  it('adds and removes events in the provider order', () => {
    expect(withEvent(webhook, ['feature-archived'], 'feature-created', true)).toEqual([
      'feature-created',
      'feature-archived',
    ]);
    expect(withEvent(webhook, ['feature-created', 'feature-archived'], 'feature-created', false)).toEqual([
      'feature-archived',
    ]);
  });

  it('replaces the mask with what is typed into it; deleting from it empties the field', () => {
    expect(retyped('*****', '*****h')).toBe('h');
    expect(retyped('*****', 'h*****')).toBe('h');
    expect(retyped('*****', '****')).toBe('');
    expect(retyped('*****', 'https://hooks.example/x')).toBe('https://hooks.example/x');
    expect(retyped('http://a', 'http://ab')).toBe('http://ab');
  });

  it('sends trimmed text, leaves empty parameters out and the mask as it came', () => {
    const values = { ...addonValues(webhook, stored), description: ' Deploy hook  ' };
    values.parameters = { ...values.parameters, contentType: ' application/json ' };
    expect(addonBody(webhook, values)).toEqual({
      provider: 'webhook',
      description: 'Deploy hook',
      enabled: false,
      events: ['feature-created', 'feature-archived'],
      parameters: { url: '*****', contentType: 'application/json' },
    });
  });

  it("names an attempt's outcome by its status or its error", () => {
    expect(attemptOutcome({ statusCode: 200, error: null })).toBe('HTTP 200');
    expect(attemptOutcome({ statusCode: 500, error: 'Internal Server Error' })).toBe('HTTP 500: Internal Server Error');
    expect(attemptOutcome({ statusCode: null, error: 'timed out after 10000 ms' })).toBe('timed out after 10000 ms');
    expect(attemptOutcome({ statusCode: null, error: null })).toBe('No answer');
  });

  it('calls an attempt delivered, retried (refused, then delivered or tried again) or failed (given up)', () => {
    expect(attemptResult({ statusCode: 204, state: 'delivered' })).toBe('delivered');
    expect(attemptResult({ statusCode: 500, state: 'delivered' })).toBe('retried');
    expect(attemptResult({ statusCode: null, state: 'pending' })).toBe('retried');
    expect(attemptResult({ statusCode: 404, state: 'failed' })).toBe('failed');
  });
});
