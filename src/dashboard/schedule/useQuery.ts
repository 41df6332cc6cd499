// A cached read keyed by its parameters (SPEC §9 cache). Keys start with "schedule-" so a
// change to the timetable invalidates every timetable read at once.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";

export interface QueryState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useQuery<T>(key: readonly (string | number | undefined)[], fetcher: () => Promise<T>): QueryState<T> {
  const id = JSON.stringify(key);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names every input of the fetcher
  const store = useMemo(() => createFetcherStore<T>([`schedule-${id}`], { fetcher }), [id]);
  const state = useStore(store);
  return { data: state.data, loading: state.loading && state.data === undefined, error: state.error, retry: () => store.revalidate() };
}

// The reads that list sessions (not the courses or semesters around them, whose pages
// would otherwise flash back to their loading state).
const SESSION_READS = ["sessions", "plan-upcoming", "teacher-classes", "virtual", "course-sessions", "dated"].map((k) => `schedule-["${k}"`);

/** After a change to the timetable: every read of sessions fetches again. */
export function invalidateSchedule(): void {
  invalidateKeys((key) => SESSION_READS.some((prefix) => key.startsWith(prefix)));
}
