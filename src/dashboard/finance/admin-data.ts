// The bursar's reads and actions (admin/finance): the only file of the admin finance page
// naming tables, views and functions. Every action goes through an audited SQL function.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { num } from "../../lib/supabase/columns.ts";

const group = z.object({ key: z.string(), key_en: z.optional(z.string()), count: num, total_xaf: num });

const summaryRow = z.object({
  total_xaf: num,
  count: num,
  by_channel: z.array(group),
  by_school: z.array(group),
  by_programme: z.array(group),
  outstanding_xaf: num,
  late_xaf: num,
  late_students: num,
  slips_waiting: num,
  queue: num,
});
export type FinanceSummary = z.infer<typeof summaryRow>;

const paymentRow = z.object({
  id: z.string(),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  status: z.string(),
  method: z.string(),
  amount_xaf: num,
  reference: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  mismatch: z.nullable(z.string()),
  slip_path: z.nullable(z.string()),
  payer_name: z.nullable(z.string()),
  matricule: z.nullable(z.string()),
  school_fr: z.nullable(z.string()),
  programme_fr: z.nullable(z.string()),
  programme_en: z.nullable(z.string()),
  item_fr: z.nullable(z.string()),
  item_en: z.nullable(z.string()),
  receipt_number: z.nullable(z.string()),
});
export type FinancePayment = z.infer<typeof paymentRow>;

const COLUMNS =
  "id, created_at, paid_at, status, method, amount_xaf, reference, failure_reason, note, mismatch, slip_path, payer_name, matricule, school_fr, programme_fr, programme_en, item_fr, item_en, receipt_number";

const fail: Fail = failFor("finance");

export async function fetchSummary(supabase: SupabaseClient, from: string, to: string): Promise<FinanceSummary> {
  const { data, error } = await supabase.rpc("finance_summary", { from_day: from, to_day: to });
  if (error) fail("reading the summary", error);
  return summaryRow.parse(data);
}

export async function fetchSlips(supabase: SupabaseClient): Promise<FinancePayment[]> {
  const { data, error } = await supabase.from("finance_payments").select(COLUMNS).eq("method", "bank_transfer").eq("status", "pending").order("created_at").limit(200);
  if (error) fail("reading the slips", error);
  return z.array(paymentRow).parse(data ?? []);
}

/** Open mobile-money payments older than 10 minutes, and payments the provider contradicts. */
export async function fetchQueue(supabase: SupabaseClient, now = new Date()): Promise<FinancePayment[]> {
  const before = new Date(now.getTime() - 10 * 60_000).toISOString();
  const { data, error } = await supabase
    .from("finance_payments")
    .select(COLUMNS)
    .or(`and(status.in.(created,pending),method.in.(mtn_momo,orange_money),created_at.lt.${before}),mismatch.not.is.null`)
    .order("created_at")
    .limit(200);
  if (error) fail("reading the reconciliation queue", error);
  return z.array(paymentRow).parse(data ?? []);
}

/** Every payment of the period (for the accountant's CSV), Douala days inclusive. */
export async function fetchPeriodPayments(supabase: SupabaseClient, from: string, to: string): Promise<FinancePayment[]> {
  const start = new Date(`${from}T00:00:00+01:00`).toISOString();
  const end = new Date(new Date(`${to}T00:00:00+01:00`).getTime() + 86_400_000).toISOString();
  const rows: FinancePayment[] = [];
  for (let page = 0; ; page++) {
    const { data, error } = await supabase
      .from("finance_payments")
      .select(COLUMNS)
      .gte("created_at", start)
      .lt("created_at", end)
      .order("created_at")
      .range(page * 1000, page * 1000 + 999);
    if (error) fail("reading the period's payments", error);
    rows.push(...z.array(paymentRow).parse(data ?? []));
    if (!data || data.length < 1000) return rows;
  }
}

/** The slip's file itself (the bursar looks at it before deciding), as a Blob of its type. */
export async function slipFile(supabase: SupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await supabase.storage.from("bank-slips").download(path);
  if (error) fail("downloading the slip", error);
  return data;
}

