import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { QueuedChange } from './changes';
import type { OfflineEngine } from './engine';

/** The console's offline engine, handed to the screens by the app (`<OfflineContext value={engine}>`). */
export const OfflineContext = createContext<OfflineEngine | null>(null);

export function useOfflineEngine(): OfflineEngine {
  const engine = useContext(OfflineContext);
  if (!engine) throw new Error('The console is rendered without its offline engine');
  return engine;
}

/** The outbox, in replay order; a component using it also re-renders when another account signs in. */
export function usePendingChanges(): QueuedChange[] {
  const { pending } = useOfflineEngine();
  return useSyncExternalStore(pending.subscribe, pending.get, pending.get);
}

/** Whether a change shows the refresh notice; a component using it re-renders only when that turns. */
export function useConflictShown(): boolean {
  const { pending } = useOfflineEngine();
  const shown = () => pending.get().some(pending.showsConflict);
  return useSyncExternalStore(pending.subscribe, shown, shown);
}

/**
 * When the mirror last synced, followed in transitions: it moves on as answers arrive, often while a screen is being
 * drawn, and a value read with useSyncExternalStore that changes during a screen's (time-sliced) render makes React
 * draw the whole screen again in one long task. Those who show it (the header, the rows' switches) are drawn again
 * in slices instead, a moment later.
 */
export function useLastSynced(): number | undefined {
  const { mirror } = useOfflineEngine();
  const [synced, setSynced] = useState(mirror.lastSynced);
  useEffect(() => {
    const follow = () => startTransition(() => setSynced(mirror.lastSynced()));
    const stop = mirror.subscribeSynced(follow);
    follow(); // a sync between the render and now
    return stop;
  }, [mirror]);
  return synced;
}

/** Whether the server's live stream is open: what changes there shows here as it happens. */
export function useLive(): boolean {
  const { live } = useOfflineEngine();
  return useSyncExternalStore(live.subscribeLive, live.isLive);
}

/** Whether the browser offers to install the console. */
export function useCanInstall(): boolean {
  const { install } = useOfflineEngine();
  return useSyncExternalStore(install.subscribe, install.offered);
}

/** Whether a new version of the console waits to take over. */
export function useUpdateWaiting(): boolean {
  const { update } = useOfflineEngine();
  return useSyncExternalStore(update.subscribe, update.waiting);
}
