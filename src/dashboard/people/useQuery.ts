// A cached read (SPEC §9 cache) keyed by its parameters: a new key when they change.
// Keys start with "people-" so a change invalidates every people read at once.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";

export interface QueryState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useQuery<T>(key: readonly (string | number)[], fetcher: () => Promise<T>): QueryState<T> {
  const id = JSON.stringify(key);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names every input of the fetcher
  const store = useMemo(() => createFetcherStore<T>([`people-${id}`], { fetcher }), [id]);
  const state = useStore(store);
  return { data: state.data, loading: state.loading && state.data === undefined, error: state.error, retry: () => store.revalidate() };
}

/** After a change: every people read fetches again. */
export function invalidatePeople(): void {
  invalidateKeys((key) => key.startsWith("people-"));
}
