// Shifting a range of sessions: every session starting within [from, to) moves by the same
// amount (minutes), keeping its length; the others stay. Returns the moved ones only, so
// the caller can check them for conflicts before saving.
import type { Slot } from "./conflicts.ts";

export interface ShiftableSession extends Slot {
  id: string;
}

export function shiftRange<T extends ShiftableSession>(sessions: readonly T[], range: { from: Date; to: Date }, byMinutes: number): T[] {
  if (!Number.isFinite(byMinutes) || byMinutes === 0) throw new RangeError("shift by a non-zero number of minutes");
  if (range.to.getTime() <= range.from.getTime()) throw new RangeError("the range ends before it starts");
  const delta = Math.round(byMinutes) * 60_000;
  return sessions
    .filter((s) => s.start.getTime() >= range.from.getTime() && s.start.getTime() < range.to.getTime())
    .map((s) => ({ ...s, start: new Date(s.start.getTime() + delta), end: new Date(s.end.getTime() + delta) }));
}
