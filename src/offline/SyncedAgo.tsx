import { formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';

/** The relative time is redrawn this often. */
const TICK_MS = 30_000;

/** 'synced 5 minutes ago' (never in the future, should the clock have moved back). */
function syncedAgo(at: number | undefined, now: number): string {
  if (at === undefined) return 'not synced yet';
  return `synced ${formatDistanceToNow(Math.min(at, now), { addSuffix: true })}`;
}

export default function SyncedAgo({ at }: { at: number | undefined }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return <span className="sy-sync-time"> · {syncedAgo(at, now)}</span>;
}
