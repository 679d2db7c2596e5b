import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
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
  const exact = lastSynced === undefined ? 'Not synced yet' : `Synced ${formatDateTime(lastSynced, locale)}`;
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
