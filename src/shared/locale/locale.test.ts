import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';
import { settingsKey } from '../settings/device-settings';
import { LOCALES, localeOptions, useLocale, useLocaleActions } from './locale';

describe('locale options', () => {
  it("lists every locale of the spec plus the browser's own", () => {
    expect(LOCALES).toEqual(['en-US', 'en-GB', 'nb-NO', 'sv-SE', 'da-DK', 'en-IN', 'de', 'cs', 'pt-BR', 'fr-FR']);
    expect(localeOptions('es-ES')).toEqual([...LOCALES, 'es-ES']);
    expect(localeOptions('en-GB')).toEqual(LOCALES);
  });
});

describe('locale persistence', () => {
  it("is one of this device's settings, kept in localStorage under a key that includes the base path", () => {
    expect(settingsKey('')).toBe('switchyard:settings');
    expect(settingsKey('/yard')).toBe('switchyard/yard:settings');
    const { result } = renderHook(() => [useLocale(), useLocaleActions()] as const);
    expect(result.current[0]).toBe(navigator.language);
    act(() => result.current[1].setLocale('nb-NO'));
    expect(JSON.parse(localStorage.getItem(settingsKey())!)).toEqual({ locale: 'nb-NO' });
    expect(result.current[0]).toBe('nb-NO');
  });

  it("defaults to the browser's locale when nothing (or garbage) is stored", () => {
    localStorage.setItem(settingsKey(), 'not json');
    expect(renderHook(() => useLocale()).result.current).toBe(navigator.language);
    localStorage.setItem(settingsKey(), JSON.stringify({ locale: 42 }));
    expect(renderHook(() => useLocale()).result.current).toBe(navigator.language);
  });
});

describe('date formatting', () => {
  const date = new Date(2026, 10, 3, 5, 9, 2);

  it('shows two-digit day, month, hour, minute and second with a numeric year', () => {
    expect(formatDateTime(date, 'en-GB')).toBe('03/11/2026, 05:09:02');
    expect(formatDateTime(date, 'nb-NO')).toBe('03.11.2026, 05:09:02');
    expect(formatDateTime(date.toISOString(), 'de')).toBe('03.11.2026, 05:09:02');
  });

  it('has a date-only variant', () => {
    expect(formatDate(date, 'en-US')).toBe('11/03/2026');
    expect(formatDate(date, 'sv-SE')).toBe('2026-11-03');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDateTime('not a date', 'en-GB')).toBe('');
  });
});
