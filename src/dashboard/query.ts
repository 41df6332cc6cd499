// A cached read (SPEC §9 cache) keyed by its parameters: a new key when they change. Each
// feature has its own hook whose keys start with the feature's scope ("people-[…]"), so a
// change in that feature makes all its reads fetch again at once (invalidateScope).
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
