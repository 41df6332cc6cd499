// The "new sessions" form of teacher/classes/schedule, checked on the client before the
// database checks it again (create_sessions): one session or a weekly series, turned into
// the slots to save. Fixed public holidays are always skipped; other days off are typed.
import * as z from "zod/mini";
import { fixedHolidaysBetween, weeklySeries, zonedInstant, type PlannedSession } from "./series.ts";

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export const planSchema = z.object({
  courseId: z.string().check(z.minLength(1)),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  kind: z.enum(["single", "weekly"]),
  day: z.optional(day),
  from: z.optional(day),
  to: z.optional(day),
  weekday: z.number().check(z.int(), z.minimum(1), z.maximum(7)),
  startTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  durationMinutes: z.number().check(z.int(), z.minimum(15), z.maximum(480)),
  isOnline: z.boolean(),
  room: z.string().check(z.maxLength(100)),
  daysOff: z.string().check(z.maxLength(2000), z.regex(/^\s*(\d{4}-\d{2}-\d{2}\s*(,\s*\d{4}-\d{2}-\d{2}\s*)*)?$/)),
});
export type PlanInput = z.infer<typeof planSchema>;

export interface PlannedSlots {
  sessions: PlannedSession[];
  skipped: string[];
}

/** The sessions a valid form asks for (throws RangeError on impossible ranges). */
export function planSlots(input: PlanInput): PlannedSlots {
  if (input.kind === "single") {
    if (!input.day) throw new RangeError("a day is needed");
    const start = zonedInstant(input.day, input.startTime);
    return { sessions: [{ day: input.day, start, end: new Date(start.getTime() + input.durationMinutes * 60_000) }], skipped: [] };
  }
  if (!input.from || !input.to) throw new RangeError("a first and a last day are needed");
  const typed = input.daysOff
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  return weeklySeries({
    from: input.from,
    to: input.to,
    weekday: input.weekday,
    startTime: input.startTime,
    durationMinutes: input.durationMinutes,
    holidays: [...fixedHolidaysBetween(input.from, input.to), ...typed],
  });
}
