import type { AddonInput, AddonProvider } from '../../contract/addons.ts';
import { SECRET_MASK } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { notFound, validationError } from '../platform/http/errors.ts';
import { checkTemplate, TemplateError } from './mustache.ts';
import { findProvider, PROVIDERS } from './providers.ts';
import {
  deleteAddon,
  findAddon,
  insertAddon,
  updateAddon,
  type AddonData,
  type AddonRow,
} from '../platform/events/outbox.ts';
import { addonView } from './views.ts';

const addonNotFound = (id: number) => notFound(`Could not find addon with id: ${id}`);

/** http(s) only: a receiver is called by the server, so file:, data: and the like are refused. */
function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

function checkBodyTemplate(template: string): void {
  try {
    checkTemplate(template);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const message = `"parameters.bodyTemplate" is not a valid template: ${error.message}`;
    throw validationError(['parameters', 'bodyTemplate'], message, template);
  }
}

/**
 * The parameters to store: the provider's own (no others), every required one non-empty, URLs http(s). A sensitive
 * parameter sent back as '*****' keeps its stored value; an empty optional one is left out.
 */
function cleanParameters(
  provider: AddonProvider,
  given: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  for (const name of Object.keys(given)) {
    if (!provider.parameters.some((p) => p.name === name)) {
      throw validationError(
        ['parameters', name],
        `"parameters.${name}" is not a parameter of the ${provider.displayName} addon`,
        given[name],
      );
    }
  }
  const result: Record<string, string> = {};
  for (const parameter of provider.parameters) {
    const path = ['parameters', parameter.name];
    const label = `"parameters.${parameter.name}"`;
    let value = given[parameter.name]?.trim() ?? '';
    if (parameter.sensitive && value === SECRET_MASK) {
      if (stored[parameter.name] === undefined) {
        throw validationError(path, `${label} must be the value itself, not ${SECRET_MASK}`, value);
      }
      value = stored[parameter.name];
    }
    if (value === '') {
      if (parameter.required) throw validationError(path, `${label} is required`, value, 'any.required');
      continue;
    }
    if (parameter.name === 'bodyTemplate') checkBodyTemplate(value);
    if (parameter.type === 'url' && !isHttpUrl(value)) {
      throw validationError(path, `${label} must be an http or https URL`, parameter.sensitive ? SECRET_MASK : value);
    }
    result[parameter.name] = value;
  }
  return result;
}

/** At least one event, each one the provider supports; duplicates are kept once. */
function cleanEvents(provider: AddonProvider, given: string[] | undefined): string[] {
  if (!given || given.length === 0) {
    throw validationError('events', 'You must listen to at least one event', given ?? [], 'array.min');
  }
  given.forEach((event, index) => {
    if (!provider.events.includes(event)) {
      throw validationError(
        ['events', index],
        `"events[${index}]" must be one of the events the ${provider.displayName} addon supports: ` +
          provider.events.join(', '),
        event,
        'any.only',
      );
    }
  });
  return [...new Set(given)];
}

function addonData(input: AddonInput, stored?: AddonRow): AddonData {
  const provider = findProvider(input.provider);
  if (!provider) {
    throw validationError(
      'provider',
      `"provider" must be one of ${PROVIDERS.map((p) => p.name).join(', ')}`,
      input.provider,
      'any.only',
    );
  }
  if (stored && stored.provider !== input.provider) {
    throw validationError('provider', `"provider" must be ${stored.provider}: an addon's provider cannot change`);
  }
  return {
    provider: provider.name,
    description: input.description ?? '',
    enabled: input.enabled ?? true,
    parameters: cleanParameters(provider, input.parameters ?? {}, stored?.parameters ?? {}),
    events: cleanEvents(provider, input.events),
  };
}

export async function requireAddon(deps: AppDeps, id: number): Promise<AddonRow> {
  const row = await findAddon(deps.db, id);
  if (!row) throw addonNotFound(id);
  return row;
}

export async function createAddon(deps: AppDeps, actor: string, input: AddonInput): Promise<AddonRow> {
  if (input.id !== undefined) throw validationError('id', '"id" is given by the server', input.id);
  const data = addonData(input);
  return deps.db.transaction(async (tx) => {
    const row = await insertAddon(tx, data);
    await appendEvent(tx, { type: 'addon-config-created', createdBy: actor, data: addonView(row) });
    return row;
  });
}

/** Replaces the addon's configuration; sensitive parameters sent back as '*****' are kept. */
export async function changeAddon(deps: AppDeps, actor: string, id: number, input: AddonInput): Promise<AddonRow> {
  if (input.id !== undefined && input.id !== id) {
    throw validationError('id', `"id" must be ${id}, the addon's id`, input.id);
  }
  return deps.db.transaction(async (tx) => {
    const before = await findAddon(tx, id);
    if (!before) throw addonNotFound(id);
    const row = await updateAddon(tx, id, addonData(input, before));
    await appendEvent(tx, {
      type: 'addon-config-updated',
      createdBy: actor,
      ...beforeAndAfter(addonView, before, row),
    });
    return row;
  });
}

export async function removeAddon(deps: AppDeps, actor: string, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findAddon(tx, id);
    if (!before) throw addonNotFound(id);
    await deleteAddon(tx, id);
    await appendEvent(tx, { type: 'addon-config-deleted', createdBy: actor, data: { id }, preData: addonView(before) });
  });
}
