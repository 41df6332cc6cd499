// How the outbox sends a write. The senders know each feature's data module (hand in,
// send a message), which shared/ may not import: the frame provides them
// (App.tsx → shell/outbox-senders.ts), loaded only when something is sent.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Pending } from "./writes.ts";

export interface Senders {
  /** Sends one item with its key. */
  sendPending(supabase: SupabaseClient, item: Pending): Promise<void>;
  /** The reads that show what was just sent fetch again. */
  refreshAfter(item: Pending): void;
}

let load: (() => Promise<Senders>) | undefined;

/** The frame says where the senders are (once, when the dashboard's module loads). */
export function provideSenders(loader: () => Promise<Senders>): void {
  load = loader;
}

export function loadSenders(): Promise<Senders> {
  return load ? load() : Promise.reject(new Error("outbox: no senders provided"));
}
