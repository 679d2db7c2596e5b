import { useState } from 'react';
import { basePath } from '../shared/api/base-path';

/** Announcement dismissal is stored under a key per announcement id. */
export function announcementKey(id: string, base: string = basePath): string {
  return `switchyard${base}:announcement:${id}`;
}

export function isAnnouncementSeen(id: string, base: string = basePath): boolean {
  return localStorage.getItem(announcementKey(id, base)) === 'seen';
}

export function markAnnouncementSeen(id: string, base: string = basePath): void {
  localStorage.setItem(announcementKey(id, base), 'seen');
}

export function useAnnouncementSeen(id: string | undefined) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const seen = id === undefined || dismissed.includes(id) || isAnnouncementSeen(id);
  const dismiss = () => {
    if (id === undefined) return;
    markAnnouncementSeen(id);
    setDismissed((d) => [...d, id]);
  };
  return { seen, dismiss };
}
