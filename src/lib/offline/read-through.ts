// Reads that still answer on a bad line or offline (issue 24): each answer is saved on the
// device for the signed-in account, with the time it was fetched; when the network fails
// (offline, no route, 502/503/504) the saved answer is returned instead of the error, and
// the key is marked as "from the device" so the page can say how old its data is.
// Supabase's reads are POSTs and GETs with the user's token in a header, which a service
// worker cannot cache per account safely: this is done here, in the application.
import { computed, map } from "nanostores";
import { isRetryable } from "../errors/classify.ts";

export interface SavedRead<T = unknown> {
  key: string;
  data: T;
  /** Date.now() when the network gave this answer. */
  fetchedAt: number;
}

/** Where the signed-in account's answers are kept (IndexedDB in the browser, a Map in tests). */
export interface SavedReads {
  get(key: string): Promise<SavedRead | undefined>;
  put(read: SavedRead): Promise<void>;
}

let saved: SavedReads | null = null;

/** The signed-in account's saved reads; null (signed out, or not the application) to save nothing. */
export function setSavedReads(store: SavedReads | null): void {
  saved = store;
}

/** When each key's current answer was fetched, and whether it came from the device. */
export const $readTimes = map<Record<string, { at: number; device: boolean } | undefined>>({});
/** Keys the page shows now: key → how many readers show it. */
export const $shown = map<Record<string, number | undefined>>({});

/** What the page shows: the oldest fetch time of its data, and whether any came from the device. */
export const $shownData = computed([$readTimes, $shown], (times, shown) => {
  let oldest: number | null = null;
  let fromDevice = false;
  for (const [key, readers] of Object.entries(shown)) {
    const read = readers ? times[key] : undefined;
    if (!read) continue;
    if (oldest === null || read.at < oldest) oldest = read.at;
    fromDevice ||= read.device;
  }
  return { oldest, fromDevice };
});

/** The keys whose current answer came from the device (to ask again once back online). */
export const keysFromDevice = (): string[] => Object.entries($readTimes.get()).flatMap(([key, read]) => (read?.device ? [key] : []));

/** A reader shows `key` until the returned function is called. */
export function showKey(key: string): () => void {
  $shown.setKey(key, ($shown.get()[key] ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = ($shown.get()[key] ?? 1) - 1;
    $shown.setKey(key, left > 0 ? left : undefined);
  };
}

export interface ReadEnv {
  now?: () => number;
}

/** `read` from the network, saved; on a network failure, the saved answer if there is one. */
// Always the network first, even when navigator.onLine says offline: it can be wrong (a
// machine with only a loopback interface), and offline the request fails at once anyway.
export async function readThrough<T>(key: string, read: () => Promise<T>, { now = Date.now }: ReadEnv = {}): Promise<T> {
  const store = saved;
  if (!store) return read();
  const fromDevice = async () => {
    const kept = await store.get(key).catch(() => undefined);
    if (kept) $readTimes.setKey(key, { at: kept.fetchedAt, device: true });
    return kept;
  };
  try {
    const data = await read();
    const fetchedAt = now();
    void store.put({ key, data, fetchedAt }).catch(() => {});
    $readTimes.setKey(key, { at: fetchedAt, device: false });
    return data;
  } catch (error) {
    if (!isRetryable(error)) throw error;
    const kept = await fromDevice();
    if (!kept) throw error;
    return kept.data as T;
  }
}
