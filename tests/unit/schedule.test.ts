// Weekly series, conflicts and range shifts (src/lib/schedule), with a fixed clock: the
// semester of 2026-2027 in Africa/Douala (UTC+1 all year, no daylight saving), a public
// holiday (Youth Day, 11 February) and a school break.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedHolidaysBetween, weeklySeries, zonedInstant, isoWeekday } from "../../src/lib/schedule/series.ts";
import { findConflicts, overlaps, type BookedSession } from "../../src/lib/schedule/conflicts.ts";
import { shiftRange } from "../../src/lib/schedule/shift.ts";
import { periodOf, shiftPeriod } from "../../src/lib/schedule/period.ts";
import { parseDate } from "@internationalized/date";

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] }); // the clock is fixed; performance.now() stays real
  vi.setSystemTime(new Date("2026-11-23T09:00:00Z")); // Monday 23 November 2026, 10:00 in Douala
});
afterAll(() => vi.useRealTimers());

const at = (iso: string) => new Date(iso);

describe("weekly series", () => {
  it("puts a Monday 08:00 class on every Monday of the range, at 07:00 UTC all year (Douala has no DST)", () => {
    const { sessions, skipped } = weeklySeries({ from: "2026-11-23", to: "2027-07-15", weekday: 1, startTime: "08:00", durationMinutes: 120 });
    expect(skipped).toEqual([]);
    expect(sessions[0]).toEqual({ day: "2026-11-23", start: at("2026-11-23T07:00:00Z"), end: at("2026-11-23T09:00:00Z") });
    // the same UTC hour across the northern DST changes of March and October
    expect(sessions.every((s) => s.start.getUTCHours() === 7 && s.start.getUTCMinutes() === 0)).toBe(true);
    expect(sessions.every((s) => isoWeekday(parseDate(s.day)) === 1)).toBe(true);
    expect(sessions.at(-1)!.day).toBe("2027-07-12");
    expect(sessions).toHaveLength(34);
  });

  it("skips holidays and says which", () => {
    const holidays = [...fixedHolidaysBetween("2027-02-01", "2027-03-31"), "2027-03-04"]; // 11 Feb + a break day
    expect(holidays).toContain("2027-02-11");
    const { sessions, skipped } = weeklySeries({ from: "2027-02-01", to: "2027-03-31", weekday: 4, startTime: "14:30", durationMinutes: 90, holidays });
    expect(skipped).toEqual(["2027-02-11", "2027-03-04"]);
    expect(sessions.map((s) => s.day)).toEqual(["2027-02-04", "2027-02-18", "2027-02-25", "2027-03-11", "2027-03-18", "2027-03-25"]);
    expect(sessions[0].start).toEqual(at("2027-02-04T13:30:00Z"));
    expect(sessions[0].end).toEqual(at("2027-02-04T15:00:00Z"));
  });

  it("starts on the first matching weekday on or after the first day", () => {
    const { sessions } = weeklySeries({ from: "2026-11-25", to: "2026-12-10", weekday: 1, startTime: "08:00", durationMinutes: 60 });
    expect(sessions.map((s) => s.day)).toEqual(["2026-11-30", "2026-12-07"]);
  });

  it("refuses nonsense", () => {
    expect(() => weeklySeries({ from: "2027-01-10", to: "2027-01-01", weekday: 1, startTime: "08:00", durationMinutes: 60 })).toThrow(RangeError);
    expect(() => weeklySeries({ from: "2027-01-01", to: "2027-02-01", weekday: 8, startTime: "08:00", durationMinutes: 60 })).toThrow(RangeError);
    expect(() => weeklySeries({ from: "2027-01-01", to: "2027-02-01", weekday: 1, startTime: "25:00", durationMinutes: 60 })).toThrow(RangeError);
    expect(() => weeklySeries({ from: "2027-01-01", to: "2027-02-01", weekday: 1, startTime: "08:00", durationMinutes: 0 })).toThrow(RangeError);
    expect(() => weeklySeries({ from: "2000-01-01", to: "2030-01-01", weekday: 1, startTime: "08:00", durationMinutes: 60 })).toThrow(/at most/);
  });

  it("reads wall-clock times in Douala whatever zone the machine is in", () => {
    expect(zonedInstant("2026-06-01", "00:30")).toEqual(at("2026-05-31T23:30:00Z"));
    expect(zonedInstant("2026-06-01", "08:00", "Europe/Paris")).toEqual(at("2026-06-01T06:00:00Z"));
  });
});

