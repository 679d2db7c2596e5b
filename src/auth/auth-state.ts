import { useSyncExternalStore } from 'react';
import type { AuthDetails } from '../shared/api/errors';

/** Session state outside the query cache: set by a 401 anywhere, cleared by a successful sign-in. */
export interface AuthState {
  unauthorised: boolean;
  details: AuthDetails | null;
}

let state: AuthState = { unauthorised: false, details: null };
const listeners = new Set<() => void>();

function emit(next: AuthState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const authState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUnauthorised(details: AuthDetails | null) {
    emit({ unauthorised: true, details: details ?? state.details });
  },
  setSignedIn() {
    emit({ unauthorised: false, details: state.details });
  },
};

export function useAuthState(): AuthState {
  return useSyncExternalStore(authState.subscribe, authState.get, authState.get);
}
