// The dashboard's cache for reads (SPEC §9): data stays fresh 5 minutes, is kept 10 minutes,
// a failed read is retried twice, and returning to the tab does not refetch.
// Live data (notifications) is kept current by realtime instead.
import { nanoquery, onErrorRetry } from "@nanostores/query";
import { onNotify, onStart, onStop } from "nanostores";
import { keysFromDevice, readThrough, showKey } from "./offline/read-through.ts";

export const DATA_FRESH_MS = 5 * 60_000;
export const DATA_KEPT_MS = 10 * 60_000;
export const DATA_RETRIES = 2;
export const DATA_REFETCH_ON_FOCUS = false;

export const dataCacheSettings = {
  dedupeTime: DATA_FRESH_MS,
  cacheLifetime: DATA_KEPT_MS,
  revalidateOnFocus: DATA_REFETCH_ON_FOCUS,
  // retryCount is 1 at the first failure: retry after it and the second, then give up.
  onErrorRetry: ({ retryCount }: { error: unknown; key: string; retryCount: number }) => (retryCount > DATA_RETRIES ? false : onErrorRetry({ retryCount })),
};

type CacheEntry = { data?: unknown; error?: unknown; created?: number; expires?: number };
const cache = new Map<string, CacheEntry>();
const [createBaseStore, createMutatorStore, base] = nanoquery({ ...dataCacheSettings, cache });
const { mutateCache } = base;
export { createMutatorStore, mutateCache };

/**
 * A refetch asked for while a read of the same key runs is dropped by nanoquery 0.3.4 (its
 * runFetcher returns while the key has a fetch running), so the read that started before a
 * change lands last and the page shows the state before it: in the gradebook, publishing
 * right after entering a mark left "Publier" on screen. The reads running now, by key, let a
 * refetch asked for meanwhile run again once they settle.
 */
const running = new Map<string, Promise<unknown>>();
type KeySelector = string | string[] | ((key: string) => boolean);
const matches = (key: string, selector: KeySelector) => (Array.isArray(selector) ? selector.includes(key) : typeof selector === "function" ? selector(key) : key === selector);
/** Asks now, and again for each key whose read was already running, once that read settles. */
function askAndAgain(selector: KeySelector, ask: (selector: KeySelector) => void): void {
  const earlier = [...running].filter(([key]) => matches(key, selector));
  ask(selector);
  for (const [key, read] of earlier)
    void read.then(
      () => ask(key),
      () => ask(key),
    );
}
export const invalidateKeys = (selector: KeySelector): void => askAndAgain(selector, base.invalidateKeys);
export const revalidateKeys = (selector: KeySelector): void => askAndAgain(selector, base.revalidateKeys);

// Back online: what was shown from the device is asked again (at once if on screen).
if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    const stale = keysFromDevice();
    if (stale.length) invalidateKeys(stale);
  });
}

/**
 * nanoquery's fetcher store, mended for reads whose answer is null ("no calendar link yet"):
 * nanoquery 0.3.4 compares a fresh cache entry with the store's value using `!=`, and
 * `undefined != null` is false, so a store that starts on a key whose cached answer is null
 * stays without data: a skeleton forever. It happens to a second store of the key (a remounted
 * component), and to the same store when React reads it again before watching it once the
 * answer has come (each read of an unwatched store starts and stops it, and the stop clears
 * its value): on a busy machine, the student's calendar-link card never left its skeleton. Once nanoquery
 * has looked at its cache, such a store is handed the cached null. It also records its reads
 * while they run, so that a refetch asked for meanwhile is not lost (see `running` above).
 * Each read goes through the device (offline/read-through.ts): saved for the signed-in account,
 * and answered from there when the network fails; while watched, the store tells which key the
 * page shows, so the page can say how old data from the device is.
 */
export const createFetcherStore: typeof createBaseStore = (keyInput, settings) => {
  const fetcher = settings?.fetcher;
  const store = createBaseStore(
    keyInput,
    fetcher
      ? {
          ...settings,
          fetcher: (...parts) => {
            const key: string | undefined = store.key;
            const read: ReturnType<typeof fetcher> = key ? readThrough(key, () => fetcher(...parts)) : fetcher(...parts);
            if (key) {
              running.set(key, read);
              const done = () => void (running.get(key) === read && running.delete(key));
              read.then(done, done);
            }
            return read;
          },
        }
      : settings,
  );
  // The store's own revalidate and invalidate (a page's "retry" after its change) ask again too.
  const { revalidate, invalidate } = store;
  store.revalidate = () => askAndAgain(store.key ?? [], () => revalidate());
  store.invalidate = () => askAndAgain(store.key ?? [], () => invalidate());
  // The key shown while the store is watched (its key may change with its inputs), checked a
  // microtask after each start, stop or change: a store read once during a render (started and
  // stopped at once) must not update the page's shown keys then, or each such render would
  // schedule another, and React would never get to finish a page that suspended.
  let shown: { key: string; release: () => void } | undefined;
  let queued = false;
  const follow = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      // `lc`, nanostores' count of a store's listeners (its own atoms test it the same way): a
      // read without listeners leaves it at 0, where onStart/onStop cannot tell (a store read
      // once stops only a second later).
      const key = (store as { lc?: number }).lc ? store.key : undefined;
      if (key === shown?.key) return;
      shown?.release();
      shown = key === undefined ? undefined : { key, release: showKey(key) };
    });
  };
  onNotify(store, follow);
  onStop(store, follow);
  // In a microtask: start handlers run before nanoquery's own has read its cache.
  onStart(store, () => {
    follow();
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
