import { useSyncExternalStore } from 'react';
import { basePath } from '../api/base-path';

/** This device's settings (the locale, the list's environment columns) are one object in browser storage. */
export function settingsKey(base: string = basePath): string {
  return `switchyard${base}:settings`;
}

function readSettings(key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * One setting kept on this device, under `name` in the settings object of the base path. `parse` turns what is stored
 * into the setting or undefined (absent or unreadable). `use()` re-renders on a change, in this tab or another one;
 * it returns the same value until the stored text changes.
 */
export function deviceSetting<T>(name: string, parse: (stored: unknown) => T | undefined) {
  let seenText: string | null | undefined;
  let seenValue: T | undefined;
  const get = (): T | undefined => {
    const key = settingsKey();
    const text = localStorage.getItem(key);
    if (text !== seenText) {
      seenText = text;
      seenValue = parse(readSettings(key)[name]);
    }
    return seenValue;
  };
  const set = (value: T) => {
    const key = settingsKey();
    localStorage.setItem(key, JSON.stringify({ ...readSettings(key), [name]: value }));
    listeners.forEach((listener) => listener());
  };
  const use = () => useSyncExternalStore(subscribe, get);
  return { get, set, use };
}