describe("conflicts", () => {
  const teacher = "t-1";
  const booked: BookedSession[] = [
    { id: "e1", courseId: "c-mine-other", teacherId: teacher, start: at("2026-11-30T07:00:00Z"), end: at("2026-11-30T09:00:00Z") },
    { id: "e2", courseId: "c-cohort", teacherId: "t-2", start: at("2026-12-07T08:00:00Z"), end: at("2026-12-07T10:00:00Z") },
    { id: "e3", courseId: "c-elsewhere", teacherId: "t-3", start: at("2026-12-14T07:00:00Z"), end: at("2026-12-14T09:00:00Z") },
    { id: "e4", courseId: "c-cohort", teacherId: "t-2", start: at("2026-12-21T09:00:00Z"), end: at("2026-12-21T10:00:00Z") },
  ];
  const context = { teacherId: teacher, cohortCourseIds: new Set(["c-planned", "c-cohort"]) };
  const series = weeklySeries({ from: "2026-11-30", to: "2026-12-21", weekday: 1, startTime: "08:00", durationMinutes: 120 }).sessions;

  it("finds the teacher and the cohort double-booked, not strangers, and not back-to-back sessions", () => {
    const found = findConflicts(series, booked, context);
    expect(found.map((c) => [c.slot, c.kind, c.session?.id])).toEqual([
      [0, "teacher", "e1"],
      [1, "cohort", "e2"],
    ]);
    // e4 starts at 10:00 Douala when the slot ends: no clash (half-open intervals)
  });

  it("leaves out sessions being edited", () => {
    expect(findConflicts(series, booked, { ...context, ignoreIds: new Set(["e1", "e2"]) })).toEqual([]);
  });

  it("reports slots of the batch that overlap each other", () => {
    const batch = [
      { start: at("2027-01-04T07:00:00Z"), end: at("2027-01-04T09:00:00Z") },
      { start: at("2027-01-05T07:00:00Z"), end: at("2027-01-05T08:00:00Z") },
      { start: at("2027-01-04T08:30:00Z"), end: at("2027-01-04T09:30:00Z") },
    ];
    expect(findConflicts(batch, [], context)).toEqual([{ slot: 0, kind: "batch", otherSlot: 2 }]);
  });

  it("finds at scale exactly the clashes a pair-by-pair comparison finds (its speed is in npm run bench:schedule)", () => {
    const many = weeklySeries({ from: "2026-01-05", to: "2036-07-01", weekday: 2, startTime: "10:00", durationMinutes: 60 }).sessions.slice(0, 500);
    expect(many).toHaveLength(500);
    const lots: BookedSession[] = Array.from({ length: 2000 }, (_, i) => ({
      id: `b${i}`,
      courseId: i % 3 ? "c-cohort" : "c-elsewhere",
      teacherId: i % 5 ? "t-2" : teacher,
      start: new Date(at("2026-01-05T00:00:00Z").getTime() + i * 37 * 3_600_000),
      end: new Date(at("2026-01-05T01:30:00Z").getTime() + i * 37 * 3_600_000),
    }));
    const naive = many.flatMap((slot, index) =>
      lots.filter((b) => (b.teacherId === teacher || context.cohortCourseIds.has(b.courseId)) && overlaps(slot, b)).map((b) => `${index} ${b.teacherId === teacher ? "teacher" : "cohort"} ${b.id}`),
    );
    const found = findConflicts(many, lots, context).map((c) => `${c.slot} ${c.kind} ${c.session?.id}`);
    expect(naive.length).toBeGreaterThan(10);
    expect(found.sort()).toEqual(naive.sort());
  });
});

describe("shifting a range", () => {
  it("moves the sessions starting in the range, keeping their length", () => {
    const sessions = series();
    const moved = shiftRange(sessions, { from: at("2026-12-07T00:00:00Z"), to: at("2026-12-15T00:00:00Z") }, 60);
    expect(moved.map((s) => s.id)).toEqual(["s1", "s2"]);
    expect(moved[0].start).toEqual(at("2026-12-07T08:00:00Z"));
    expect(moved[0].end).toEqual(at("2026-12-07T10:00:00Z"));
    expect(() => shiftRange(sessions, { from: at("2026-12-07T00:00:00Z"), to: at("2026-12-01T00:00:00Z") }, 60)).toThrow(RangeError);
    expect(() => shiftRange(sessions, { from: at("2026-12-07T00:00:00Z"), to: at("2026-12-15T00:00:00Z") }, 0)).toThrow(RangeError);
  });

  function series() {
    return weeklySeries({ from: "2026-11-30", to: "2026-12-21", weekday: 1, startTime: "08:00", durationMinutes: 120 }).sessions.map((s, i) => ({ id: `s${i}`, ...s }));
  }
});

