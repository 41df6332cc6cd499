// The forms that change sessions already planned: editing one session (teacher/classes/
// schedule) and shifting a range of a course's sessions (admin/advanced-programming),
// checked on the client before the database checks them again (reschedule_session,
// shift_sessions). Days are "YYYY-MM-DD" and times "HH:mm" in Douala.
import * as z from "zod/mini";
import { zonedInstant } from "./series.ts";

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

export const editSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  day,
  startTime: time,
  durationMinutes: z.number().check(z.int(), z.minimum(15), z.maximum(480)),
  isOnline: z.boolean(),
  room: z.string().check(z.maxLength(100)),
});
export type EditInput = z.infer<typeof editSchema>;

/** The row reschedule_session expects. */
export function editedSession(input: EditInput) {
  const start = zonedInstant(input.day, input.startTime);
  return {
    title: input.title.trim(),
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + input.durationMinutes * 60_000).toISOString(),
    is_online: input.isOnline,
    room: input.isOnline ? null : input.room.trim() || null,
  };
}

export const shiftSchema = z
  .object({
    courseId: z.string().check(z.minLength(1)),
    from: day,
    to: day,
    days: z.number().check(z.int(), z.minimum(-180), z.maximum(180)),
    minutes: z.number().check(z.int(), z.minimum(-720), z.maximum(720)),
  })
  .check(
    z.refine((v) => v.to >= v.from, { path: ["to"], message: "range" }),
    z.refine((v) => v.days !== 0 || v.minutes !== 0, { path: ["minutes"], message: "zero" }),
  );
export type ShiftInput = z.infer<typeof shiftSchema>;

/** The instants of a shift form: sessions starting from the first day's midnight to the end of the last day, in Douala. */
export function shiftRangeOf(input: ShiftInput): { from: Date; to: Date; byMinutes: number } {
  const from = zonedInstant(input.from, "00:00");
  const lastMidnight = zonedInstant(input.to, "00:00");
  return { from, to: new Date(lastMidnight.getTime() + 86_400_000), byMinutes: input.days * 24 * 60 + input.minutes };
}
