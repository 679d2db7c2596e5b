import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';
import { LOCALES, localeOptions, readLocale, saveLocale, settingsKey } from './locale';

describe('locale options', () => {
  it("lists every locale of the spec plus the browser's own", () => {
    expect(LOCALES).toEqual(['en-US', 'en-GB', 'nb-NO', 'sv-SE', 'da-DK', 'en-IN', 'de', 'cs', 'pt-BR', 'fr-FR']);
    expect(localeOptions('es-ES')).toEqual([...LOCALES, 'es-ES']);
    expect(localeOptions('en-GB')).toEqual(LOCALES);
  });
});

describe('locale persistence', () => {
  it('is kept in localStorage under a key that includes the base path', () => {
    expect(settingsKey('')).toBe('switchyard:settings');
    expect(settingsKey('/yard')).toBe('switchyard/yard:settings');
    saveLocale('nb-NO', '/yard');
    expect(JSON.parse(localStorage.getItem('switchyard/yard:settings')!)).toEqual({ locale: 'nb-NO' });
    expect(readLocale('/yard', 'en-US')).toBe('nb-NO');
    expect(readLocale('', 'en-US')).toBe('en-US');
  });

  it("defaults to the browser's locale when nothing (or garbage) is stored", () => {
    localStorage.setItem(settingsKey(''), 'not json');
    expect(readLocale('', 'sv-SE')).toBe('sv-SE');
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
