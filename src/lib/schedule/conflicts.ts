// Double-bookings: a teacher or a cohort in two sessions at once. Intervals are half-open
// ([start, end)): a session ending at 10:00 and one starting at 10:00 do not clash.

export interface Slot {
  start: Date;
  end: Date;
}

/** A session already in the timetable, with who it occupies. */
export interface BookedSession extends Slot {
  id: string;
  courseId: string;
  teacherId: string | null;
}

export type ConflictKind = "batch" | "teacher" | "cohort";

export interface Conflict {
  /** Index of the proposed slot. */
  slot: number;
  kind: ConflictKind;
  /** The other proposed slot (batch) or the booked session (teacher, cohort). */
  otherSlot?: number;
  session?: BookedSession;
}

export interface ConflictContext {
  /** The teacher of the course being planned. */
  teacherId: string | null;
  /** Courses sharing at least one active student with it (itself included). */
  cohortCourseIds: ReadonlySet<string>;
  /** Sessions being edited, left out of the comparison. */
  ignoreIds?: ReadonlySet<string>;
}

export const overlaps = (a: Slot, b: Slot) => a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * Every clash of the proposed slots with each other and with booked sessions of the same
 * teacher or cohort (a session that is both is reported once, as the teacher's). Sorted by
 * slot; linear in the booked sessions after sorting, so a semester of 500 stays instant.
 */
export function findConflicts(proposed: readonly Slot[], booked: readonly BookedSession[], context: ConflictContext): Conflict[] {
  const conflicts: Conflict[] = [];
  const order = proposed.map((slot, index) => ({ slot, index })).sort((a, b) => a.slot.start.getTime() - b.slot.start.getTime());
  // within the batch: sweep in start order
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length && order[j].slot.start.getTime() < order[i].slot.end.getTime(); j++) {
      const [a, b] = [order[i].index, order[j].index].sort((x, y) => x - y);
      conflicts.push({ slot: a, kind: "batch", otherSlot: b });
    }
  }
  const relevant = booked
    .filter((s) => !context.ignoreIds?.has(s.id))
    .map((s) => ({ s, kind: (context.teacherId && s.teacherId === context.teacherId ? "teacher" : context.cohortCourseIds.has(s.courseId) ? "cohort" : null) as ConflictKind | null }))
    .filter((x): x is { s: BookedSession; kind: ConflictKind } => x.kind !== null)
    .sort((a, b) => a.s.start.getTime() - b.s.start.getTime());
  // booked sessions that start before a slot ends; keep those still running at its start
  let cursor = 0;
  let running: typeof relevant = [];
  for (const { slot, index } of order) {
    while (cursor < relevant.length && relevant[cursor].s.start.getTime() < slot.end.getTime()) running.push(relevant[cursor++]);
    running = running.filter((r) => r.s.end.getTime() > slot.start.getTime());
    for (const r of running) if (overlaps(slot, r.s)) conflicts.push({ slot: index, kind: r.kind, session: r.s });
  }
  return conflicts.sort((a, b) => a.slot - b.slot);
}
