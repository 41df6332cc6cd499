// One pass of the worker: two round trips to the API whatever the number of sessions and
// students — read the candidates, write the planned notifications (the database refuses
// a second notification for the same student and session, so concurrent workers are safe).
import type { SupabaseClient } from "@supabase/supabase-js";
import { courseStartWindow, planCourseStartNotifications, type SessionCandidate } from "./plan.ts";

export interface TickResult {
  eventsSeen: number;
  created: number;
  skipped: number;
  durationMs: number;
}

export async function runTick(supabase: SupabaseClient, now = new Date()): Promise<TickResult> {
  const started = performance.now();
  const { windowStart, windowEnd, duplicateSince } = courseStartWindow(now);
  const { data, error } = await supabase.rpc("course_start_candidates", {
    window_start: windowStart.toISOString(),
    window_end: windowEnd.toISOString(),
    duplicate_since: duplicateSince.toISOString(),
  });
  if (error) throw new Error(`reading course-start candidates failed: ${error.message}`);
  const sessions = (data ?? []) as SessionCandidate[];
  const plan = planCourseStartNotifications(sessions, now);

  let created = 0;
  if (plan.planned) {
    const { data: count, error: insertError } = await supabase.rpc("insert_course_start_notifications", {
      batches: plan.batches,
    });
    if (insertError) throw new Error(`writing course-start notifications failed: ${insertError.message}`);
    created = Number(count ?? 0);
  }
  return {
    eventsSeen: sessions.length,
    created,
    // Recently notified, or already notified for that session by another worker.
    skipped: plan.skipped + (plan.planned - created),
    durationMs: Math.round(performance.now() - started),
  };
}
