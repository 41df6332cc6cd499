// A cached read (SPEC §9 cache) keyed by its parameters; keys start with "meetings-" so a
// change refreshes every read of the page at once.
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
  const store = useMemo(() => createFetcherStore<T>([`meetings-${id}`], { fetcher }), [id]);
  const state = useStore(store);
  return { data: state.data, loading: state.loading && state.data === undefined, error: state.error, retry: () => store.revalidate() };
}

export function invalidateMeetings(): void {
  invalidateKeys((key) => key.startsWith("meetings-"));
}