describe("the new-sessions form", () => {
  const base = { courseId: "c", title: "TD", kind: "weekly" as const, weekday: 3, startTime: "10:00", durationMinutes: 90, isOnline: true, room: "", daysOff: "" };
  it("validates what it is given", async () => {
    const { planSchema } = await import("../../src/lib/schedule/plan.ts");
    expect(planSchema.safeParse({ ...base, from: "2026-12-01", to: "2027-01-31" }).success).toBe(true);
    expect(planSchema.safeParse({ ...base, title: "  " }).success).toBe(false);
    expect(planSchema.safeParse({ ...base, daysOff: "2026-12-30, demain" }).success).toBe(false);
    expect(planSchema.safeParse({ ...base, durationMinutes: 5 }).success).toBe(false);
  });
  it("skips fixed public holidays and typed days off in a series", async () => {
    const { planSlots } = await import("../../src/lib/schedule/plan.ts");
    const { sessions, skipped } = planSlots({ ...base, from: "2026-12-01", to: "2027-01-15", weekday: 5, daysOff: "2027-01-08" });
    expect(skipped).toEqual(["2026-12-25", "2027-01-01", "2027-01-08"]);
    expect(sessions.map((s) => s.day)).toEqual(["2026-12-04", "2026-12-11", "2026-12-18", "2027-01-15"]);
    expect(sessions[0].start).toEqual(new Date("2026-12-04T09:00:00Z"));
  });
  it("makes one session at the typed day and time", async () => {
    const { planSlots } = await import("../../src/lib/schedule/plan.ts");
    expect(planSlots({ ...base, kind: "single", day: "2026-12-02" }).sessions).toEqual([{ day: "2026-12-02", start: new Date("2026-12-02T09:00:00Z"), end: new Date("2026-12-02T10:30:00Z") }]);
  });
});

describe("the edit and shift forms", () => {
  it("turns an edited session into Douala instants, and drops the room of an online one", async () => {
    const { editSchema, editedSession } = await import("../../src/lib/schedule/edit.ts");
    const input = { title: " Cours ", day: "2026-12-02", startTime: "06:30", durationMinutes: 60, isOnline: false, room: " Amphi 300 " };
    expect(editSchema.safeParse(input).success).toBe(true);
    expect(editedSession(input)).toEqual({ title: "Cours", start_time: "2026-12-02T05:30:00.000Z", end_time: "2026-12-02T06:30:00.000Z", is_online: false, room: "Amphi 300" });
    expect(editedSession({ ...input, isOnline: true }).room).toBeNull();
    expect(editSchema.safeParse({ ...input, startTime: "25:00" }).success).toBe(false);
  });
  it("shifts the sessions from the first day's midnight to the end of the last day in Douala, by days and minutes", async () => {
    const { shiftRangeOf, shiftSchema } = await import("../../src/lib/schedule/edit.ts");
    const input = { courseId: "c", from: "2026-12-07", to: "2026-12-14", days: 2, minutes: -30 };
    expect(shiftRangeOf(input)).toEqual({ from: at("2026-12-06T23:00:00Z"), to: at("2026-12-14T23:00:00Z"), byMinutes: 2 * 24 * 60 - 30 });
    expect(shiftSchema.safeParse(input).success).toBe(true);
    expect(shiftSchema.safeParse({ ...input, days: 0, minutes: 0 }).error?.issues[0]).toMatchObject({ path: ["minutes"], message: "zero" });
    expect(shiftSchema.safeParse({ ...input, to: "2026-12-01" }).error?.issues[0]).toMatchObject({ path: ["to"], message: "range" });
  });
});

describe("the timetable's period", () => {
  const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()];

  it("is the Monday-to-Sunday week in Douala, even late on Sunday evening or just after midnight on Monday", () => {
    expect(iso(periodOf("week", at("2026-11-25T12:00:00Z")))).toEqual(["2026-11-22T23:00:00.000Z", "2026-11-29T23:00:00.000Z"]);
    // 23:30 on Sunday 29 November in Douala: still that week
    expect(iso(periodOf("week", at("2026-11-29T22:30:00Z")))).toEqual(["2026-11-22T23:00:00.000Z", "2026-11-29T23:00:00.000Z"]);
    // 00:30 on Monday 30 November in Douala (23:30 UTC the day before): the next week
    expect(iso(periodOf("week", at("2026-11-29T23:30:00Z")))).toEqual(["2026-11-29T23:00:00.000Z", "2026-12-06T23:00:00.000Z"]);
  });

  it("is the calendar month in Douala, the first hour of a month UTC belonging to it", () => {
    expect(iso(periodOf("month", at("2026-11-30T23:30:00Z")))).toEqual(["2026-11-30T23:00:00.000Z", "2026-12-31T23:00:00.000Z"]);
    expect(iso(periodOf("month", at("2027-02-10T10:00:00Z")))).toEqual(["2027-01-31T23:00:00.000Z", "2027-02-28T23:00:00.000Z"]);
  });

  it("steps a week or a month at a time, across the year's end", () => {
    const week = periodOf("week", at("2026-12-30T10:00:00Z"));
    expect(iso(shiftPeriod(week, 1))).toEqual(["2027-01-03T23:00:00.000Z", "2027-01-10T23:00:00.000Z"]);
    expect(iso(shiftPeriod(week, -1))).toEqual(["2026-12-20T23:00:00.000Z", "2026-12-27T23:00:00.000Z"]);
    const december = periodOf("month", at("2026-12-15T10:00:00Z"));
    expect(iso(shiftPeriod(december, 1))).toEqual(["2026-12-31T23:00:00.000Z", "2027-01-31T23:00:00.000Z"]);
    expect(iso(shiftPeriod(december, -2))).toEqual(["2026-09-30T23:00:00.000Z", "2026-10-31T23:00:00.000Z"]);
    expect(shiftPeriod(december, 1).unit).toBe("month");
  });
});
