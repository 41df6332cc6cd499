// Assignment reminders, run by every worker tick: each active student of an open assignment
// due within ASSIGNMENTS_REMIND_HOURS_BEFORE hours (default 24) who has handed nothing in
// is reminded once (assignment_due_messages), in the notification centre and by the e-mail
// or SMS copies they chose, sent here.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { MessageSender, OutgoingMessage } from "../src/lib/messaging/index.ts";
import { deliverQueued } from "./outbox.ts";

export async function remindAssignmentsDue(
  supabase: SupabaseClient,
  env: Record<string, string | undefined>,
  sender: MessageSender,
): Promise<{ reminded: number; created: number; queued: number; failed: number }> {
  const { data, error } = await supabase.rpc("assignment_due_messages", {
    hours_before: env.ASSIGNMENTS_REMIND_HOURS_BEFORE ? Number(env.ASSIGNMENTS_REMIND_HOURS_BEFORE) : 24,
  });
  if (error) throw new Error(`queueing assignment reminders failed: ${error.message}`);
  const answer = (data ?? {}) as { reminded?: number; created?: number; queued?: OutgoingMessage[] };
  const queued = answer.queued ?? [];
  const { failed } = await deliverQueued(supabase, sender, queued, "assignment reminders");
  return { reminded: Number(answer.reminded ?? 0), created: Number(answer.created ?? 0), queued: queued.length, failed };
}
