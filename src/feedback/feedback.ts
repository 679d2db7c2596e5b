import { useMutation, useQueryClient } from '@tanstack/react-query';
import { differenceInDays } from 'date-fns';
import { useSyncExternalStore } from 'react';
import { api } from '../shared/api/client';
import { userQuery, type Feedback } from '../auth/user';

/** Constants of the feedback prompts. */
export const PNPS = 'pnps';
export const SHOW_AGAIN_AFTER_DAYS = 182;
export const YES_HIDE_MS = 200;
export const NEVER_SHOW_HIDE_MS = 100;
/** The survey 'Yes, no problem' opens in a new tab (the link Unleash 4 uses). */
export const SURVEY_URL = 'http://feedback.unleash.run';

/**
 * The 'pnps' rule: shown when the user has no feedback entry for it, again 182 days after it was given, never when
 * neverShow is set. A session without a feedback list (the state is unknown) does not show it.
 */
export function shouldShowFeedback(feedback: Feedback[] | undefined, now: Date = new Date()): boolean {
  if (!feedback) return false;
  const entry = feedback.find((f) => f.feedbackId === PNPS);
  if (!entry) return true;
  if (entry.neverShow || !entry.given) return false;
  const given = new Date(entry.given);
  return !Number.isNaN(given.getTime()) && differenceInDays(now, given) >= SHOW_AGAIN_AFTER_DAYS;
}

/** Whether the prompt is up. It is asked for after a toggle is created, so it never greets a screen load. */
let shown = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  shown = next;
  listeners.forEach((listener) => listener());
}

export const feedbackPrompt = {
  get: () => shown,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the prompt if the user is eligible. */
  ask(feedback: Feedback[] | undefined, now: Date = new Date()) {
    if (shouldShowFeedback(feedback, now)) set(true);
  },
  hide() {
    set(false);
  },
};

export function useFeedbackPromptShown(): boolean {
  return useSyncExternalStore(feedbackPrompt.subscribe, feedbackPrompt.get, feedbackPrompt.get);
}

/** Records the answer, then re-fetches the user. Errors are swallowed: the prompt just hides. */
export function useFeedbackActions() {
  const queryClient = useQueryClient();
  const refetchUser = () => queryClient.invalidateQueries({ queryKey: userQuery.queryKey });

  const give = useMutation({
    mutationFn: () => api.post('api/admin/feedback', { feedbackId: PNPS }),
    meta: { inlineErrors: true },
    onSuccess: refetchUser,
  });

  const neverShow = useMutation({
    mutationFn: () => api.put(`api/admin/feedback/${PNPS}`, { feedbackId: PNPS, neverShow: true }),
    meta: { inlineErrors: true },
    onSuccess: refetchUser,
  });

  return { give, neverShow };
}
