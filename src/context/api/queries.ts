/**
 * Context fields: the list is reference data the console keeps offline, read through the one query the strategy
 * editors use too (GET api/admin/context); the writes, online only, are one use-<verb>-context-field.ts each.
 */
import { contextFieldsQuery, strategyKeys, useContextFields } from '../../strategies/api/queries';

export { contextFieldsQuery, useContextFields };

export const contextKeys = { all: strategyKeys.context };

/** The API path of one context field. */
export const contextFieldPath = (name: string) => `api/admin/context/${encodeURIComponent(name)}`;
