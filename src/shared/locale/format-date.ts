const dateOnly: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const dateTime: Intl.DateTimeFormatOptions = { ...dateOnly, hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** Formatters by locale and options: creating one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${options === dateTime ? 'dateTime' : 'date'}`;
  let known = formatters.get(key);
  if (!known) {
    try {
      known = new Intl.DateTimeFormat(locale, options);
    } catch {
      known = new Intl.DateTimeFormat(undefined, options);
    }
    formatters.set(key, known);
  }
  return known;
}

function format(value: string | number | Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, options).format(date);
}

/** Two-digit day, month, hour, minute, second and numeric year in the chosen locale. */
export function formatDateTime(value: string | number | Date, locale: string): string {
  return format(value, locale, dateTime);
}

/** The date-only variant. */
export function formatDate(value: string | number | Date, locale: string): string {
  return format(value, locale, dateOnly);
}
