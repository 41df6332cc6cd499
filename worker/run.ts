// One full run of the worker, shared by its cron (worker/main.ts) and admin/technical's
// "run it now" (the worker-tick function), so both do exactly the same work: the
// course-start notices (runTick), then the payments jobs — reconciliation (re-query open
// payments, expire stale ones), late penalties, reminders —, the quiz deadlines and the
// assignment reminders. Each
// job runs even when an earlier one failed (a notices failure once kept payments pending
// past their expiry), and reports its own error.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { MessageSender } from "../src/lib/messaging/index.ts";
import { runTick, type TickResult } from "./tick.ts";
import { billPenalties, queueReminders, runReconcile } from "./payments.ts";
import { closeExpiredQuizAttempts } from "./quizzes.ts";
import { remindAssignmentsDue } from "./assignments.ts";

const attempt = <T>(job: () => Promise<T>): Promise<T | { error: string }> => job().catch((error: Error) => ({ error: error.message }));

export interface WorkerRun {
  /** The notices' figures, or undefined when that part failed (then `error`). */
  result?: TickResult;
  error?: string;
  payments: Awaited<ReturnType<typeof runReconcile>> | { error: string };
  penalties: number | { error: string };
  reminders: Awaited<ReturnType<typeof queueReminders>> | { error: string };
  quizAttemptsClosed: number | { error: string };
  assignmentReminders: Awaited<ReturnType<typeof remindAssignmentsDue>> | { error: string };
}

export async function runWorker(supabase: SupabaseClient, env: Record<string, string | undefined>, now: Date, sender: MessageSender): Promise<WorkerRun> {
  let result: TickResult | undefined;
  let error: string | undefined;
  try {
    result = await runTick(supabase, now, sender);
  } catch (failure) {
    error = (failure as Error).message;
  }
  // Payments still open after a few minutes: asked again, expired when stale.
  const payments = await attempt(() => runReconcile(supabase, env, now));
  // Late penalties first, so a late reminder states what is owed with its penalty.
  const penalties = await attempt(() => billPenalties(supabase));
  const reminders = await attempt(() => queueReminders(supabase, env, sender));
  const quizAttemptsClosed = await attempt(() => closeExpiredQuizAttempts(supabase));
  const assignmentReminders = await attempt(() => remindAssignmentsDue(supabase, env, sender));
  return { result, error, payments, penalties, reminders, quizAttemptsClosed, assignmentReminders };
}
