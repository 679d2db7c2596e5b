import { deviceSetting } from '../settings/device-settings';

/** The locale options, plus the browser's own. */
export const LOCALES = ['en-US', 'en-GB', 'nb-NO', 'sv-SE', 'da-DK', 'en-IN', 'de', 'cs', 'pt-BR', 'fr-FR'];

export function localeOptions(browserLocale: string = navigator.language): string[] {
  return LOCALES.includes(browserLocale) || !browserLocale ? LOCALES : [...LOCALES, browserLocale];
}

const localeSetting = deviceSetting('locale', (stored) => (typeof stored === 'string' ? stored : undefined));

/** The locale chosen on this device, else the browser's. */
export function useLocale(): string {
  return localeSetting.use() ?? navigator.language;
}

export function useLocaleActions() {
  return { setLocale: (locale: string) => localeSetting.set(locale) };
}
