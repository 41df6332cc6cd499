// Weekly series over a semester: one session a week on a given weekday and wall-clock time
// in the school's zone (Africa/Douala unless told), from the semester's first to its last
// day, leaving out holidays. Days are "YYYY-MM-DD", times "HH:mm", instants Date (UTC).
import { CalendarDateTime, parseDate, toZoned, type CalendarDate } from "@internationalized/date";
import { TIME_ZONE } from "../format.ts";

export interface WeeklySeriesInput {
  /** First and last day the series may use (inclusive). */
  from: string;
  to: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Wall-clock start, "HH:mm". */
  startTime: string;
  durationMinutes: number;
  /** Days without classes ("YYYY-MM-DD"). */
  holidays?: Iterable<string>;
  timeZone?: string;
}

export interface PlannedSession {
  day: string;
  start: Date;
  end: Date;
}

export interface WeeklySeries {
  sessions: PlannedSession[];
  /** The series' days that fell on a holiday. */
  skipped: string[];
}

/** Largest series built at once (about 20 years of weekly sessions): a guard against typos. */
export const MAX_SERIES_SESSIONS = 1000;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day, whatever the locale. */
export function isoWeekday(day: CalendarDate): number {
  // 1970-01-05 was a Monday.
  const days = Math.round((Date.UTC(day.year, day.month - 1, day.day) - Date.UTC(1970, 0, 5)) / 86_400_000);
  return (((days % 7) + 7) % 7) + 1;
}

/** The instant of a wall-clock day and time in a zone. */
export function zonedInstant(day: string, time: string, timeZone: string = TIME_ZONE): Date {
  const match = HHMM.exec(time);
  if (!match) throw new RangeError(`not a time of day: ${time}`);
  const d = parseDate(day);
  return toZoned(new CalendarDateTime(d.year, d.month, d.day, Number(match[1]), Number(match[2])), timeZone).toDate();
}

export function weeklySeries(input: WeeklySeriesInput): WeeklySeries {
  const { weekday, startTime, durationMinutes } = input;
  const timeZone = input.timeZone ?? TIME_ZONE;
  if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) throw new RangeError(`weekday must be 1..7, not ${weekday}`);
  if (!HHMM.test(startTime)) throw new RangeError(`not a time of day: ${startTime}`);
  if (!Number.isInteger(durationMinutes) || durationMinutes < 5 || durationMinutes > 12 * 60) {
    throw new RangeError("a session lasts between 5 minutes and 12 hours");
  }
  const first = parseDate(input.from);
  const last = parseDate(input.to);
  if (first.compare(last) > 0) throw new RangeError("the series ends before it starts");
  const holidays = new Set(input.holidays ?? []);
  const sessions: PlannedSession[] = [];
  const skipped: string[] = [];
  let day = first.add({ days: (weekday - isoWeekday(first) + 7) % 7 });
  while (day.compare(last) <= 0) {
    const iso = day.toString();
    if (holidays.has(iso)) skipped.push(iso);
    else {
      if (sessions.length >= MAX_SERIES_SESSIONS) throw new RangeError(`a series holds at most ${MAX_SERIES_SESSIONS} sessions`);
      const start = zonedInstant(iso, startTime, timeZone);
      sessions.push({ day: iso, start, end: new Date(start.getTime() + durationMinutes * 60_000) });
    }
    day = day.add({ weeks: 1 });
  }
  return { sessions, skipped };
}

/**
 * Cameroon's fixed public holidays (loi n° 73/5 du 7 décembre 1973, as amended): New Year,
 * Youth Day (11 Feb), Labour Day, National Day (20 May), Assumption (15 Aug), Christmas.
 * Movable feasts (Easter, Ascension, Eid…) and school breaks are dates the school adds.
 */
export const CAMEROON_FIXED_HOLIDAYS = ["01-01", "02-11", "05-01", "05-20", "08-15", "12-25"] as const;

/** The fixed public holidays falling between two days (inclusive), as "YYYY-MM-DD". */
export function fixedHolidaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const md of CAMEROON_FIXED_HOLIDAYS) {
      const day = `${year}-${md}`;
      if (day >= from && day <= to) out.push(day);
    }
  }
  return out;
}
