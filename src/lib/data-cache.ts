// The dashboard's cache for reads (SPEC §9): data stays fresh 5 minutes, is kept 10 minutes,
// a failed read is retried twice, and returning to the tab does not refetch.
// Live data (notifications) is kept current by realtime instead.
import { nanoquery, onErrorRetry } from "@nanostores/query";
import { onStart } from "nanostores";

export const DATA_FRESH_MS = 5 * 60_000;
export const DATA_KEPT_MS = 10 * 60_000;
export const DATA_RETRIES = 2;
export const DATA_REFETCH_ON_FOCUS = false;

export const dataCacheSettings = {
  dedupeTime: DATA_FRESH_MS,
  cacheLifetime: DATA_KEPT_MS,
  revalidateOnFocus: DATA_REFETCH_ON_FOCUS,
  // retryCount is 1 at the first failure: retry after it and the second, then give up.
  onErrorRetry: ({ retryCount }: { error: unknown; key: string; retryCount: number }) =>
    retryCount > DATA_RETRIES ? false : onErrorRetry({ retryCount }),
};

type CacheEntry = { data?: unknown; error?: unknown; created?: number; expires?: number };
const cache = new Map<string, CacheEntry>();
const [createBaseStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({ ...dataCacheSettings, cache });
export { createMutatorStore, invalidateKeys, revalidateKeys, mutateCache };

/**
 * nanoquery's fetcher store, mended for reads whose answer is null ("no calendar link yet"):
 * nanoquery 0.3.4 compares a fresh cache entry with the store's value using `!=`, and
 * `undefined != null` is false, so a store that starts on a key whose cached answer is null
 * stays without data: a skeleton forever. It happens to a second store of the key (a remounted
 * component), and to the same store when React reads it again before watching it once the
 * answer has come (each read of an unwatched store starts and stops it, and the stop clears
 * its value): on a busy machine, the student's calendar-link card never left its skeleton. Once nanoquery
 * has looked at its cache, such a store is handed the cached null.
 */
export const createFetcherStore: typeof createBaseStore = (keyInput, settings) => {
  const store = createBaseStore(keyInput, settings);
  // In a microtask: start handlers run before nanoquery's own has read its cache.
  onStart(store, () => {
    queueMicrotask(() => {
      const { key } = store;
      // .value, not .get(): get() on a store nobody listens to starts it again, and again.
      const value = store.value;
      const entry = key === undefined ? undefined : cache.get(key);
      if (value && !value.loading && value.data === undefined && value.error === undefined && entry && entry.data === null && (entry.expires ?? 0) > Date.now()) {
        store.set({ ...value, data: null as never, loading: false });
      }
    });
  });
  return store;
};
