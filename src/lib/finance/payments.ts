// The payment flow every caller shares (the payments-initiate and payments-callback
// functions, the worker's reconciler, admissions' application fee), on top of the SQL
// core (supabase/migrations/20260502000000_payments_core.sql):
//   startPayment    open_payment (idempotency key stored) → provider.initiate → pending
//   handleCallback  verify the signature → re-query the provider → settle_payment
//   reconcilePayments  re-query open payments older than a few minutes; expire stale ones
// settle_payment credits once however many of these run, and in whatever order.
import type { SupabaseClient } from "@supabase/supabase-js";
import { MtnMomoProvider, mtnMomoConfigFromEnv } from "./mtn-momo.ts";
import { OrangeMoneyProvider, orangeMoneyConfigFromEnv } from "./orange-money.ts";
import type { FailureReason, PaymentProvider, PaymentRef, ProviderStatus } from "./provider.ts";
import { SimulatorProvider } from "./simulator.ts";
import { maskRecipient } from "../messaging/mask.ts";

export type Channel = "mtn_momo" | "orange_money";

export interface Providers {
  byName: Record<string, PaymentProvider>;
  /** The provider that takes this channel's payments, or null when none is configured. */
  forChannel(channel: Channel): PaymentProvider | null;
  /** Why no payment can be taken at all (a deployment without PAYMENTS_PROVIDER), else null. */
  problem: string | null;
}

