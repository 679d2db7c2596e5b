import { useSyncExternalStore } from 'react';

/** Turning one toggle on or off in one environment. */
export interface Flip {
  project: string;
  feature: string;
  environment: { name: string; type?: string };
  enabled: boolean;
}

const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');

/** The accessible name of a toggle's switch in an environment: a screen reader (and a test) finds it by this. */
export const switchName = (feature: string, environment: string) => `${feature} in ${environment}`;

/** The confirmation's button: what will happen. */
export const flipLabel = ({ environment, enabled }: Flip) => `Turn ${onOff(enabled)} in ${environment.name}`;

/** The confirmation's text: the toggle and environment named, and when the change takes effect. */
export const flipText = ({ feature, environment, enabled }: Flip, online: boolean) =>
  `${feature} will be turned ${onOff(enabled)} in ${environment.name}, a production environment: ` +
  (online
    ? 'its users get the change as soon as it is saved.'
    : 'you are offline, so the change is saved when the connection is back.');

/** The flip in words, as a change request lists it: 'turning new-checkout off'. */
export const flipWords = ({ feature, enabled }: Flip) => `turning ${feature} ${onOff(enabled)}`;

/** What the undo bar says was done. */
export const flippedText = ({ feature, environment, enabled }: Flip) =>
  `${feature} turned ${onOff(enabled)} in ${environment.name}.`;

/** How long a flip can be undone from the undo bar (the bar stays while it has focus or the pointer). */
export const UNDO_MS = 8000;

/** The last flip made here, undoable for a while: the flip and its queued change (`seq`). */
export interface UndoOffer {
  flip: Flip;
  seq?: number;
}

let offer: UndoOffer | undefined;
const listeners = new Set<() => void>();

function setOffer(next: UndoOffer | undefined) {
  offer = next;
  listeners.forEach((listener) => listener());
}

export const undoOffer = {
  /** A flip was queued: it can be undone (a newer flip replaces the offer). */
  offer: (flip: Flip, seq: number | undefined) => setOffer({ flip, seq }),
  /** The offer ends (taken, dismissed or timed out); a newer offer stays. */
  withdraw: (ended: UndoOffer) => offer === ended && setOffer(undefined),
  get: () => offer,
};

export function useUndoOffer(): UndoOffer | undefined {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, undoOffer.get);
}
