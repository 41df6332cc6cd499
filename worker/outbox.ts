// The e-mail and SMS copies a job queued in the outbox (its SQL answers the rows it queued):
// handed to the message sender, then what became of each recorded (record_outbox_results).
// Shared by the course-start notices, the payment reminders and the assignment reminders.
import type { SupabaseClient } from "@supabase/supabase-js";
import { sendAll, type MessageSender, type OutgoingMessage } from "../src/lib/messaging/index.ts";

export async function deliverQueued(supabase: SupabaseClient, sender: MessageSender, queued: OutgoingMessage[], what: string): Promise<{ delivered: number; failed: number }> {
  if (!queued.length) return { delivered: 0, failed: 0 };
  const results = await sendAll(sender, queued);
  const failed = results.filter((r) => r.status === "failed").length;
  const { error } = await supabase.rpc("record_outbox_results", { results });
  if (error) throw new Error(`recording sent ${what} failed: ${error.message}`);
  return { delivered: results.length - failed, failed };
}
