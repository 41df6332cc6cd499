// One pass of the worker. For now it proves the worker reaches the API with its key;
// the course-start planning replaces the body without changing this shape.
import type { SupabaseClient } from "@supabase/supabase-js";

export interface TickResult {
  eventsSeen: number;
  created: number;
  skipped: number;
  durationMs: number;
}

export async function runTick(supabase: SupabaseClient, now = () => performance.now()): Promise<TickResult> {
  const started = now();
  const { error } = await supabase.from("profiles").select("id", { count: "exact", head: true });
  if (error) throw new Error(`worker tick: reading the API failed: ${error.message}`);
  return { eventsSeen: 0, created: 0, skipped: 0, durationMs: Math.round(now() - started) };
}
