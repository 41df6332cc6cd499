// Finance reads and writes for the student's payments page: the only file naming the
// finance tables, views, functions and bucket. RLS limits every read to the student's own
// rows; payments are made through the payments-initiate function, slips through
// submit_bank_slip.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { receiptRow } from "../shared/receipts-data.ts";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { num } from "../../lib/supabase/columns.ts";
import { slipPath } from "../../lib/finance/rules.ts";

const dueRow = z.object({
  student_fee_id: z.string(),
  instalment_id: z.nullable(z.string()),
  position: z.number(),
  instalment_count: num,
  label_fr: z.string(),
  label_en: z.string(),
  amount_xaf: num,
  due_on: z.nullable(z.string()),
  paid_xaf: num,
  remaining_xaf: num,
  has_pending: z.boolean(),
  late_penalty_xaf: num,
  state: z.enum(["paid", "partial", "due", "late"]),
  /** The penalty billed on this line, what the bursar waived of it, and why. */
  penalty_xaf: z._default(num, 0),
  penalty_waived_xaf: z._default(num, 0),
  penalty_waiver_reason: z._default(z.nullable(z.string()), null),
});
export type Due = z.infer<typeof dueRow>;

const balanceRow = z.object({ billed_xaf: num, paid_xaf: num, balance_xaf: num });
export type Balance = z.infer<typeof balanceRow>;

