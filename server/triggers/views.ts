import type { Trigger } from '../../contract/triggers.ts';
import type { TriggerRow } from './store.ts';

/** A trigger as the API lists it: never its secret or its hash. */
export const triggerView = (row: TriggerRow): Trigger => ({
  id: row.id,
  environment: row.environment,
  action: row.action,
  description: row.description,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
  fireCount: row.fireCount,
});

/** What an audit event records about a trigger: never its secret or its hash. */
export const triggerEventData = (row: TriggerRow) => ({
  id: row.id,
  environment: row.environment,
  action: row.action,
  description: row.description,
});
