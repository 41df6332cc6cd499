// One pass of the worker: two round trips to the API whatever the number of sessions and
// students — read the candidates (with their preferences and opted-in contacts), write the
// planned notifications and queue their e-mail/SMS copies in the outbox (the database
// refuses a second notice for the same student, session and channel, so concurrent
// workers are safe). Then, only when copies were queued: hand them to the message sender
// and record what became of them (one more round trip).
import type { SupabaseClient } from "@supabase/supabase-js";
import { OutboxSender, type MessageSender, type OutgoingMessage } from "../src/lib/messaging/index.ts";
import { deliverQueued } from "./outbox.ts";
import { courseStartWindow, planCourseStartNotifications, type SessionCandidate } from "./plan.ts";

export interface TickResult {
  eventsSeen: number;
  created: number;
  skipped: number;
  /** E-mail/SMS copies queued in the outbox by this tick. */
  queued: number;
  /** Of those, accepted by a provider (sent) or printed to the console (logged). */
  delivered: number;
  failed: number;
  durationMs: number;
}

export async function runTick(supabase: SupabaseClient, now = new Date(), sender: MessageSender = new OutboxSender()): Promise<TickResult> {
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
  let queued: OutgoingMessage[] = [];
  if (plan.planned || plan.outgoing.length) {
    const { data: written, error: writeError } = await supabase.rpc("write_course_start_notices", {
      batches: plan.batches,
      outgoing: plan.outgoing,
    });
    if (writeError) throw new Error(`writing course-start notices failed: ${writeError.message}`);
    const result = (written ?? {}) as { created?: number; queued?: OutgoingMessage[] };
    created = Number(result.created ?? 0);
    queued = result.queued ?? [];
  }

  const { delivered, failed } = await deliverQueued(supabase, sender, queued, "messages");
  return {
    eventsSeen: sessions.length,
    created,
    // Recently notified, or already notified for that session by another worker.
    skipped: plan.skipped + (plan.planned - created),
    queued: queued.length,
    delivered,
    failed,
    durationMs: Math.round(performance.now() - started),
  };
}
