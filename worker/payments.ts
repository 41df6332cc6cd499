// The payments reconciler, run by every worker tick: re-queries the provider for each
// payment still open after PAYMENTS_RECONCILE_AFTER_MINUTES (default 3) — MTN calls back
// once and never again — and expires those still pending after
// PAYMENTS_EXPIRE_AFTER_MINUTES (default 30). Crediting goes through settle_payment, so a
// callback arriving at the same moment credits nothing twice.
import type { SupabaseClient } from "@supabase/supabase-js";
import { providersFromEnv, reconcilePayments, type ReconcileResult } from "../src/lib/finance/payments.ts";

/** Payment reminders: a few days before each due date, and once late (in-app notices). */
export async function queueReminders(supabase: SupabaseClient, env: Record<string, string | undefined>): Promise<number> {
  const { data, error } = await supabase.rpc("queue_payment_reminders", {
    days_before: env.PAYMENTS_REMIND_DAYS_BEFORE ? Number(env.PAYMENTS_REMIND_DAYS_BEFORE) : 3,
  });
  if (error) throw new Error(`queueing payment reminders failed: ${error.message}`);
  return Number(data);
}

/** Late penalties by each schedule's rule, billed once per late instalment (bill_late_penalties). */
export async function billPenalties(supabase: SupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc("bill_late_penalties");
  if (error) throw new Error(`billing late penalties failed: ${error.message}`);
  return Number(data);
}

export function runReconcile(supabase: SupabaseClient, env: Record<string, string | undefined>, now = new Date()): Promise<ReconcileResult> {
  return reconcilePayments(supabase, providersFromEnv(env), {
    now,
    afterMinutes: env.PAYMENTS_RECONCILE_AFTER_MINUTES ? Number(env.PAYMENTS_RECONCILE_AFTER_MINUTES) : 3,
    expireAfterMinutes: env.PAYMENTS_EXPIRE_AFTER_MINUTES ? Number(env.PAYMENTS_EXPIRE_AFTER_MINUTES) : 30,
  });
}
