import { createHash, randomBytes } from 'node:crypto';
import { CHANGE_REQUEST_REQUIRED } from '../../contract/change-requests.ts';
import { TRIGGER_FIRES_PER_MINUTE } from '../../contract/triggers.ts';
import { ApiError, notFound } from '../platform/http/errors.ts';

/** A trigger's secret: 256 random bits, in its URL only. */
export const newTriggerSecret = () => randomBytes(32).toString('base64url');

/** What is stored of a secret, and what a call is looked up by: its SHA-256 (an index lookup, no string compare). */
export const hashTriggerSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The URL an alert calls, under the server's public URL (UNLEASH_URL). */
export const triggerUrl = (publicUrl: string, secret: string) => `${publicUrl}/api/triggers/${secret}`;

/** Who a trigger's changes are recorded as: the trigger itself, by its id. */
export const triggerActor = (id: number) => `trigger:${id}`;

/** An unknown or deleted trigger, or one whose toggle is gone (archived or deleted): all alike to the caller. */
export const triggerNotFound = () => notFound('Could not find a trigger with that URL');

/** The 429 of a trigger called more than TRIGGER_FIRES_PER_MINUTE times in its minute. */
export const tooManyFires = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    'TooManyRequestsError',
    `This trigger was called more than ${TRIGGER_FIRES_PER_MINUTE} times in a minute. ` +
      `Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    undefined,
    { retryAfterSeconds },
  );

/**
 * A trigger is a standing approval of one change: in an environment that takes changes through change requests, only
 * who may skip them (SKIP_CHANGE_REQUEST) may set one up.
 */
export const triggerNeedsSkip = (project: string, environment: string) =>
  new ApiError(
    403,
    CHANGE_REQUEST_REQUIRED,
    `Environment ${environment} of project ${project} takes changes through change requests only: ` +
      'a trigger there needs permission=SKIP_CHANGE_REQUEST',
  );
