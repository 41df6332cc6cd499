// A cached read (SPEC §9 cache) keyed by its parameters: a new key when they change. Reads
// are grouped in scopes, whose keys start with the scope ("people-[…]"), so a change can
// make all the reads of its scope fetch again at once (invalidateScope). The scopes several
// features share live here, where every feature can reach them.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";

export interface QueryState<T> {
  data: T | undefined;
  /** True only before the first answer (a refetch keeps showing the data it had). */
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export type QueryKey = readonly (string | number | undefined)[];

export function scopedQuery(scope: string) {
  return function useQuery<T>(key: QueryKey, fetcher: () => Promise<T>): QueryState<T> {
    const id = JSON.stringify(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names every input of the fetcher
    const store = useMemo(() => createFetcherStore<T>([`${scope}-${id}`], { fetcher }), [id]);
    const state = useStore(store);
    return { data: state.data, loading: state.loading && state.data === undefined, error: state.error, retry: () => store.revalidate() };
  };
}

/** Every read of a scope fetches again (after a change the feature made). */
export function invalidateScope(scope: string): void {
  invalidateKeys((key) => key.startsWith(`${scope}-`));
}

/** The timetable's reads and those of the pages around it (classes, courses, documents, partners, internships). */
export const useScheduleQuery = scopedQuery("schedule");

// The reads that list sessions (not the courses or semesters around them, whose pages
// would otherwise flash back to their loading state).
const SESSION_READS = ["sessions", "plan-upcoming", "teacher-classes", "virtual", "course-sessions", "dated"].map((k) => `schedule-["${k}"`);

/** After a change to the timetable: every read of sessions fetches again. */
export function invalidateSchedule(): void {
  invalidateKeys((key) => SESSION_READS.some((prefix) => key.startsWith(prefix)));
}

/** People's reads, and those of marks, quizzes, assignments and reports: a change in one refreshes them all. */
export const usePeopleQuery = scopedQuery("people");
/** After a change: every read of the people scope fetches again. */
export const invalidatePeople = (): void => invalidateScope("people");

/** Admissions' reads: a decision or an upload refreshes every admissions read at once. */
export const useAdmissionsQuery = scopedQuery("admissions");
export const invalidateAdmissions = (): void => invalidateScope("admissions");

/** The meetings settings' reads: a change refreshes every read of the page at once. */
export const useMeetingsQuery = scopedQuery("meetings");
export const invalidateMeetings = (): void => invalidateScope("meetings");
