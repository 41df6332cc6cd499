// A cached read keyed by its parameters (SPEC §9 cache). Keys start with "schedule-" so a
// change to the timetable invalidates every timetable read at once.
import { invalidateKeys } from "../../lib/data-cache.ts";
import { scopedQuery } from "../query.ts";

export type { QueryState } from "../query.ts";
export const useQuery = scopedQuery("schedule");

// The reads that list sessions (not the courses or semesters around them, whose pages
// would otherwise flash back to their loading state).
const SESSION_READS = ["sessions", "plan-upcoming", "teacher-classes", "virtual", "course-sessions", "dated"].map((k) => `schedule-["${k}"`);

/** After a change to the timetable: every read of sessions fetches again. */
export function invalidateSchedule(): void {
  invalidateKeys((key) => SESSION_READS.some((prefix) => key.startsWith(prefix)));
}
