import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useOnline } from '../shared/api/connectivity';
import { formatDateTime } from '../shared/locale/format-date';
import { useLocale } from '../shared/locale/locale';
import { useLastSynced } from './mirror';

// The relative time (date-fns) is only shown offline: it loads then.
const SyncedAgo = lazy(() => import('./SyncedAgo'));

/**
 * In the header, out of the way: whether the console is offline and when it last synced with the server. Online, an
 * icon whose title (and accessible text) has the exact time; offline, 'Offline · synced 5 minutes ago' (the exact
 * time in the title; on a phone the relative time is for screen readers only).
 */
export function SyncStatus() {
  const online = useOnline();
  const lastSynced = useLastSynced();
  const locale = useLocale();
  // The exact time follows in a render of its own: the first date format of a page loads the locale's data, which
  // would lengthen the render that shows the first screen.
  const shown = useDeferredValue(lastSynced, null);
  const exact =
    lastSynced === undefined ? 'Not synced yet' : shown == null ? 'Synced' : `Synced ${formatDateTime(shown, locale)}`;
  return (
    <span className="sy-sync-status" data-offline={!online || undefined} title={exact}>
      {online ? <IconCloudCheck size={20} aria-hidden /> : <IconCloudOff size={20} aria-hidden />}
      <span role="status">{online ? '' : 'Offline'}</span>
      {online ? (
        <span className="sy-visually-hidden">Online. {exact}.</span>
      ) : (
        <Suspense>
          <SyncedAgo at={lastSynced} />
        </Suspense>
      )}
    </span>
  );
}
