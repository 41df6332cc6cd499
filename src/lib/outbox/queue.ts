// The device's outbox as pure data (issue 24 §3): writes a user made on a bad line, each
// with the key made when they pressed send, waiting to be sent in the order they were
// written. The key never changes (retries reuse it: the server answers a key it has seen
// with what it wrote the first time), and an item leaves only when the server took it or
// when its author discards it: a refusal stays, visible, until then.
//
//   waiting ──begin──▶ sending ──sent──▶ (gone)
//      ▲                  │ lost line
//      └──────────────────┘
//      ▲                  │ refused by the server
//      └──retry── refused ◀┘            refused ──discard──▶ (gone)
import { classifyError, isRetryable } from "../errors/classify.ts";

export type OutboxState = "waiting" | "sending" | "refused";

/** What the server answered when it refused: shown to the author as it came. */
export interface Refusal {
  message: string;
  code?: string;
  status?: number;
}

export interface OutboxItem<W> {
  /** The idempotency key, made when the user pressed send. */
  key: string;
  userId: string;
  /** When it was written (the device's clock: the server dates it on arrival). */
  queuedAt: string;
  /** Order of writing on this device. */
  seq: number;
  state: OutboxState;
  /** Sends tried so far: after one, the server may already have it. */
  attempts: number;
  refusal?: Refusal;
  write: W;
}

export function newItem<W>(userId: string, write: W, now: Date, key: string = crypto.randomUUID()): OutboxItem<W> {
  return { key, userId, queuedAt: now.toISOString(), seq: 0, state: "waiting", attempts: 0, write };
}

/** Appends an item after the others; an item whose key is already there is not added twice. */
export function add<W>(items: readonly OutboxItem<W>[], item: OutboxItem<W>): OutboxItem<W>[] {
  if (items.some((i) => i.key === item.key)) return [...items];
  const seq = items.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
  return [...items, { ...item, seq }];
}

/** Oldest first, as written. */
export function ordered<W>(items: readonly OutboxItem<W>[]): OutboxItem<W>[] {
  return [...items].sort((a, b) => a.seq - b.seq);
}

/** The next item to send: the oldest waiting one (refused ones wait for their author). */
export function next<W>(items: readonly OutboxItem<W>[]): OutboxItem<W> | undefined {
  return ordered(items).find((i) => i.state === "waiting");
}

/** Starts a send: waiting → sending, one more attempt. */
export function begin<W>(item: OutboxItem<W>): OutboxItem<W> {
  if (item.state !== "waiting") throw new Error(`outbox: cannot send an item that is ${item.state}`);
  return { ...item, state: "sending", attempts: item.attempts + 1 };
}

export type Outcome = { sent: true } | { lost: true } | { refused: Refusal };

/** The result of a send: gone when sent, waiting again when the line was lost, refused with the server's answer. */
export function settle<W>(items: readonly OutboxItem<W>[], key: string, outcome: Outcome): OutboxItem<W>[] {
  if ("sent" in outcome) return items.filter((i) => i.key !== key);
  return items.map((i) => (i.key !== key ? i : "lost" in outcome ? { ...i, state: "waiting", refusal: undefined } : { ...i, state: "refused", refusal: outcome.refused }));
}

/** The author tries a refused item again, with the same key. */
export function retry<W>(item: OutboxItem<W>): OutboxItem<W> {
  if (item.state !== "refused") throw new Error(`outbox: only a refused item is retried, not one ${item.state}`);
  return { ...item, state: "waiting", refusal: undefined };
}

/** After a reload: a send that was under way when the page went may or may not have arrived; it waits again (its key makes that safe). */
export function recover<W>(items: readonly OutboxItem<W>[]): OutboxItem<W>[] {
  return items.map((i) => (i.state === "sending" ? { ...i, state: "waiting" } : i));
}

/**
 * Whether a failed send should wait for the network (the line: a fetch that never got an
 * answer, a gateway's 502–504, a code chunk that could not load) or is the server's refusal,
 * kept with its message. Judged from the error alone: navigator.onLine can be wrong both
 * ways, an answer from the server cannot.
 */
export function outcomeOf(error: unknown): Exclude<Outcome, { sent: true }> {
  if (isRetryable(error) || classifyError(error).reason === "chunk") return { lost: true };
  const e = (error ?? {}) as { message?: unknown; code?: unknown; status?: unknown };
  return {
    refused: {
      message: typeof e.message === "string" && e.message ? e.message : String(error),
      ...(typeof e.code === "string" && e.code ? { code: e.code } : {}),
      ...(typeof e.status === "number" && e.status > 0 ? { status: e.status } : {}),
    },
  };
}

/** How long to wait before trying again after the n-th lost send in a row (the `online` event does not wait). */
export function retryDelay(lostInARow: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, lostInARow - 1));
}
