// The period a timetable's list shows: a week (Monday to Sunday) or a month, in Douala
// time, and the one before or after it. Douala is UTC+1 all year (no daylight saving), so
// plain UTC arithmetic shifted by an hour gives its midnights without a time-zone library
// (the timetable's first screen stays light: DESIGN §6 weight).

export type PeriodUnit = "week" | "month";

export interface Period {
  unit: PeriodUnit;
  /** Midnight in Douala that starts the period (included). */
  from: Date;
  /** Midnight in Douala that starts the next one (excluded). */
  to: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Douala's wall clock of an instant, read with the UTC getters. */
const doualaClock = (at: Date) => new Date(at.getTime() + HOUR_MS);
/** The instant of midnight in Douala on a calendar day (month and day may overflow, as Date.UTC allows). */
const doualaMidnight = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) - HOUR_MS);

/** The week (from Monday) or the month that contains `at`. */
export function periodOf(unit: PeriodUnit, at: Date): Period {
  const d = doualaClock(at);
  if (unit === "month") {
    return { unit, from: doualaMidnight(d.getUTCFullYear(), d.getUTCMonth(), 1), to: doualaMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
  }
  const monday = doualaMidnight(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return { unit, from: monday, to: new Date(monday.getTime() + 7 * DAY_MS) };
}

/** The period `steps` weeks or months after this one (before it when negative). */
export function shiftPeriod(period: Period, steps: number): Period {
  const d = doualaClock(period.from);
  if (period.unit === "month") return periodOf("month", doualaMidnight(d.getUTCFullYear(), d.getUTCMonth() + steps, 1));
  return periodOf("week", new Date(period.from.getTime() + steps * 7 * DAY_MS));
}
