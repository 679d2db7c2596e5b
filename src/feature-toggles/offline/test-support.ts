import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { Dexie } from 'dexie';
import { sessionAccount } from '../../auth/session-account';
import { databaseName } from '../../offline/db-name';
import { createOfflineEngine } from '../../offline/engine';
import type { ApiClient } from '../../shared/api/client';
import { registerToggles } from './queue';

/**
 * A page of the console for a test: a query client and an offline engine with the toggles registered as the app
 * registers them, on an IndexedDB database of its own, or on `base`'s, where an earlier page left it (a reload).
 */
export function openPage(
  options: { base?: string; api?: ApiClient; retryPausesMs?: number[]; reference?: QueryKey[] } = {},
) {
  const queryClient = new QueryClient();
  const base = options.base ?? `/test-${Math.random()}`;
  const offline = createOfflineEngine({ ...options, queryClient, base, account: sessionAccount });
  return { queryClient, base, offline, toggles: registerToggles(offline) };
}

export type Page = ReturnType<typeof openPage>;

/** Closes the pages of a test, then deletes their database. */
export async function closePages(...pages: Page[]) {
  await Promise.all(pages.map((page) => page.offline.close()));
  await Promise.all([...new Set(pages.map((page) => page.base))].map((base) => Dexie.delete(databaseName(base))));
}
