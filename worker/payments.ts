// The payments reconciler, run by every worker tick: re-queries the provider for each
// payment still open after PAYMENTS_RECONCILE_AFTER_MINUTES (default 3) — MTN calls back
// once and never again — and expires those still pending after
// PAYMENTS_EXPIRE_AFTER_MINUTES (default 30), those no operator can be asked about
// included. The same run serves admin/technical's "run it now" (worker/run.ts). Crediting goes through settle_payment, so a
// callback arriving at the same moment credits nothing twice.
import type { SupabaseClient } from "@supabase/supabase-js";
import { providersFromEnv, reconcilePayments, type ReconcileResult } from "../src/lib/finance/payments.ts";
import type { MessageSender, OutgoingMessage } from "../src/lib/messaging/index.ts";
import { deliverQueued } from "./outbox.ts";

/** Payment reminders: a few days before each due date, and once late — in-app notices, and
 *  e-mail/SMS copies for the students who chose them, sent here through the message sender
 *  (only this tick's copies: the SQL answers what it queued). */
export async function queueReminders(supabase: SupabaseClient, env: Record<string, string | undefined>, sender: MessageSender): Promise<{ created: number; queued: number; failed: number }> {
  const { data, error } = await supabase.rpc("payment_reminder_messages", {
    days_before: env.PAYMENTS_REMIND_DAYS_BEFORE ? Number(env.PAYMENTS_REMIND_DAYS_BEFORE) : 3,
  });
  if (error) throw new Error(`queueing payment reminders failed: ${error.message}`);
  const answer = (data ?? {}) as { created?: number; queued?: OutgoingMessage[] };
  const queued = answer.queued ?? [];
  const { failed } = await deliverQueued(supabase, sender, queued, "reminders");
  return { created: Number(answer.created ?? 0), queued: queued.length, failed };
}

/** Late penalties by each schedule's rule, billed once per late instalment (bill_late_penalties). */
export async function billPenalties(supabase: SupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc("bill_late_penalties");
  if (error) throw new Error(`billing late penalties failed: ${error.message}`);
  return Number(data);
}

/** Fails (and expires nothing) where payments are not configured: see providersFromEnv. */
export async function runReconcile(supabase: SupabaseClient, env: Record<string, string | undefined>, now = new Date()): Promise<ReconcileResult> {
  const providers = providersFromEnv(env);
  if (providers.problem) throw new Error(providers.problem);
  return reconcilePayments(supabase, providers, {
    now,
    afterMinutes: env.PAYMENTS_RECONCILE_AFTER_MINUTES ? Number(env.PAYMENTS_RECONCILE_AFTER_MINUTES) : 3,
    expireAfterMinutes: env.PAYMENTS_EXPIRE_AFTER_MINUTES ? Number(env.PAYMENTS_EXPIRE_AFTER_MINUTES) : 30,
  });
}
