import { useSyncExternalStore } from 'react';
import { basePath } from '../api/base-path';

/** Part 1 section 9: the locale options, plus the browser's own. */
export const LOCALES = ['en-US', 'en-GB', 'nb-NO', 'sv-SE', 'da-DK', 'en-IN', 'de', 'cs', 'pt-BR', 'fr-FR'];

export function localeOptions(browserLocale: string = navigator.language): string[] {
  return LOCALES.includes(browserLocale) || !browserLocale ? LOCALES : [...LOCALES, browserLocale];
}

/** Settings are kept in browser storage under a key that includes the base path. */
export function settingsKey(base: string = basePath): string {
  return `switchyard${base}:settings`;
}

interface Settings {
  locale?: string;
}

function readSettings(key: string): Settings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Settings) : {};
  } catch {
    return {};
  }
}

export function readLocale(base: string = basePath, browserLocale: string = navigator.language): string {
  return readSettings(settingsKey(base)).locale ?? browserLocale;
}

const listeners = new Set<() => void>();

export function saveLocale(locale: string, base: string = basePath): void {
  const key = settingsKey(base);
  localStorage.setItem(key, JSON.stringify({ ...readSettings(key), locale }));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useLocale(): string {
  return useSyncExternalStore(subscribe, () => readLocale());
}

export function useLocaleActions() {
  return { setLocale: (locale: string) => saveLocale(locale) };
}