export const PAYMENT_STATUSES = ["created", "pending", "succeeded", "failed", "expired", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const paymentRow = z.object({
  id: z.string(),
  student_fee_id: z._default(z.nullable(z.string()), null),
  instalment_id: z.nullable(z.string()),
  amount_xaf: num,
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failure_reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  created_at: z.string(),
  initiated_at: z._default(z.nullable(z.string()), null),
  paid_at: z.nullable(z.string()),
  receipts: z._default(z.array(receiptRow), []),
});
export type Payment = z.infer<typeof paymentRow>;

const fail: Fail = failFor("finance");

export interface StudentFinance {
  dues: Due[];
  balance: Balance;
  payments: Payment[];
}

export async function fetchStudentFinance(supabase: SupabaseClient, studentId: string): Promise<StudentFinance> {
  const [dues, balance, payments] = await Promise.all([
    supabase
      .from("student_dues")
      .select(
        "student_fee_id, instalment_id, position, instalment_count, label_fr, label_en, amount_xaf, due_on, paid_xaf, remaining_xaf, has_pending, late_penalty_xaf, state, penalty_xaf, penalty_waived_xaf, penalty_waiver_reason",
      )
      .eq("student_id", studentId)
      .order("due_on", { ascending: true, nullsFirst: true })
      .order("position"),
    supabase.from("student_balances").select("billed_xaf, paid_xaf, balance_xaf").eq("student_id", studentId).maybeSingle(),
    supabase
      .from("payments")
      .select(
        "id, student_fee_id, instalment_id, amount_xaf, method, status, failure_reason, note, reference, created_at, initiated_at, paid_at, receipts(id, number, kind, amount_xaf, issued_at, verification_code, details)",
      )
      .eq("student_id", studentId)
      .order("created_at", { ascending: false })
      .limit(100),
  ]);
  if (dues.error) fail("reading dues", dues.error);
  if (balance.error) fail("reading the balance", balance.error);
  if (payments.error) fail("reading payments", payments.error);
  return {
    dues: z.array(dueRow).parse(dues.data ?? []),
    balance: balance.data ? balanceRow.parse(balance.data) : { billed_xaf: 0, paid_xaf: 0, balance_xaf: 0 },
    payments: z.array(paymentRow).parse(payments.data ?? []),
  };
}

/** Calls onChange whenever one of the student's payments is created or changes (realtime). */
export function subscribeToPayments(supabase: SupabaseClient, studentId: string, onChange: (payment: { id: string; status: string; failure_reason: string | null }) => void): () => void {
  const channel = supabase
    .channel(`payments:${studentId}`)
    .on("postgres_changes", { event: "*", schema: "public", table: "payments", filter: `student_id=eq.${studentId}` }, (payload) => {
      const row = payload.new as { id?: string; status?: string; failure_reason?: string | null };
      if (row?.id && row.status) onChange({ id: row.id, status: row.status, failure_reason: row.failure_reason ?? null });
    })
    .subscribe();
  return () => void supabase.removeChannel(channel);
}

export interface PayInput {
  student_fee_id: string;
  instalment_id: string | null;
  channel: "mtn_momo" | "orange_money";
  phone: string;
  amount_xaf?: number;
}

/** Starts a mobile-money payment; answers the payment or the function's error code. */
export async function startMobilePayment(
  supabase: SupabaseClient,
  input: PayInput,
  idempotencyKey: string,
): Promise<{ id: string; status: string; failure_reason: string | null } | { error: string }> {
  const { data, error } = await supabase.functions.invoke("payments-initiate", { body: input, headers: { "idempotency-key": idempotencyKey } });
  if (error) {
    const body = await (error as { context?: Response }).context?.json().catch(() => null);
    return { error: (body as { error?: string } | null)?.error ?? "server_error" };
  }
  return data as { id: string; status: string; failure_reason: string | null };
}

export async function readPayment(supabase: SupabaseClient, id: string): Promise<{ status: string; failure_reason: string | null } | null> {
  const { data, error } = await supabase.from("payments").select("status, failure_reason").eq("id", id).maybeSingle();
  if (error) fail("reading a payment", error);
  return data;
}

export async function submitBankSlip(supabase: SupabaseClient, studentId: string, input: { instalment_id: string | null; amount_xaf: number; reference: string; file: File }): Promise<void> {
  const path = slipPath(studentId, input.file.name);
  const upload = await supabase.storage.from("bank-slips").upload(path, input.file, { contentType: input.file.type, upsert: false });
  if (upload.error) fail("uploading the slip", upload.error);
  const { error } = await supabase.rpc("submit_bank_slip", { instalment: input.instalment_id, amount_xaf: input.amount_xaf, bank_reference: input.reference, slip_path: path });
  if (error) fail("declaring the slip", error);
}

export async function cancelPayment(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.rpc("cancel_my_payment", { payment: id });
  if (error) fail("cancelling a payment", error);
}

/**
 * The payment still open (created or pending, a bank slip waiting included) on a bill
 * line: at most one, open_payment sees to it. The page shows it in place of "Payer".
 */
export function openPaymentOf(due: Pick<Due, "student_fee_id" | "instalment_id">, payments: Payment[]): Payment | null {
  return payments.find((p) => (p.status === "created" || p.status === "pending") && p.student_fee_id === due.student_fee_id && p.instalment_id === due.instalment_id) ?? null;
}

/** A mobile-money request lapses at the operator within this time; only then may the payer
 *  abandon it (public.cancel_my_payment refuses earlier: private.payment_abandonable_after). */
export const ABANDON_AFTER_MINUTES = 10;

/** When the payer may abandon this open payment (a bank slip: at once). */
export function abandonableAt(payment: Pick<Payment, "method" | "created_at" | "initiated_at">): Date {
  if (payment.method === "bank_transfer") return new Date(0);
  return new Date(new Date(payment.initiated_at ?? payment.created_at).getTime() + ABANDON_AFTER_MINUTES * 60_000);
}

/** "Check now": the operator is asked about the payment (payments-check); its status after. */
export async function checkPayment(supabase: SupabaseClient, id: string): Promise<{ status: string; failure_reason: string | null } | { error: string }> {
  const { data, error } = await supabase.functions.invoke("payments-check", { body: { payment_id: id } });
  if (error) {
    const body = await (error as { context?: Response }).context?.json().catch(() => null);
    return { error: (body as { error?: string } | null)?.error ?? "server_error" };
  }
  return data as { status: string; failure_reason: string | null };
}
