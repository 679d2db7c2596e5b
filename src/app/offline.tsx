import type { ReactNode } from 'react';
import { sessionAccount } from '../auth/session-account';
import { registerChangeRequests } from '../change-requests/approval-queue';
import { environmentsQuery } from '../environments/api/queries';
import { featureTypesQuery } from '../feature-toggles/api/queries';
import { ToggleMirrorContext } from '../feature-toggles/offline/context';
import { registerToggles } from '../feature-toggles/offline/queue';
import { OfflineContext } from '../offline/context';
import { createOfflineEngine, type OfflineEngineOptions } from '../offline/engine';
import { projectsQuery } from '../projects/api/queries';
import { contextFieldsQuery } from '../context/api/queries';
import { strategyDefinitionsQuery } from '../strategies/api/queries';
import { tagTypesQuery } from '../tags/api/queries';
import { uiConfigQuery } from '../ui-config/api/queries';

/**
 * The console's offline engine with what it keeps offline registered: the reference data, the toggles' mirror and
 * queue, approvals of change requests, and the session's account. Made once by main.tsx (a test makes its own),
 * before the engine starts.
 */
export function createConsoleOffline(options: Omit<OfflineEngineOptions, 'account' | 'reference'>) {
  const offline = createOfflineEngine({
    ...options,
    account: sessionAccount,
    reference: [
      uiConfigQuery.queryKey,
      projectsQuery.queryKey,
      environmentsQuery.queryKey,
      featureTypesQuery.queryKey,
      tagTypesQuery.queryKey,
      strategyDefinitionsQuery.queryKey,
      contextFieldsQuery.queryKey,
    ],
  });
  registerChangeRequests(offline);
  return { offline, toggles: registerToggles(offline) };
}

export type ConsoleOffline = ReturnType<typeof createConsoleOffline>;

/** Hands the engine and the toggles' mirror to the screens. */
export function ConsoleOfflineProvider({ offline, toggles, children }: ConsoleOffline & { children: ReactNode }) {
  return (
    <OfflineContext value={offline}>
      <ToggleMirrorContext value={toggles}>{children}</ToggleMirrorContext>
    </OfflineContext>
  );
}