/** The API on this machine (npm start, tests): the only place the simulator runs unasked. */
export function isLocalApi(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return ["127.0.0.1", "localhost", "[::1]", "::1"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Which adapter takes each channel (fails closed, issue 19):
 * - PAYMENTS_PROVIDER=live: MTN MoMo to MTN (MTN_MOMO_* set), Orange Money to Orange
 *   (ORANGE_MONEY_* set); a channel whose adapter is not configured is refused.
 * - PAYMENTS_PROVIDER=simulator: every channel to the simulator, wherever the API is.
 * - unset: the simulator only when the API (SUPABASE_URL) is on this machine; anywhere
 *   else no channel is open and `problem` says why (the worker refuses to start, the
 *   functions answer 503 payments_not_configured): a hosted project that forgot the
 *   variable must not credit fees with no money moving.
 * The simulator is known by name (its payments reconciled) only where it may run.
 */
export function providersFromEnv(env: Record<string, string | undefined>, simulatorCallbackHeaders: Record<string, string> = {}): Providers {
  const mode = env.PAYMENTS_PROVIDER?.trim() || undefined;
  const local = isLocalApi(env.SUPABASE_URL);
  let problem: string | null = null;
  if (mode !== undefined && mode !== "live" && mode !== "simulator") {
    problem = `PAYMENTS_PROVIDER must be "live" or "simulator", not "${mode}"`;
  } else if (mode === undefined && !local) {
    problem = "PAYMENTS_PROVIDER is not set and the API is not on this machine: set PAYMENTS_PROVIDER=live (with the operators' variables), or PAYMENTS_PROVIDER=simulator to take no real money";
  }
  const simulatorAllowed = !problem && (mode === "simulator" || local);
  const secret = problem ? null : callbackSecret(env);
  const simulator =
    simulatorAllowed && secret
      ? new SimulatorProvider({ secret, callbackHeaders: simulatorCallbackHeaders, callbackDelayMs: env.PAYMENTS_SIMULATOR_DELAY_MS ? Number(env.PAYMENTS_SIMULATOR_DELAY_MS) : undefined })
      : null;
  const mtnConfig = secret ? mtnMomoConfigFromEnv(env, secret) : null;
  const mtn = mtnConfig ? new MtnMomoProvider(mtnConfig) : null;
  const orangeConfig = secret ? orangeMoneyConfigFromEnv(env, secret) : null;
  const orange = orangeConfig ? new OrangeMoneyProvider(orangeConfig) : null;
  const byName: Record<string, PaymentProvider> = {
    ...(simulator ? { simulator } : {}),
    ...(mtn ? { mtn_momo: mtn } : {}),
    ...(orange ? { orange_money: orange } : {}),
  };
  const live = mode === "live";
  return {
    byName,
    problem,
    forChannel: (channel) => (problem ? null : !live ? simulator : channel === "mtn_momo" ? mtn : channel === "orange_money" ? orange : null),
  };
}

export function callbackSecret(env: Record<string, string | undefined>): string {
  const secret = env.PAYMENTS_CALLBACK_SECRET ?? env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_SECRET_KEY;
  if (!secret) throw new Error("PAYMENTS_CALLBACK_SECRET is not set");
  return secret;
}

export interface PaymentRow {
  id: string;
  status: string;
  idempotency_key: string;
  amount_xaf: number;
  failure_reason: string | null;
}

export interface StartInput {
  amountXaf: number;
  channel: Channel;
  phone: string;
  message: string;
  callbackUrl: string;
  student?: string | null;
  instalment?: string | null;
  application?: string | null;
  purpose?: "tuition" | "application_fee";
  /** Given by the caller to make a retried request pay once; a new UUID otherwise. */
  key?: string;
}

/** Why open_payment refused a payment, as the code the page explains (the SQL message's prefix). */
export const REFUSALS = ["payment_in_progress", "already_paid", "amount_too_high", "not_your_bill", "amount_invalid"] as const;
export type Refusal = (typeof REFUSALS)[number];

export class PaymentRefused extends Error {
  readonly code: Refusal;
  constructor(code: Refusal, message: string) {
    super(message);
    this.code = code;
  }
}

/** The refusal an open_payment error message names, or null for any other failure. */
export function refusalOf(message: string): Refusal | null {
  // Hosted PostgREST gives the message as raised; the local stack prefixes it with "error: ".
  const code = /^(?:error:\s*)?([a-z_]+):/.exec(message)?.[1];
  return (REFUSALS as readonly string[]).includes(code ?? "") ? (code as Refusal) : null;
}

/**
 * Opens the payment (key stored first), asks the provider, and records what it said.
 * open_payment decides, under the line's lock, whether a payment may open at all: it
 * throws PaymentRefused (payment_in_progress, already_paid, amount_too_high…) otherwise.
 */
export async function startPayment(service: SupabaseClient, provider: PaymentProvider, input: StartInput): Promise<PaymentRow> {
  const key = input.key ?? crypto.randomUUID();
  const opened = await service.rpc("open_payment", {
    idempotency_key: key,
    amount_xaf: input.amountXaf,
    method: input.channel,
    provider: provider.name,
    payer_phone: input.phone,
    student: input.student ?? null,
    instalment: input.instalment ?? null,
    application: input.application ?? null,
    purpose: input.purpose ?? "tuition",
  });
  if (opened.error) {
    const refusal = refusalOf(opened.error.message);
    throw refusal ? new PaymentRefused(refusal, opened.error.message) : new Error(opened.error.message);
  }
  const row = opened.data as PaymentRow;
  if (row.status !== "created") return row; // a retry of a payment already under way
  const result = await provider.initiate({ key, amountXaf: input.amountXaf, phone: input.phone, message: input.message, callbackUrl: input.callbackUrl });
  if (!result.accepted) return settle(service, key, { outcome: "failed", reason: result.reason });
  const pending = await service.rpc("mark_payment_pending", { idempotency_key: key, provider_reference: result.operatorReference ?? null });
  if (pending.error) throw new Error(pending.error.message);
  return pending.data as PaymentRow;
}

export interface Settled {
  payment_id: string;
  status: string;
  credited: boolean;
  receipt_number: string | null;
}

async function settle(service: SupabaseClient, key: string, status: ProviderStatus): Promise<PaymentRow & Settled> {
  const { data, error } = await service.rpc("settle_payment", {
    idempotency_key: key,
    outcome: status.outcome,
    provider_reference: status.operatorReference ?? null,
    reason: status.reason ?? null,
  });
  if (error) throw new Error(error.message);
  const settled = (data as Settled[])[0];
  return { ...settled, id: settled.payment_id, idempotency_key: key, amount_xaf: 0, failure_reason: status.reason ?? null };
}

/** Asks the provider and records its answer (credits at most once). */
export async function settleFromProvider(service: SupabaseClient, provider: PaymentProvider, ref: PaymentRef, expire = false) {
  const status = await provider.status(ref);
  if (status.outcome === "pending" && expire) return settle(service, ref.key, { outcome: "expired", reason: "expired" as FailureReason });
  return settle(service, ref.key, status);
}

export type CallbackResult = { status: 401 | 404; error: string } | { status: 200; settled: Settled };

export type CallbackOutcome = "accepted" | "bad_signature" | "unknown_payment" | "replay" | "contradicted" | "error";

/** One line of public.payment_callback_log (the payer's number masked, DOMAIN §4). */
async function logCallback(
  service: SupabaseClient,
  entry: {
    provider: string | null;
    outcome: CallbackOutcome;
    payment_id?: string | null;
    claimed?: string | null;
    confirmed?: string | null;
    credited?: boolean;
    phone?: string | null;
    detail?: string | null;
  },
): Promise<void> {
  const { error } = await service.from("payment_callback_log").insert({
    provider: entry.provider?.slice(0, 40) ?? null,
    outcome: entry.outcome,
    payment_id: entry.payment_id ?? null,
    claimed: entry.claimed ?? null,
    confirmed: entry.confirmed ?? null,
    credited: entry.credited ?? false,
    payer_phone_masked: entry.phone ? maskRecipient(entry.phone) : null,
    detail: entry.detail?.slice(0, 300) ?? null,
  });
  // The trace must not stop a payment being credited; its loss is reported where errors go.
  if (error) console.error(`payments: logging a callback failed: ${error.message}`);
}

/**
 * A provider's callback: proven origin, then the provider's own answer, then crediting.
 * Every call leaves one line in payment_callback_log, whatever became of it.
 */
export async function handleCallback(service: SupabaseClient, providers: Providers, request: { url: string; headers: Headers; body: string }): Promise<CallbackResult> {
  const named = new URL(request.url).searchParams.get("provider") ?? "simulator";
  const provider = providers.byName[named];
  const verified = provider ? await provider.verifyCallback(request) : null;
  if (!provider || !verified) {
    await logCallback(service, { provider: named, outcome: "bad_signature", detail: provider ? "signature missing or wrong" : "no such provider here" });
    return { status: 401, error: "bad_signature" };
  }
  const { data: payment } = await service.from("payments").select("id, status, idempotency_key, payer_phone, provider, reference").eq("idempotency_key", verified.key).maybeSingle();
  if (!payment || payment.provider !== provider.name) {
    await logCallback(service, {
      provider: provider.name,
      outcome: "unknown_payment",
      claimed: verified.claimed,
      detail: payment ? `payment of ${payment.provider ?? "no provider"}` : "no payment with this key",
    });
    return { status: 404, error: "unknown_payment" };
  }
  const wasOpen = payment.status === "created" || payment.status === "pending";
  let answer: ProviderStatus | undefined;
  try {
    answer = await provider.status({ key: verified.key, phone: payment.payer_phone, reference: verified.reference ?? payment.reference });
    const settled = await settle(service, verified.key, answer);
    const contradicted = verified.claimed !== "pending" && verified.claimed !== answer.outcome;
    await logCallback(service, {
      provider: provider.name,
      payment_id: payment.id,
      claimed: verified.claimed,
      confirmed: answer.outcome,
      credited: settled.credited,
      phone: payment.payer_phone,
      outcome: !wasOpen ? "replay" : contradicted ? "contradicted" : "accepted",
      detail: !wasOpen ? `already ${payment.status}` : contradicted ? `claimed ${verified.claimed}, operator says ${answer.outcome}` : null,
    });
    return { status: 200, settled };
  } catch (failure) {
    await logCallback(service, {
      provider: provider.name,
      outcome: "error",
      payment_id: payment.id,
      claimed: verified.claimed,
      confirmed: answer?.outcome ?? null,
      phone: payment.payer_phone,
      detail: (failure as Error).message,
    });
    throw failure;
  }
}

/**
 * "Check now" (the payer on student/payments, the bursar on admin/finance): asks the
 * operator about one open payment and records its answer (settle_payment: credits once),
 * at most once every 10 seconds per payment (claim_payment_check: too_soon otherwise).
 * Answers the payment's status after that, or why it cannot be asked.
 */
export async function recheckPayment(
  service: SupabaseClient,
  providers: Providers,
  paymentId: string,
): Promise<{ status: string; failure_reason: string | null; credited: boolean } | { error: "not_found" | "cannot_check" | "provider_unavailable" | "too_soon" }> {
  const { data: payment, error } = await service.from("payments").select("id, status, failure_reason, idempotency_key, provider, payer_phone, reference").eq("id", paymentId).maybeSingle();
  if (error) throw new Error(error.message);
  if (!payment) return { error: "not_found" };
  if (payment.status !== "created" && payment.status !== "pending") return { status: payment.status, failure_reason: payment.failure_reason, credited: false };
  if (!payment.idempotency_key || !payment.provider) return { error: "cannot_check" };
  const provider = providers.byName[payment.provider];
  if (!provider) return { error: "provider_unavailable" };
  // At most one question to the operator per payment every few seconds, however often the button is pressed.
  const { data: claimed, error: claimError } = await service.rpc("claim_payment_check", { payment: paymentId });
  if (claimError) throw new Error(claimError.message);
  if (claimed !== true) return { error: "too_soon" };
  const answer = await provider.status({ key: payment.idempotency_key, phone: payment.payer_phone, reference: payment.reference });
  const settled = await settle(service, payment.idempotency_key, answer);
  const { data: after } = await service.from("payments").select("failure_reason").eq("id", paymentId).maybeSingle();
  return { status: settled.status, failure_reason: after?.failure_reason ?? null, credited: settled.credited };
}

export interface ReconcileOptions {
  now?: Date;
  /** Re-query payments open for longer than this (default 3 minutes). */
  afterMinutes?: number;
  /** Expire those still pending after this (default 30 minutes). */
  expireAfterMinutes?: number;
  concurrency?: number;
  maxRows?: number;
}

export interface ReconcileResult {
  checked: number;
  credited: number;
  failed: number;
  expired: number;
  stillPending: number;
  errors: number;
  durationMs: number;
}

export async function reconcilePayments(service: SupabaseClient, providers: Providers, options: ReconcileOptions = {}): Promise<ReconcileResult> {
  if (providers.problem) throw new Error(providers.problem);
  const started = performance.now();
  const now = options.now ?? new Date();
  const expireBefore = now.getTime() - (options.expireAfterMinutes ?? 30) * 60_000;
  const result: ReconcileResult = { checked: 0, credited: 0, failed: 0, expired: 0, stillPending: 0, errors: 0, durationMs: 0 };
  type Open = { id: string; idempotency_key: string; provider: string; payer_phone: string | null; reference: string | null; created_at: string };
  // Open mobile-money payments no operator can be asked about (no provider or key) end too.
  const expireAfter = `${options.expireAfterMinutes ?? 30} minutes`;
  const expire = () => service.rpc("expire_unaskable_payments", { older_than: expireAfter });
  // Safe to repeat (it only expires what is still open): once more after a dropped connection.
  let unaskable = await expire();
  if (unaskable.error && /fetch failed/.test(unaskable.error.message)) unaskable = await expire();
  if (unaskable.error) throw new Error(`expiring unaskable payments failed: ${unaskable.error.message}`);
  result.expired += Number(unaskable.data ?? 0);
  const PAGE = 1000;
  let after: Open | undefined;
  let seen = 0;
  for (;;) {
    const read = () =>
      service.rpc("payments_to_reconcile", {
        older_than: `${options.afterMinutes ?? 3} minutes`,
        max_rows: PAGE,
        after_created: after?.created_at ?? null,
        after_id: after?.id ?? null,
      });
    // A read is safe to repeat: once more after a dropped connection.
    let { data, error } = await read();
    if (error && /fetch failed/.test(error.message)) ({ data, error } = await read());
    if (error) throw new Error(`reading open payments failed: ${error.message}`);
    const rows = (data ?? []) as Open[];
    await reconcilePage(service, providers, rows, expireBefore, options.concurrency ?? 8, result);
    seen += rows.length;
    if (rows.length < PAGE || seen >= (options.maxRows ?? 50_000)) break;
    after = rows[rows.length - 1];
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/** Asks the providers about one page of open payments (a few at a time), then records their answers in batches. */
async function reconcilePage(
  service: SupabaseClient,
  providers: Providers,
  rows: { idempotency_key: string; provider: string; payer_phone: string | null; reference: string | null; created_at: string }[],
  expireBefore: number,
  concurrency: number,
  result: ReconcileResult,
): Promise<void> {
  const answers: { key: string; outcome: string; reference: string | null; reason: string | null }[] = [];
  let next = 0;
  const ask = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      const provider = providers.byName[row.provider];
      const stale = new Date(row.created_at).getTime() < expireBefore;
      if (!provider) {
        // Its operator is not configured here (or the simulator, off on this deployment): it
        // cannot be asked, so it ends at the expiry like any unanswered request.
        if (stale) answers.push({ key: row.idempotency_key, outcome: "expired", reference: null, reason: "expired" });
        continue;
      }
      try {
        const status = await provider.status({ key: row.idempotency_key, phone: row.payer_phone, reference: row.reference });
        const lapse = status.outcome === "pending" && stale;
        answers.push({ key: row.idempotency_key, outcome: lapse ? "expired" : status.outcome, reference: status.operatorReference ?? null, reason: lapse ? "expired" : (status.reason ?? null) });
      } catch {
        result.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, ask));

  const BATCH = 250;
  for (let i = 0; i < answers.length; i += BATCH) {
    const { data: settled, error } = await service.rpc("settle_payments", { items: answers.slice(i, i + BATCH) });
    if (error) {
      result.errors += Math.min(BATCH, answers.length - i);
      continue;
    }
    for (const row of settled as Settled[]) {
      result.checked++;
      if (row.credited) result.credited++;
      else if (row.status === "failed") result.failed++;
      else if (row.status === "expired") result.expired++;
      else if (row.status === "pending" || row.status === "created") result.stillPending++;
    }
  }
}
