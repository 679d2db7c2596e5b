import '@testing-library/jest-dom/vitest';
// IndexedDB, as every browser has it, before anything imports Dexie: the console's test files share one module
// graph per worker, and Dexie keeps the IndexedDB it found when first imported.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, vi } from 'vitest';
import { authState } from './auth/auth-state';
import { undoOffer } from './feature-toggles/components/switches/flip';
import { feedbackPrompt } from './feedback/feedback';
import { connectivity } from './shared/api/connectivity';
import { snackbar } from './shared/messages/messages';
import { toastStore } from './shared/messages/toast';

// Tests must not depend on the machine's speed: findBy/waitFor wait long enough for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine reads. Tests ask for reduced motion, so Mantine runs no transitions.
window.matchMedia ??= (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// The files of a worker share one page and one module graph (vite.config.ts, isolate: false): each test leaves the
// stores the console shares outside its offline engine (a test makes its own engine) as a fresh page has them.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  connectivity.reached();
  onlineManager.setOnline(true);
  authState.setSignedIn();
  toastStore.get().forEach((toast) => toastStore.hide(toast.id));
  snackbar.clear();
  const offer = undoOffer.get();
  if (offer) undoOffer.withdraw(offer);
  feedbackPrompt.hide();
});
