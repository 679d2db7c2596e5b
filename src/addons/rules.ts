/**
 * Addon form rules: an addon listens to at least one event, every required parameter is
 * filled in, and a sensitive parameter the server answered as '*****' is sent back unchanged (the server keeps it).
 */
import type { AddonInput, DeliveryState } from '../../contract/addons';
import { SECRET_MASK } from '../../contract/sso';
import type { Addon, AddonProvider } from './api/queries';

export const NO_EVENT_CHOSEN = 'You must listen to at least one event';
export const FIELD_REQUIRED = 'This field is required';

/** An addon as the form edits it. */
export interface AddonValues {
  description: string;
  enabled: boolean;
  events: string[];
  /** Every parameter of the provider, by name ('' when not set). */
  parameters: Record<string, string>;
}

/** The form's values: empty and enabled for a new addon of `provider`, or an existing addon's. */
export function addonValues(provider: AddonProvider, addon?: Addon): AddonValues {
  return {
    description: addon?.description ?? '',
    enabled: addon?.enabled ?? true,
    events: provider.events.filter((event) => addon?.events.includes(event)),
    parameters: Object.fromEntries(provider.parameters.map((p) => [p.name, String(addon?.parameters[p.name] ?? '')])),
  };
}

/** The message of each required parameter left empty (a masked sensitive value counts as filled in). */
export function missingParameters(provider: AddonProvider, values: AddonValues): Record<string, string> {
  return Object.fromEntries(
    provider.parameters
      .filter((p) => p.required && !values.parameters[p.name]?.trim())
      .map((p) => [p.name, FIELD_REQUIRED]),
  );
}

/** The form's field errors: the events, and whether any parameter is missing (each named by missingParameters). */
export function addonErrors(provider: AddonProvider, values: AddonValues): { events?: string; parameters?: string } {
  return {
    events: values.events.length === 0 ? NO_EVENT_CHOSEN : undefined,
    parameters: Object.keys(missingParameters(provider, values)).length > 0 ? FIELD_REQUIRED : undefined,
  };
}

/**
 * A sensitive parameter's new text: typing into the masked '*****' replaces it (what was typed is kept, the mask
 * dropped; deleting from it empties the field), so a masked value is either sent back whole or retyped.
 */
export function retyped(previous: string, next: string): string {
  if (previous !== SECRET_MASK) return next;
  return next.length < SECRET_MASK.length ? '' : next.replace(SECRET_MASK, '');
}

/** Adds or removes one event, keeping the provider's order. */
export function withEvent(provider: AddonProvider, events: readonly string[], event: string, listen: boolean) {
  return provider.events.filter((e) => (e === event ? listen : events.includes(e)));
}

/**
 * The body of POST api/admin/addons and PUT api/admin/addons/{id}: text trimmed, empty parameters left out, a masked
 * sensitive value sent back as it came (the server keeps what it holds).
 */
export function addonBody(provider: AddonProvider, values: AddonValues): AddonInput {
  const parameters = Object.fromEntries(
    provider.parameters
      .map((p) => [p.name, values.parameters[p.name]?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
  return {
    provider: provider.name,
    description: values.description.trim(),
    enabled: values.enabled,
    events: values.events,
    parameters,
  };
}

/** What an attempt came to: the receiver's status ('HTTP 200'), or the error when no answer came. */
export function attemptOutcome({ statusCode, error }: { statusCode: number | null; error: string | null }): string {
  if (statusCode !== null) return error ? `HTTP ${statusCode}: ${error}` : `HTTP ${statusCode}`;
  return error ?? 'No answer';
}

/**
 * What an attempt says in the log: 'delivered' (the receiver accepted it), 'failed' (refused and given up), or,
 * for a refused attempt whose event was still delivered or will be tried again, 'retried'.
 */
export function attemptResult({ statusCode, state }: { statusCode: number | null; state: DeliveryState }) {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'delivered';
  return state === 'failed' ? 'failed' : 'retried';
}
