// The signed-in user's outbox at work (issue 24 §3). A hand-in or a message is sent at once
// when nothing older waits; when the send cannot reach the server (offline, or the line
// drops during it), it is kept on the device (IndexedDB) with its key and sent later,
// oldest first: when the network returns (`online`), when the app starts, when the service
// worker says so (Background Sync tag `uel-outbox` → message {type: "uel-outbox-flush"}),
// and after a growing delay while the line stays bad. Whether a send got through is judged
// by its answer, not by navigator.onLine (which a browser can get wrong either way: an
// offline send fails at once, which costs nothing). One tab sends at a time (Web Locks);
// the others follow through a BroadcastChannel. The server's key check makes every repeat
// harmless, so a send cut short is simply tried again.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { add, begin, newItem, next, ordered, outcomeOf, recover, retry, retryDelay, settle, type Outcome } from "../../../lib/outbox/queue.ts";
import { openOutboxStore, outboxDatabaseName, type OutboxStore } from "../../../lib/outbox/store.ts";
import { getSupabase } from "../../../lib/supabase/browser.ts";
import { loadSenders } from "./send.ts";
import type { OutboxWrite, Pending } from "./writes.ts";

/** The message the service worker posts when Background Sync fires. */
export const FLUSH_MESSAGE = "uel-outbox-flush";
/** The Background Sync tag registered when something is queued. */
export const SYNC_TAG = "uel-outbox";

/** The signed-in user's items, oldest first, as the pages show them. */
const $outbox = atom<Pending[]>([]);

interface Running {
  userId: string;
  store: Promise<OutboxStore<OutboxWrite> | null>;
  channel?: BroadcastChannel;
  lostInARow: number;
  timer?: ReturnType<typeof setTimeout>;
  flushing?: Promise<void>;
  again: boolean;
}
let running: Running | undefined;

async function reload(r: Running): Promise<void> {
  const store = await r.store;
  if (store && running === r) $outbox.set(ordered(await store.all()));
}

/** After a change to the device's copy: this tab's pages, and the other tabs, see it. */
async function changed(r: Running): Promise<void> {
  await reload(r);
  r.channel?.postMessage("changed");
}

/** Starts the user's outbox for the signed-in app; returns its stop. */
export function startOutbox(userId: string): () => void {
  const r: Running = { userId, store: openOutboxStore<OutboxWrite>(userId).catch(() => null), lostInARow: 0, again: false };
  running = r;
  // Only a return after an `offline` says the line is back: a browser may announce `online`
  // twice, and the second, arriving while a send is out, would resend at once past the back-off.
  let offline = !navigator.onLine;
  const onOffline = () => {
    offline = true;
  };
  const onOnline = () => {
    if (!offline) return;
    offline = false;
    r.lostInARow = 0;
    clearTimeout(r.timer);
    void flush();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === FLUSH_MESSAGE) void flush();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  navigator.serviceWorker?.addEventListener("message", onMessage);
  navigator.serviceWorker?.startMessages(); // (a listener alone leaves the worker's messages queued)
  if (typeof BroadcastChannel === "function") {
    r.channel = new BroadcastChannel(outboxDatabaseName(userId));
    r.channel.onmessage = () => void reload(r);
  }
  void reload(r).then(() => flush());
  return () => {
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    navigator.serviceWorker?.removeEventListener("message", onMessage);
    clearTimeout(r.timer);
    r.channel?.close();
    void r.store.then((store) => store?.close());
    if (running === r) {
      running = undefined;
      $outbox.set([]);
    }
  };
}