export async function reviewSlip(supabase: SupabaseClient, id: string, approve: boolean, reason?: string): Promise<void> {
  const { error } = await supabase.rpc("review_bank_slip", { payment: id, approve, reason: reason ?? null });
  if (error) fail("reviewing a slip", error);
}

// ---- cash at the desk and refunds ------------------------------------------------------
const billedStudent = z.object({ id: z.string(), full_name: z.nullable(z.string()), matricule: z.nullable(z.string()) });
export type BilledStudent = z.infer<typeof billedStudent>;

/** Students with a bill whose name or matricule contains the text (at most 10). */
export async function searchBilledStudents(supabase: SupabaseClient, text: string): Promise<BilledStudent[]> {
  const term = text.replace(/[%,()*]/g, " ").trim();
  if (term.length < 2) return [];
  const [byName, byNumber] = await Promise.all([
    supabase.from("profiles").select("id, full_name, student_fees!inner(id)").ilike("full_name", `%${term}%`).limit(10),
    supabase.from("student_registrations").select("student_id, student_number").ilike("student_number", `%${term}%`).limit(10),
  ]);
  if (byName.error) fail("searching students", byName.error);
  if (byNumber.error) fail("searching matricules", byNumber.error);
  const ids = [...new Set([...(byName.data ?? []).map((p) => p.id as string), ...(byNumber.data ?? []).map((r) => r.student_id as string)])].slice(0, 10);
  if (!ids.length) return [];
  const [names, numbers] = await Promise.all([
    supabase.from("profiles").select("id, full_name, student_fees!inner(id)").in("id", ids),
    supabase.from("student_registrations").select("student_id, student_number, registered_at").in("student_id", ids).order("registered_at", { ascending: false }),
  ]);
  if (names.error) fail("reading students", names.error);
  if (numbers.error) fail("reading matricules", numbers.error);
  const matricule = new Map<string, string>();
  for (const r of numbers.data ?? []) if (!matricule.has(r.student_id as string)) matricule.set(r.student_id as string, r.student_number as string);
  return z.array(billedStudent).parse((names.data ?? []).map((p) => ({ id: p.id, full_name: p.full_name, matricule: matricule.get(p.id as string) ?? null })));
}

const openLine = z.object({ instalment_id: z.nullable(z.string()), label_fr: z.string(), label_en: z.string(), remaining_xaf: num, due_on: z.nullable(z.string()), state: z.string() });
export type OpenLine = z.infer<typeof openLine>;

/** What the student still owes, line by line (the latest bill first). */
export async function fetchOpenLines(supabase: SupabaseClient, student: string): Promise<OpenLine[]> {
  const { data, error } = await supabase
    .from("student_dues")
    .select("instalment_id, label_fr, label_en, remaining_xaf, due_on, state")
    .eq("student_id", student)
    .gt("remaining_xaf", 0)
    .order("due_on", { ascending: true, nullsFirst: true })
    .limit(50);
  if (error) fail("reading the student's dues", error);
  return z.array(openLine).parse(data ?? []);
}

const receiptRow = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(["payment", "cancellation"]),
  amount_xaf: num,
  issued_at: z.string(),
  verification_code: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type IssuedReceipt = z.infer<typeof receiptRow>;

async function receiptOf(supabase: SupabaseClient, payment: string, kind: "payment" | "cancellation"): Promise<IssuedReceipt> {
  const { data, error } = await supabase.from("receipts").select("id, number, kind, amount_xaf, issued_at, verification_code, details").eq("payment_id", payment).eq("kind", kind).single();
  if (error) fail("reading the receipt", error);
  return receiptRow.parse(data);
}

/** Cash paid at the desk: a succeeded payment and its receipt (record_cash_payment, audited). */
export async function recordCash(supabase: SupabaseClient, input: { student: string; instalment: string | null; amount_xaf: number; cash_reference: string }): Promise<IssuedReceipt> {
  const { data, error } = await supabase.rpc("record_cash_payment", input);
  if (error) fail("recording cash", error);
  return receiptOf(supabase, z.object({ id: z.string() }).parse(data).id, "payment");
}

