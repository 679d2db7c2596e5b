import type { AddonProvider } from '../../contract/addons.ts';
import { EVENT_TYPES, type EventType } from '../platform/events/types.ts';

/** Unleash 4's feature events: what its providers listen to, in its order. */
const FEATURE_EVENTS: EventType[] = [
  'feature-created',
  'feature-updated',
  'feature-archived',
  'feature-revived',
  'feature-stale-on',
  'feature-stale-off',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-remove',
  'feature-strategy-update',
  'feature-strategy-add',
  'feature-metadata-updated',
  'feature-project-change',
];

/** What Slack, Teams and Datadog listen to: a line about one toggle each, so the feature events and a trigger fired. */
const TOGGLE_EVENTS: EventType[] = [...FEATURE_EVENTS, 'feature-trigger-fired'];

/**
 * What the webhook listens to: every audited event type (its generic JSON body carries the event as it is), Unleash's
 * feature events first.
 */
const EVERY_EVENT: EventType[] = [...FEATURE_EVENTS, ...EVENT_TYPES.filter((type) => !FEATURE_EVENTS.includes(type))];

/** Where Datadog events go when the addon names no URL (Datadog's US1 site). */
export const DATADOG_DEFAULT_URL = 'https://api.datadoghq.com/api/v1/events';

/**
 * Unleash 4's provider definitions (GET api/admin/addons of Unleash 4.2.2, field for field), except the webhook URL's
 * description, which says how this server retries, and the events, which are this server's as well.
 */
export const PROVIDERS: readonly AddonProvider[] = [
  {
    name: 'webhook',
    displayName: 'Webhook',
    description: 'A Webhook is a generic way to post messages from Unleash to third party services.',
    documentationUrl: 'https://docs.getunleash.io/docs/addons/webhook',
    parameters: [
      {
        name: 'url',
        displayName: 'Webhook URL',
        description:
          '(Required) Unleash will perform a HTTP Post to the specified URL (retried with a growing delay while it fails)',
        type: 'url',
        required: true,
        sensitive: true,
      },
      {
        name: 'contentType',
        displayName: 'Content-Type',
        placeholder: 'application/json',
        description: '(Optional) The Content-Type header to use. Defaults to "application/json".',
        type: 'text',
        required: false,
        sensitive: false,
      },
      {
        name: 'bodyTemplate',
        displayName: 'Body template',
        placeholder:
          '{\n  "event": "{{event.type}}",\n  "createdBy": "{{event.createdBy}}",\n  "featureToggle": "{{event.data.name}}",\n  "timestamp": "{{event.data.createdAt}}"\n}',
        description:
          "(Optional) You may format the body using a mustache template. If you don't specify anything, the format will similar to the events format (https://docs.getunleash.io/docs/api/admin/events)",
        type: 'textfield',
        required: false,
        sensitive: false,
      },
    ],
    events: EVERY_EVENT,
  },
  {
    name: 'slack',
    displayName: 'Slack',
    description: 'Allows Unleash to post updates to Slack.',
    documentationUrl: 'https://docs.getunleash.io/docs/addons/slack',
    parameters: [
      { name: 'url', displayName: 'Slack webhook URL', type: 'url', required: true, sensitive: true },
      {
        name: 'username',
        displayName: 'Username',
        placeholder: 'Unleash',
        description: 'The username to use when posting messages to slack. Defaults to "Unleash".',
        type: 'text',
        required: false,
        sensitive: false,
      },
      {
        name: 'emojiIcon',
        displayName: 'Emoji Icon',
        placeholder: ':unleash:',
        description: 'The emoji_icon to use when posting messages to slack. Defaults to ":unleash:".',
        type: 'text',
        required: false,
        sensitive: false,
      },
      {
        name: 'defaultChannel',
        displayName: 'Default channel',
        description: 'Default channel to post updates to if not specified in the slack-tag',
        type: 'text',
        required: true,
        sensitive: false,
      },
    ],
    events: TOGGLE_EVENTS,
    tagTypes: [
      { name: 'slack', description: 'Slack tag used by the slack-addon to specify the slack channel.', icon: 'S' },
    ],
  },
  {
    name: 'teams',
    displayName: 'Microsoft Teams',
    description: 'Allows Unleash to post updates to Microsoft Teams.',
    documentationUrl: 'https://docs.getunleash.io/docs/addons/teams',
    parameters: [
      { name: 'url', displayName: 'Microsoft Teams webhook URL', type: 'url', required: true, sensitive: true },
    ],
    events: TOGGLE_EVENTS,
  },
  {
    name: 'datadog',
    displayName: 'Datadog',
    description: 'Allows Unleash to post updates to Datadog.',
    documentationUrl: 'https://docs.getunleash.io/docs/addons/datadog',
    parameters: [
      {
        name: 'url',
        displayName: 'Datadog Events URL',
        description: `Default url: ${DATADOG_DEFAULT_URL}. Needs to be changed if your not using the US1 site.`,
        type: 'url',
        required: false,
        sensitive: false,
      },
      {
        name: 'apiKey',
        displayName: 'DD API KEY',
        placeholder: 'j96c23b0f12a6b3434a8d710110bd862',
        description: 'Api key from datadog',
        type: 'text',
        required: true,
        sensitive: true,
      },
    ],
    events: TOGGLE_EVENTS,
    tagTypes: [
      {
        name: 'datadog',
        description: 'All Datadog tags added to a specific feature are sent to datadog event stream.',
        icon: 'D',
      },
    ],
  },
];

export const findProvider = (name: string): AddonProvider | undefined => PROVIDERS.find((p) => p.name === name);
