// ISO strings in and out of the date fields, read in Douala time (DESIGN §6 Formats).
// Calendar days travel as "YYYY-MM-DD", times of day as "HH:mm", instants as ISO UTC strings.
import { parseAbsolute, parseDate, parseTime, type CalendarDate, type Time, type ZonedDateTime } from "@internationalized/date";
import { TIME_ZONE } from "../../lib/format.ts";
import type { Locale } from "../../lib/locales.ts";

/** The BCP 47 locale of the date fields: 24-hour clock and day-first in both languages. */
export const dateLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

const tryParse = <T>(parse: () => T): T | null => {
  try {
    return parse();
  } catch {
    return null;
  }
};

export const toCalendarDate = (iso: string | null | undefined): CalendarDate | null => (iso ? tryParse(() => parseDate(iso.slice(0, 10))) : null);
export const fromCalendarDate = (date: CalendarDate | null): string | null => (date ? date.toString() : null);

/** An instant ("2026-11-23T08:30:00Z") as a Douala wall-clock date-time. */
export const toDoualaDateTime = (iso: string | null | undefined): ZonedDateTime | null => (iso ? tryParse(() => parseAbsolute(new Date(iso).toISOString(), TIME_ZONE)) : null);
export const fromZoned = (value: ZonedDateTime | null): string | null => (value ? value.toDate().toISOString() : null);

export const toTime = (hhmm: string | null | undefined): Time | null => (hhmm ? tryParse(() => parseTime(hhmm)) : null);
export const fromTime = (time: Time | null): string | null => (time ? time.toString().slice(0, 5) : null);