/** One send: its outcome, never a throw (a refusal is kept, a lost line waits). */
async function attempt(item: Pending): Promise<Outcome> {
  try {
    const { sendPending, refreshAfter } = await loadSenders();
    await sendPending(getSupabase(), item);
    refreshAfter(item);
    return { sent: true };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** After a lost send: try again later, less and less often (the `online` event does not wait). */
function later(r: Running): void {
  clearTimeout(r.timer);
  r.lostInARow += 1;
  r.timer = setTimeout(() => void flush(), retryDelay(r.lostInARow));
}

/** Runs `work` holding the user's sending lock (Web Locks): one tab sends or changes the queue at a time. */
async function whileSending(r: Running, work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  await (locks ? locks.request(outboxDatabaseName(r.userId), work) : work());
}

/** Sends what waits, oldest first, until it is empty or the line is lost. */
export function flush(): Promise<void> {
  const r = running;
  if (!r) return Promise.resolve();
  if (r.flushing) {
    r.again = true;
    return r.flushing;
  }
  const drain = async () => {
    const store = await r.store;
    if (!store) return;
    // Read again before each send: a write queued meanwhile takes its turn after the older ones.
    while (running === r) {
      // Holding the lock, no other tab is sending: a "sending" left behind was cut short.
      const item = next(recover(await store.all()));
      if (!item) return;
      const sending = begin(item);
      await store.put(sending);
      await changed(r);
      const outcome = await attempt(sending);
      const [settled] = settle([sending], sending.key, outcome);
      await (settled ? store.put(settled) : store.remove(sending.key));
      await changed(r);
      if ("lost" in outcome) return later(r);
      r.lostInARow = 0;
    }
  };
  const flushing = whileSending(r, drain)
    .catch((error: unknown) => console.error("outbox: flush failed", error))
    .finally(() => {
      r.flushing = undefined;
      if (r.again) {
        r.again = false;
        void flush();
      }
    });
  r.flushing = flushing;
  return flushing;
}

function requestSync(): void {
  type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  // Without a service worker `ready` never settles: nothing is waiting on it.
  void navigator.serviceWorker?.ready.then((registration) => (registration as WithSync).sync?.register(SYNC_TAG)).catch(() => undefined);
}

/** The work could not be kept on this device (no IndexedDB, storage full): the page keeps it in the form. */
export class NotKeptError extends Error {
  constructor(cause: unknown) {
    super("outbox: the work could not be kept on this device", { cause });
    this.name = "NotKeptError";
  }
}

/**
 * Sends a write now, or keeps it to send later. "sent": the server has it. "queued": kept
 * on the device, shown as waiting. Throws the server's refusal of a send tried now (the
 * author is there to see it), or NotKeptError when the device cannot keep it.
 * `key` is made when the user presses send, before this is called.
 */
export async function sendOrQueue(userId: string, write: OutboxWrite, key: string): Promise<"sent" | "queued"> {
  let item = newItem(userId, write, new Date(), key);
  const r = running?.userId === userId ? running : undefined;
  // Something older waits: this one goes after it, not before.
  if (!$outbox.get().some((i) => i.state !== "refused")) {
    item = begin(item);
    try {
      const { sendPending, refreshAfter } = await loadSenders();
      await sendPending(getSupabase(), item);
      refreshAfter(item);
      return "sent";
    } catch (error) {
      const outcome = outcomeOf(error);
      if ("refused" in outcome) throw error;
      item = settle([item], key, outcome)[0];
    }
  }
  const store = r ? await r.store : null;
  if (!r || !store) throw new NotKeptError(new Error("no outbox"));
  try {
    const kept = add(await store.all(), item).find((i) => i.key === key)!;
    await store.put(kept);
  } catch (error) {
    throw new NotKeptError(error);
  }
  await changed(r);
  requestSync();
  if (item.attempts > 0) later(r);
  else void flush();
  return "queued";
}

/** The author sends a refused item again, with its key. */
export async function retryPending(key: string): Promise<void> {
  const r = running;
  const store = r && (await r.store);
  const item = store && (await store.all()).find((i) => i.key === key);
  if (!r || !store || item?.state !== "refused") return;
  await store.put(retry(item));
  await changed(r);
  r.lostInARow = 0;
  void flush();
}

/**
 * The author gives up an item that has not gone: refused, or still waiting. It leaves the
 * device. Taken under the sending lock, so a send under way finishes first: then the work
 * has gone, and the page shows it arrived.
 */
export async function discardPending(key: string): Promise<void> {
  const r = running;
  const store = r && (await r.store);
  if (!r || !store) return;
  const remove = async () => {
    const item = (await store.all()).find((i) => i.key === key);
    if (!item) return;
    await store.remove(key);
    await changed(r);
    // A waiting item may have reached the server already (its answer lost): the page reads again.
    (await loadSenders()).refreshAfter(item);
  };
  await whileSending(r, remove);
}

/** The signed-in user's items that the page shows (e.g. one assignment's, one conversation's). */
export function usePending(which: (write: OutboxWrite) => boolean): Pending[] {
  return useStore($outbox).filter((item) => which(item.write));
}
