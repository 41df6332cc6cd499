// Each run of the worker leaves a row in worker_ticks, so admin/technical shows when it
// last ran, whether it worked, and how late it is. A failed write is reported, never
// fatal: the notices matter more than the record of them.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { TickResult } from "./tick.ts";

export interface TickRecord {
  startedAt: Date;
  source: "cron" | "manual";
  result?: TickResult;
  error?: string;
}

export async function recordTick(supabase: SupabaseClient, record: TickRecord): Promise<string | null> {
  const { error } = await supabase.from("worker_ticks").insert({
    started_at: record.startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    source: record.source,
    ok: !record.error,
    events_seen: record.result?.eventsSeen ?? 0,
    created: record.result?.created ?? 0,
    duration_ms: record.result?.durationMs ?? Date.now() - record.startedAt.getTime(),
    error: record.error?.slice(0, 2000) ?? null,
  });
  return error ? error.message : null;
}
