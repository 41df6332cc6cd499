// One pass of the worker: two round trips to the API whatever the number of sessions and
// students — read the candidates, write the planned notifications (the database refuses
// a second notification for the same student and session, so concurrent workers are safe).
import type { SupabaseClient } from "@supabase/supabase-js";
import { courseStartWindow, planCourseStartNotifications, type Candidate } from "./plan.ts";

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
  const candidates = (data ?? []) as Candidate[];
  const plan = planCourseStartNotifications(candidates, now);

  let created = 0;
  if (plan.notifications.length) {
    const { data: inserted, error: insertError } = await supabase
      .from("student_notifications")
      .upsert(plan.notifications, { onConflict: "user_id,schedule_event_id", ignoreDuplicates: true })
      .select("id");
    if (insertError) throw new Error(`writing course-start notifications failed: ${insertError.message}`);
    created = inserted?.length ?? 0;
  }
  return {
    eventsSeen: new Set(candidates.map((c) => c.event_id)).size,
    created,
    // Recently notified, or already notified for that session by another worker.
    skipped: plan.skipped + (plan.notifications.length - created),
    durationMs: Math.round(performance.now() - started),
  };
}
