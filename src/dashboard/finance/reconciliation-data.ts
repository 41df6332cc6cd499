// The bursar's reconciliation actions and the callback log (admin/finance, issue 19):
// re-query one payment now (the payments-check function), close a stuck one as failed or
// expired with a reason (close_stuck_payment: admins only, audited), and read every
// operator callback with its fate (payment_callback_log, admins only, phones masked).
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

export { checkPayment } from "./data.ts";

function fail(what: string, error: { message: string; code?: string }): never {
  console.error(`finance: ${what} failed: ${error.message}`);
  throw Object.assign(new Error(error.message), { code: error.code });
}

export async function closeStuckPayment(supabase: SupabaseClient, id: string, outcome: "failed" | "expired", reason: string): Promise<void> {
  const { error } = await supabase.rpc("close_stuck_payment", { payment: id, outcome, reason });
  if (error) fail("closing a payment", error);
}

export const CALLBACK_OUTCOMES = ["accepted", "bad_signature", "unknown_payment", "replay", "contradicted", "error"] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

const callbackRow = z.object({
  id: z.pipe(z.union([z.number(), z.string()]), z.transform((v) => String(v))),
  received_at: z.string(),
  provider: z.nullable(z.string()),
  outcome: z.enum(CALLBACK_OUTCOMES),
  payment_id: z.nullable(z.string()),
  claimed: z.nullable(z.string()),
  confirmed: z.nullable(z.string()),
  credited: z.boolean(),
  payer_phone_masked: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export type CallbackEntry = z.infer<typeof callbackRow>;

/** The latest callbacks (100), all or of one outcome. */
export async function fetchCallbackLog(supabase: SupabaseClient, outcome: CallbackOutcome | null): Promise<CallbackEntry[]> {
  let query = supabase.from("payment_callback_log")
    .select("id, received_at, provider, outcome, payment_id, claimed, confirmed, credited, payer_phone_masked, detail")
    .order("received_at", { ascending: false }).limit(100);
  if (outcome) query = query.eq("outcome", outcome);
  const { data, error } = await query;
  if (error) fail("reading the callback log", error);
  return z.array(callbackRow).parse(data ?? []);
}