/** A succeeded payment found by its receipt number or operator/desk reference. */
export async function findRefundable(supabase: SupabaseClient, text: string): Promise<FinancePayment[]> {
  const term = text.replace(/[%,()*]/g, " ").trim();
  if (!term) return [];
  const { data, error } = await supabase.from("finance_payments").select(COLUMNS).or(`receipt_number.eq.${term.toUpperCase()},reference.eq.${term}`).in("status", ["succeeded", "refunded"]).limit(10);
  if (error) fail("finding the payment", error);
  return z.array(paymentRow).parse(data ?? []);
}

/** Refunds a succeeded payment with its reason; answers the cancelling receipt. */
export async function refund(supabase: SupabaseClient, payment: string, reason: string): Promise<IssuedReceipt> {
  const { error } = await supabase.rpc("refund_payment", { payment, reason });
  if (error) fail("refunding", error);
  return receiptOf(supabase, payment, "cancellation");
}

// ---- late penalties and their waivers --------------------------------------------------
const penaltyLine = z.object({
  penalty_id: z.string(),
  student_id: z.string(),
  student_name: z.nullable(z.string()),
  matricule: z.nullable(z.string()),
  label_fr: z.string(),
  label_en: z.string(),
  due_on: z.nullable(z.string()),
  penalty_xaf: num,
  penalty_waived_xaf: num,
  penalty_waiver_reason: z.nullable(z.string()),
  remaining_xaf: num,
  waivable_xaf: num,
  billed_at: z.string(),
});
export type PenaltyLine = z.infer<typeof penaltyLine>;

/** Late penalties billed, latest first; those whose student's name or matricule contains the text. */
export async function fetchPenalties(supabase: SupabaseClient, text = ""): Promise<PenaltyLine[]> {
  const term = text.replace(/[%,()*"\\.:]/g, " ").trim();
  let query = supabase
    .from("fee_penalty_lines")
    .select("penalty_id, student_id, student_name, matricule, label_fr, label_en, due_on, penalty_xaf, penalty_waived_xaf, penalty_waiver_reason, remaining_xaf, waivable_xaf, billed_at");
  if (term) query = query.or(`student_name.ilike.%${term}%,matricule.ilike.%${term}%`);
  const { data, error } = await query.order("billed_at", { ascending: false }).order("penalty_id").limit(50);
  if (error) fail("reading the late penalties", error);
  return z.array(penaltyLine).parse(data ?? []);
}

/** Waives (part of) a penalty with its reason: waive_late_penalty, audited, once per penalty. */
export async function waivePenalty(supabase: SupabaseClient, penalty: string, amountXaf: number, reason: string): Promise<void> {
  const { error } = await supabase.rpc("waive_late_penalty", { penalty, amount_xaf: amountXaf, reason });
  if (error) fail("waiving a penalty", error);
}

// ---- reconciliation: close a stuck payment, the operators' callback log ----------------
// Re-querying one payment now is the payments-check function (data.ts checkPayment); closing
// a stuck one as failed or expired takes a reason (close_stuck_payment: admins only,
// audited); every operator callback is kept with its fate (payment_callback_log, admins
// only, phones masked).
export async function closeStuckPayment(supabase: SupabaseClient, id: string, outcome: "failed" | "expired", reason: string): Promise<void> {
  const { error } = await supabase.rpc("close_stuck_payment", { payment: id, outcome, reason });
  if (error) fail("closing a payment", error);
}

export const CALLBACK_OUTCOMES = ["accepted", "bad_signature", "unknown_payment", "replay", "contradicted", "error"] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

const callbackRow = z.object({
  id: z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((v) => String(v)),
  ),
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
  let query = supabase
    .from("payment_callback_log")
    .select("id, received_at, provider, outcome, payment_id, claimed, confirmed, credited, payer_phone_masked, detail")
    .order("received_at", { ascending: false })
    .limit(100);
  if (outcome) query = query.eq("outcome", outcome);
  const { data, error } = await query;
  if (error) fail("reading the callback log", error);
  return z.array(callbackRow).parse(data ?? []);
}
