import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

export const LEAVE_MESSAGE = 'Data will be lost if you leave the page, are you sure?';

/**
 * While `active`, leaving the page asks LEAVE_MESSAGE: in-app navigation through the router's blocker, reloads and
 * closing the tab through beforeunload. `release()` lets a successful submit navigate away without asking.
 */
export function useLeaveGuard(active: boolean, confirm: (message: string) => boolean = (m) => window.confirm(m)) {
  const guard = useRef({ active, released: false });
  guard.current.active = active;
  const on = () => guard.current.active && !guard.current.released;
  useBlocker({ shouldBlockFn: () => on() && !confirm(LEAVE_MESSAGE), enableBeforeUnload: on });
  return {
    release() {
      guard.current.released = true;
    },
  };
}
