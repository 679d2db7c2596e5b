import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useOnline } from '../shared/api/connectivity';
import { formatDateTime } from '../shared/locale/format-date';
import { useLocale } from '../shared/locale/locale';
import { useLastSynced, useLive } from './context';

// The relative time (date-fns) is only shown offline. Its code is fetched once the page is idle, while the server can
// still be reached (the service worker may not hold it yet); should it be missing all the same, the time is left out.
const loadSyncedAgo = () => import('./SyncedAgo');
const SyncedAgo = lazy<ComponentType<{ at: number | undefined }>>(() =>
  loadSyncedAgo().catch(() => ({ default: () => null })),
);

/**
 * In the header, out of the way: whether the console is offline and when it last synced with the server. Online, an
 * icon (and 'Online' for screen readers); offline, 'Offline · synced 5 minutes ago' (on a phone the relative time is
 * for screen readers only). The exact time is the title, formatted once the status is pointed at: a page's first date
 * format loads the locale's data, too slow for the render that shows the first screen. While the server's live
 * stream is open (and something has synced) the console is synced now, and the title says so.
 */
export function SyncStatus() {
  const online = useOnline();
  const lastSynced = useLastSynced();
  const live = useLive() && online && lastSynced !== undefined;
  const locale = useLocale();
  const [pointedAt, setPointedAt] = useState(false);
  useEffect(() => {
    const fetchCode = () => void loadSyncedAgo().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') return fetchCode();
    const idle = requestIdleCallback(fetchCode, { timeout: 10_000 });
    return () => cancelIdleCallback(idle);
  }, []);
  const title = live
    ? 'Synced: changes show as they happen'
    : lastSynced === undefined
      ? 'Not synced yet'
      : pointedAt
        ? `Synced ${formatDateTime(lastSynced, locale)}`
        : 'Synced';
  return (
    <span
      className="sy-sync-status"
      data-offline={!online || undefined}
      data-live={live || undefined}
      title={title}
      onPointerEnter={() => setPointedAt(true)}
    >
      {online ? <IconCloudCheck size={20} aria-hidden /> : <IconCloudOff size={20} aria-hidden />}
      <span role="status">{online ? '' : 'Offline'}</span>
      {online ? (
        <span className="sy-visually-hidden">Online</span>
      ) : (
        <Suspense>
          <SyncedAgo at={lastSynced} />
        </Suspense>
      )}
    </span>
  );
}
