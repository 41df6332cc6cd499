// How the platform writes dates, times, money and marks (DESIGN §6 "Formats"): Africa/Douala
// time whatever the device's zone, the page's language, francs CFA without decimals,
// marks out of 20 with two decimals.
import type { Locale } from "./locales.ts";

export const TIME_ZONE = "Africa/Douala";

const intlLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const DATE_STYLES = {
  long: { day: "numeric", month: "long", year: "numeric" },
  medium: { day: "numeric", month: "short", year: "numeric" },
  short: { day: "2-digit", month: "2-digit", year: "numeric" },
} as const;

/** 23 novembre 2026 / 23 November 2026 (long), 23 nov. 2026 / 23 Nov 2026 (medium), 23/11/2026 (short) */
export function formatDate(locale: Locale, value: DateInput, style: keyof typeof DATE_STYLES = "long"): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIME_ZONE, ...DATE_STYLES[style] }).format(toDate(value));
}

/** 23–29 novembre 2026 / 23–29 November 2026 — the days from `from` to just before `to`. */
export function formatDayRange(locale: Locale, from: DateInput, to: DateInput): string {
  const last = new Date(toDate(to).getTime() - 1);
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" }).formatRange(toDate(from), last);
}

/** novembre 2026 / November 2026 */
export function formatMonth(locale: Locale, value: DateInput): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIME_ZONE, month: "long", year: "numeric" }).format(toDate(value));
}

/** 09:30 (24-hour clock in both languages, as Cameroon reads it) */
export function formatTime(locale: Locale, value: DateInput): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(toDate(value));
}

/** lun. 23 nov., 09:30 / Mon 23 Nov, 09:30 */
export function formatDateTime(locale: Locale, value: DateInput): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(toDate(value));
}

/** A session's slot: lun. 23 nov., 09:30–11:00 */
export function formatSlot(locale: Locale, start: DateInput, end: DateInput): string {
  return `${formatDateTime(locale, start)}–${formatTime(locale, end)}`;
}

/** 150 000 FCFA / FCFA 150,000 — integer francs only. */
export function formatXaf(locale: Locale, francs: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(francs);
}

/** 12,50 / 12.50 — a mark out of 20. */
export function formatMark(locale: Locale, mark: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(mark);
}

/** 2,5 / 2.5 — a coefficient or a number of credits: up to two decimals, none when whole. */
export function formatDecimal(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

/** The calendar day (YYYY-MM-DD) of an instant in Douala. */
export function doualaDay(value: DateInput): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(toDate(value));
}

/** 00:00 in Douala (UTC+1 all year: no daylight saving) of the day of an instant. */
export function startOfDoualaDay(value: DateInput): Date {
  return new Date(`${doualaDay(value)}T00:00:00+01:00`);
}

/** 63,6 % / 63.6% — a share between 0 and 1. */
export function formatPercent(locale: Locale, share: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** « a, b et c » / "a, b and c" — a list in a sentence. */
export function formatList(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(intlLocale(locale), { style: "long", type: "conjunction" }).format(items);
}

/** 1,5 Mo / 1.5 MB — a file or database size (octets in French). */
export function formatBytes(locale: Locale, bytes: number): string {
  const units = locale === "fr" ? ["o", "Ko", "Mo", "Go", "To"] : ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: unit ? 1 : 0 }).format(value)}\u00a0${units[unit]}`;
}
