// The dashboard's cache for reads (SPEC §9): data stays fresh 5 minutes, is kept 10 minutes,
// a failed read is retried twice, and returning to the tab does not refetch.
// Live data (notifications) is kept current by realtime instead.
import { nanoquery, onErrorRetry } from "@nanostores/query";

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

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery(dataCacheSettings);
