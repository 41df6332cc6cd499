// A cached read (SPEC §9 cache) keyed by its parameters: a new key when they change. Each
// feature has its own hook whose keys start with the feature's scope ("admissions-[…]"), so
// a change in that feature makes all its reads fetch again at once (invalidateScope). Reads
// that several features change together share a scope declared here (people, schedule).
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../lib/data-cache.ts";

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

/** Accounts and academic records (evaluations, marks, quizzes, assignments, results,
 *  reports): a new evaluation or a taken quiz refreshes the gradebook and the results too. */
export const usePeopleQuery = scopedQuery("people");

/** After a change to accounts or academic records: every such read fetches again. */
export const invalidatePeople = (): void => invalidateScope("people");

/** The timetable's sessions and the courses and semesters around them. */
export const useScheduleQuery = scopedQuery("schedule");

// The reads that list sessions (not the courses or semesters around them, whose pages
// would otherwise flash back to their loading state).
const SESSION_READS = ["sessions", "plan-upcoming", "teacher-classes", "virtual", "course-sessions", "dated"].map((k) => `schedule-["${k}"`);

/** After a change to the timetable: every read of sessions fetches again. */
export function invalidateSchedule(): void {
  invalidateKeys((key) => SESSION_READS.some((prefix) => key.startsWith(prefix)));
}
