// A cached read keyed by its parameters (SPEC §9 cache). Keys start with "admissions-" so
// a change (a decision, an upload) invalidates every admissions read at once.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";

export function useQuery<T>(key: readonly (string | number)[], fetcher: () => Promise<T>) {
  const id = JSON.stringify(key);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names every input of the fetcher
  const store = useMemo(() => createFetcherStore<T>([`admissions-${id}`], { fetcher }), [id]);
  const state = useStore(store);
  return { data: state.data, loading: state.loading && state.data === undefined, error: state.error, retry: () => store.revalidate() };
}

export function invalidateAdmissions(): void {
  invalidateKeys((key) => key.startsWith("admissions-"));
}
