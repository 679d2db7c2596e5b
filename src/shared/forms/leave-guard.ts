import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

export const LEAVE_MESSAGE = 'Data will be lost if you leave the page, are you sure?';

/**
 * While `active` (a value, or a function asked at the moment of leaving), leaving the page asks LEAVE_MESSAGE:
 * in-app navigation through the router's blocker, reloads and closing the tab through beforeunload.
 */
export function useLeaveGuard(active: boolean | (() => boolean)) {
  const guard = useRef(active);
  guard.current = active;
  const on = () => (typeof guard.current === 'function' ? guard.current() : guard.current);
  useBlocker({ shouldBlockFn: () => on() && !window.confirm(LEAVE_MESSAGE), enableBeforeUnload: on });
}
