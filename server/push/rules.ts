import { createECDH } from 'node:crypto';
import type { PushMessage, PushSubscriptionInput } from '../../contract/push.ts';
import { validationError } from '../platform/http/errors.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * Whether plain-http push endpoints on loopback are taken: only when the server's own public URL (UNLEASH_URL) is
 * http on loopback, that is a development or test instance that browsers on the same machine reach. Everywhere else
 * a push service is reached over https only.
 */
export function allowsLoopbackHttp(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

/** Whether a host is one of the push services (PUSH_SERVICES: host names, `*.` for any subdomain). */
const isPushService = (hostname: string, services: readonly string[]) =>
  services.some((service) => (service.startsWith('*.') ? hostname.endsWith(service.slice(1)) : hostname === service));

/**
 * 400 unless the endpoint is an https URL of a push service (PUSH_SERVICES; or http on loopback, see
 * allowsLoopbackHttp) without credentials: the server posts to it, so a person may not point it anywhere else.
 */
export function checkEndpoint(
  endpoint: string,
  { loopbackHttp, services }: { loopbackHttp: boolean; services: readonly string[] },
): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw validationError('endpoint', '"endpoint" must be a valid URL', endpoint);
  }
  if (url.username || url.password) {
    throw validationError('endpoint', '"endpoint" must not carry credentials', endpoint);
  }
  if (url.protocol === 'http:' && loopbackHttp && isLoopback(url.hostname)) return;
  if (url.protocol !== 'https:') throw validationError('endpoint', '"endpoint" must be an https URL', endpoint);
  if (!isPushService(url.hostname, services)) {
    throw validationError('endpoint', `"endpoint" must be on a push service: ${services.join(', ')}`, endpoint);
  }
}

/**
 * 400 unless `p256dh` is a P-256 public key (65 bytes, uncompressed, on the curve) and `auth` a 16-byte secret: the
 * two RFC 8291 needs to encrypt for the device.
 */
export function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  let onCurve = p256dh.length === 65 && p256dh[0] === 4;
  if (onCurve) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(p256dh);
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) {
    throw validationError(['keys', 'p256dh'], '"keys.p256dh" must be a P-256 public key of 65 bytes', keys.p256dh);
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw validationError(['keys', 'auth'], '"keys.auth" must be a secret of 16 bytes', keys.auth);
  }
}

/** An audit event as the push rules read it. */
export interface AuditEvent {
  id: number;
  type: string;
  createdBy: string;
  project: string | null;
  environment: string | null;
  featureName: string | null;
  data: unknown;
}

/**
 * Who a notice goes to: those who may approve the project's change requests (but its author); the author of a change
 * request (unless they made the change); or those who pinned a toggle (but whoever made the change), when
 * `production` is given only if that environment is of the production type.
 */
export type Audience =
  | { approversOf: string; except: string }
  | { authorOf: { project: string; id: number }; except: string }
  | { pinnersOf: string; except?: string; production?: string };

export interface Notice {
  audience: Audience;
  message: PushMessage;
}

const enc = encodeURIComponent;
export const changeRequestUrl = (project: string, id: number) => `/projects/${enc(project)}/change-requests/${id}`;
export const toggleUrl = (project: string, feature: string) => `/projects/${enc(project)}/features/${enc(feature)}`;

/** What each of a change-request author's events tells them. */
const AUTHOR_NEWS: Record<string, (by: string, data: Record<string, unknown>) => [title: string, body: string]> = {
  'change-request-approved': (by) => ['was approved', `${by} approved it: it can be applied.`],
  'change-request-rejected': (by, data) => ['was rejected', data.comment ? `${by}: ${data.comment}` : `By ${by}.`],
  'change-request-applied': (by) => ['was applied', `${by} applied it.`],
  'change-request-conflict': () => ['could not be applied', 'A toggle changed since the change was added.'],
  'change-request-schedule-failed': (_by, data) => ['failed at its scheduled time', String(data.reason ?? '')],
};

/** What a change to a toggle in an environment did, by event type. */
const TOGGLE_CHANGES: Record<string, string> = {
  'feature-environment-enabled': 'turned it on',
  'feature-environment-disabled': 'turned it off',
  'feature-strategy-add': 'added a strategy',
  'feature-strategy-update': 'changed a strategy',
  'feature-strategy-remove': 'removed a strategy',
  'strategy-order-changed': 'reordered its strategies',
};

/** The audit event types that may notify someone (see noticeFor). */
export const NOTIFYING_EVENTS: readonly string[] = [
  'change-request-sent-to-review',
  'feature-trigger-fired',
  ...Object.keys(AUTHOR_NEWS),
  ...Object.keys(TOGGLE_CHANGES),
];

/** The notice an audit event makes, and for whom; undefined when it notifies nobody. */
export function noticeFor(event: AuditEvent): Notice | undefined {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const project = event.project ?? (typeof data.project === 'string' ? data.project : null);
  const environment = event.environment ?? (typeof data.environment === 'string' ? data.environment : '');
  const feature = event.featureName ?? (typeof data.featureName === 'string' ? data.featureName : null);
  if (project === null) return undefined;
  if (event.type === 'change-request-sent-to-review' && typeof data.id === 'number') {
    return {
      audience: { approversOf: project, except: event.createdBy },
      message: {
        title: `Change request #${data.id} awaits your approval`,
        body: `${event.createdBy} asks to change ${environment} in ${project}.`,
        url: changeRequestUrl(project, data.id),
      },
    };
  }
  const news = AUTHOR_NEWS[event.type];
  if (news && typeof data.id === 'number') {
    const [title, body] = news(event.createdBy, data);
    return {
      audience: { authorOf: { project, id: data.id }, except: event.createdBy },
      message: { title: `Your change request #${data.id} ${title}`, body, url: changeRequestUrl(project, data.id) },
    };
  }
  if (feature === null) return undefined;
  if (event.type === 'feature-trigger-fired') {
    return {
      audience: { pinnersOf: feature },
      message: {
        title: `Trigger fired: ${feature}`,
        body: `${data.description ? `${data.description}: ` : ''}turned ${data.action} in ${environment}.`,
        url: toggleUrl(project, feature),
      },
    };
  }
  const change = TOGGLE_CHANGES[event.type];
  if (change && environment) {
    return {
      audience: { pinnersOf: feature, except: event.createdBy, production: environment },
      message: {
        title: `${feature} changed in ${environment}`,
        body: `${event.createdBy} ${change}.`,
        url: toggleUrl(project, feature),
      },
    };
  }
  return undefined;
}
