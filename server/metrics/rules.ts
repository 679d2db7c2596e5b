import { validationError } from '../platform/http/errors.ts';
import type { HourWindow } from './store.ts';

const HOUR = 60 * 60 * 1000;

/**
 * SDK counts are summed per clock hour (client_metrics_hourly), so "the last hour" is every hourly bucket that
 * overlaps the last 60 minutes: the current hour and the one before it. `hoursBack` widens it (raw data: 24).
 */
export function hoursWindow(hoursBack: number, now = new Date()): HourWindow {
  const currentHour = Math.floor(now.getTime() / HOUR) * HOUR;
  return { since: new Date(currentHour - hoursBack * HOUR), until: now };
}

/** Instances seen since two days ago: Unleash 4 deletes older ones, so its console never lists them. */
export const instancesWindow = (now = new Date()) => new Date(now.getTime() - 48 * HOUR);

/** The metadata fields of an application that can be changed. */
export const METADATA = ['description', 'url', 'color', 'icon'] as const;

/** The url must be empty or an http(s) address (Joi's uri rule of Unleash's application schema). */
export function checkUrl(url: string | null | undefined) {
  if (!url) return;
  let scheme: string | undefined;
  try {
    scheme = new URL(url).protocol;
  } catch {
    scheme = undefined;
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    throw validationError(
      'url',
      '"url" must be a valid uri with a scheme matching the https? pattern',
      url,
      'string.uriCustomScheme',
    );
  }
}
