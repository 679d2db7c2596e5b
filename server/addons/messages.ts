import type { EventRow } from '../platform/events/store.ts';
import { DATADOG_DEFAULT_URL } from './providers.ts';
import { renderTemplate } from './mustache.ts';

/** An event as addons see it: Unleash 4's event fields (its webhook JSON and template view). */
export interface AddonEvent {
  id: number;
  type: string;
  createdBy: string;
  createdAt: string;
  data: unknown;
  preData: unknown;
  tags: Array<{ type: string; value: string }>;
  featureName: string | null;
  project: string | null;
  environment: string | null;
}

/** The event as addons see it. */
export const addonEvent = (row: EventRow): AddonEvent => ({
  id: row.id,
  type: row.type,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  data: row.data,
  preData: row.preData,
  tags: Array.isArray(row.tags) ? (row.tags as AddonEvent['tags']) : [],
  featureName: row.featureName,
  project: row.project,
  environment: row.environment,
});

/** One HTTP POST to a receiver. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const nameOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'name' in value ? String(value.name) : 'undefined';

/**
 * The one-line summary Slack, Teams and Datadog show: who did what to which toggle, with a link to the console
 * (Unleash 4's FeatureEventFormatterMd, text for text; the link goes to this console's toggle page).
 */
class EventText {
  constructor(
    private readonly consoleUrl: string,
    private readonly slackLinks: boolean,
  ) {}

  link(event: AddonEvent): string {
    if (event.type === 'feature-archived') return `${this.consoleUrl}/archive`;
    return `${this.consoleUrl}/projects/${event.project ?? ''}/features/${event.featureName}`;
  }

  #feature(event: AddonEvent): string {
    return this.slackLinks
      ? `<${this.link(event)}|${event.featureName}>`
      : `[${event.featureName}](${this.link(event)})`;
  }

  format(event: AddonEvent): string {
    const { createdBy, type, project, environment } = event;
    const feature = this.#feature(event);
    switch (type) {
      case 'feature-archived':
      case 'feature-revived':
        return ` ${createdBy} just ${type === 'feature-archived' ? 'archived' : 'revived'} feature toggle *${feature}*`;
      case 'feature-stale-on':
        return `${createdBy} marked ${feature}  as stale and this feature toggle is now *ready to be removed* from the code.`;
      case 'feature-stale-off':
        return `${createdBy} removed the stale marking on *${feature}*.`;
      case 'feature-environment-enabled':
      case 'feature-environment-disabled': {
        const status = type === 'feature-environment-enabled' ? 'enabled' : 'disabled';
        return `${createdBy} *${status}* ${feature} in *${environment}* environment in project *${project}*`;
      }
      case 'feature-strategy-add':
        return `${createdBy} updated *${feature}* in project *${project}* by adding strategy ${nameOf(event.data)} in *${environment}*`;
      case 'feature-strategy-update':
        return `${createdBy} updated *${feature}* in project *${project}* by updating strategy ${nameOf(event.data)} in *${environment}*`;
      case 'feature-strategy-remove':
        return `${createdBy} updated *${feature}* in project *${project}* by removing strategy ${nameOf(event.preData)} in *${environment}*`;
      case 'feature-metadata-updated':
        return `${createdBy} updated the metadata for ${feature} in project *${project}*`;
      case 'feature-project-change':
        return `${createdBy} moved ${event.featureName} to ${project}`;
      case 'feature-trigger-fired': {
        const { action, description, changed } = event.data as {
          action: string;
          description: string;
          changed: boolean;
        };
        const what = changed ? `turned ${feature} *${action}*` : `found ${feature} *${action}* already`;
        return `The trigger ${description ? `"${description}" ` : ''}${what} in *${environment}* environment in project *${project}*`;
      }
      default: {
        const action = type === 'feature-created' ? 'created' : type === 'feature-updated' ? 'updated' : type;
        return `${createdBy} ${action} feature toggle ${feature} in project *${project}*`;
      }
    }
  }
}

const JSON_TYPE = 'application/json';

function webhook(event: AddonEvent, parameters: Record<string, string>): OutgoingRequest[] {
  const template = parameters.bodyTemplate;
  const body = template && template.length > 1 ? renderTemplate(template, { event }) : JSON.stringify(event);
  return [{ url: parameters.url, headers: { 'content-type': parameters.contentType || JSON_TYPE }, body }];
}

/** One message per channel: the toggle's `slack` tags, else the default channel. */
function slack(event: AddonEvent, parameters: Record<string, string>, consoleUrl: string): OutgoingRequest[] {
  const formatter = new EventText(consoleUrl, true);
  const tagged = event.tags.filter((tag) => tag.type === 'slack').map((tag) => tag.value);
  const channels = tagged.length > 0 ? tagged : [parameters.defaultChannel];
  const text = formatter.format(event);
  const link = formatter.link(event);
  return channels.map((channel) => ({
    url: parameters.url,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify({
      username: parameters.username || 'Unleash',
      icon_emoji: parameters.emojiIcon || ':unleash:',
      text,
      channel: `#${channel}`,
      attachments: [
        {
          actions: [
            {
              name: 'featureToggle',
              text: 'Open in Unleash',
              type: 'button',
              value: 'featureToggle',
              style: 'primary',
              url: link,
            },
          ],
        },
      ],
    }),
  }));
}

/** A MessageCard for a Teams incoming webhook. */
function teams(event: AddonEvent, parameters: Record<string, string>, consoleUrl: string): OutgoingRequest[] {
  const formatter = new EventText(consoleUrl, false);
  const body = {
    themeColor: '0076D7',
    summary: 'Message',
    sections: [
      {
        activityTitle: formatter.format(event),
        activitySubtitle: 'Unleash notification update',
        facts: [
          { name: 'User', value: event.createdBy },
          { name: 'Action', value: event.type },
        ],
      },
    ],
    potentialAction: [
      { '@type': 'OpenUri', name: 'Go to feature', targets: [{ os: 'default', uri: formatter.link(event) }] },
    ],
  };
  return [{ url: parameters.url, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) }];
}

/** An event for Datadog's events API (v1), with the API key header and the toggle's tags as `type:value`. */
function datadog(event: AddonEvent, parameters: Record<string, string>, consoleUrl: string): OutgoingRequest[] {
  const text = new EventText(consoleUrl, false).format(event);
  const body = {
    text: `%%% \n ${text} \n %%% `,
    title: 'Unleash notification update',
    tags: event.tags.map((tag) => `${tag.type}:${tag.value}`),
  };
  return [
    {
      url: parameters.url || DATADOG_DEFAULT_URL,
      headers: { 'content-type': JSON_TYPE, 'DD-API-KEY': parameters.apiKey },
      body: JSON.stringify(body),
    },
  ];
}

const BUILDERS = { webhook, slack, teams, datadog } as const;

/** The requests that deliver one event to one addon (Slack: one per channel). */
export function requestsFor(
  provider: string,
  parameters: Record<string, string>,
  event: AddonEvent,
  consoleUrl: string,
): OutgoingRequest[] {
  const build = BUILDERS[provider as keyof typeof BUILDERS];
  if (!build) throw new Error(`unknown addon provider ${provider}`);
  return build(event, parameters, consoleUrl);
}
