// The bursar's reads and actions (admin/finance): the only file of the admin finance page
// naming tables, views and functions. Every action goes through an audited SQL function.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const num = z.pipe(z.union([z.number(), z.string()]), z.transform((v) => Number(v)));
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

const COLUMNS = "id, created_at, paid_at, status, method, amount_xaf, reference, failure_reason, note, mismatch, slip_path, payer_name, matricule, school_fr, programme_fr, programme_en, item_fr, item_en, receipt_number";

function fail(what: string, error: { message: string; code?: string }): never {
  console.error(`finance: ${what} failed: ${error.message}`);
  throw Object.assign(new Error(error.message), { code: error.code });
}

export async function fetchSummary(supabase: SupabaseClient, from: string, to: string): Promise<FinanceSummary> {
  const { data, error } = await supabase.rpc("finance_summary", { from_day: from, to_day: to });
  if (error) fail("reading the summary", error);
  return summaryRow.parse(data);
}

export async function fetchSlips(supabase: SupabaseClient): Promise<FinancePayment[]> {
  const { data, error } = await supabase.from("finance_payments").select(COLUMNS)
    .eq("method", "bank_transfer").eq("status", "pending").order("created_at").limit(200);
  if (error) fail("reading the slips", error);
  return z.array(paymentRow).parse(data ?? []);
}

/** Open mobile-money payments older than 10 minutes, and payments the provider contradicts. */
export async function fetchQueue(supabase: SupabaseClient, now = new Date()): Promise<FinancePayment[]> {
  const before = new Date(now.getTime() - 10 * 60_000).toISOString();
  const { data, error } = await supabase.from("finance_payments").select(COLUMNS)
    .or(`and(status.in.(created,pending),method.in.(mtn_momo,orange_money),created_at.lt.${before}),mismatch.not.is.null`)
    .order("created_at").limit(200);
  if (error) fail("reading the reconciliation queue", error);
  return z.array(paymentRow).parse(data ?? []);
}

/** Every payment of the period (for the accountant's CSV), Douala days inclusive. */
export async function fetchPeriodPayments(supabase: SupabaseClient, from: string, to: string): Promise<FinancePayment[]> {
  const start = new Date(`${from}T00:00:00+01:00`).toISOString();
  const end = new Date(new Date(`${to}T00:00:00+01:00`).getTime() + 86_400_000).toISOString();
  const rows: FinancePayment[] = [];
  for (let page = 0; ; page++) {
    const { data, error } = await supabase.from("finance_payments").select(COLUMNS)
      .gte("created_at", start).lt("created_at", end).order("created_at").range(page * 1000, page * 1000 + 999);
    if (error) fail("reading the period's payments", error);
    rows.push(...z.array(paymentRow).parse(data ?? []));
    if (!data || data.length < 1000) return rows;
  }
}

export async function slipUrl(supabase: SupabaseClient, path: string): Promise<string> {
  const { data, error } = await supabase.storage.from("bank-slips").createSignedUrl(path, 300);
  if (error) fail("opening the slip", error);
  return data.signedUrl;
}

export async function reviewSlip(supabase: SupabaseClient, id: string, approve: boolean, reason?: string): Promise<void> {
  const { error } = await supabase.rpc("review_bank_slip", { payment: id, approve, reason: reason ?? null });
  if (error) fail("reviewing a slip", error);
}
