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

export type Channel = "mtn_momo" | "orange_money";

export interface Providers {
  byName: Record<string, PaymentProvider>;
  /** The provider that takes this channel's payments, or null when none is configured. */
  forChannel(channel: Channel): PaymentProvider | null;
}

/**
 * PAYMENTS_PROVIDER=simulator (default) sends every channel to the simulator;
 * PAYMENTS_PROVIDER=live sends MTN MoMo to MTN (MTN_MOMO_* set) and Orange Money to Orange
 * (ORANGE_MONEY_* set), and refuses a channel whose adapter is not configured. The
 * simulator is always known by name, so payments it started are still reconciled after a
 * switch.
 */
export function providersFromEnv(env: Record<string, string | undefined>, simulatorCallbackHeaders: Record<string, string> = {}): Providers {
  const secret = callbackSecret(env);
  const simulator = new SimulatorProvider({ secret, callbackHeaders: simulatorCallbackHeaders,
    callbackDelayMs: env.PAYMENTS_SIMULATOR_DELAY_MS ? Number(env.PAYMENTS_SIMULATOR_DELAY_MS) : undefined });
  const mtnConfig = mtnMomoConfigFromEnv(env, secret);
  const mtn = mtnConfig ? new MtnMomoProvider(mtnConfig) : null;
  const orangeConfig = orangeMoneyConfigFromEnv(env, secret);
  const orange = orangeConfig ? new OrangeMoneyProvider(orangeConfig) : null;
  const byName: Record<string, PaymentProvider> = { simulator, ...(mtn ? { mtn_momo: mtn } : {}), ...(orange ? { orange_money: orange } : {}) };
  const live = env.PAYMENTS_PROVIDER === "live";
  return {
    byName,
    forChannel: (channel) => (!live ? simulator : channel === "mtn_momo" ? mtn : channel === "orange_money" ? orange : null),
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

/** Opens the payment (key stored first), asks the provider, and records what it said. */
export async function startPayment(service: SupabaseClient, provider: PaymentProvider, input: StartInput): Promise<PaymentRow> {
  const key = input.key ?? crypto.randomUUID();
  const opened = await service.rpc("open_payment", {
    idempotency_key: key, amount_xaf: input.amountXaf, method: input.channel, provider: provider.name,
    payer_phone: input.phone, student: input.student ?? null, instalment: input.instalment ?? null,
    application: input.application ?? null, purpose: input.purpose ?? "tuition",
  });
  if (opened.error) throw new Error(opened.error.message);
  const row = opened.data as PaymentRow;
  if (row.status !== "created") return row; // a retry of a payment already under way
  const result = await provider.initiate({ key, amountXaf: input.amountXaf, phone: input.phone, message: input.message,
    callbackUrl: input.callbackUrl });
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
    idempotency_key: key, outcome: status.outcome, provider_reference: status.operatorReference ?? null,
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

/** A provider's callback: proven origin, then the provider's own answer, then crediting. */
export async function handleCallback(service: SupabaseClient, providers: Providers, request: { url: string; headers: Headers; body: string }): Promise<CallbackResult> {
  const named = new URL(request.url).searchParams.get("provider") ?? "simulator";
  const provider = providers.byName[named];
  const verified = provider ? await provider.verifyCallback(request) : null;
  if (!provider || !verified) return { status: 401, error: "bad_signature" };
  const { data: payment } = await service.from("payments").select("idempotency_key, payer_phone, provider, reference")
    .eq("idempotency_key", verified.key).maybeSingle();
  if (!payment || payment.provider !== provider.name) return { status: 404, error: "unknown_payment" };
  const settled = await settleFromProvider(service, provider, { key: verified.key, phone: payment.payer_phone,
    reference: verified.reference ?? payment.reference });
  return { status: 200, settled };
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
  const started = performance.now();
  const now = options.now ?? new Date();
  const expireBefore = now.getTime() - (options.expireAfterMinutes ?? 30) * 60_000;
  const result: ReconcileResult = { checked: 0, credited: 0, failed: 0, expired: 0, stillPending: 0, errors: 0, durationMs: 0 };
  type Open = { id: string; idempotency_key: string; provider: string; payer_phone: string | null; reference: string | null; created_at: string };
  const PAGE = 1000;
  let after: Open | undefined;
  let seen = 0;
  for (;;) {
    const read = () => service.rpc("payments_to_reconcile", {
      older_than: `${options.afterMinutes ?? 3} minutes`, max_rows: PAGE,
      after_created: after?.created_at ?? null, after_id: after?.id ?? null,
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
  service: SupabaseClient, providers: Providers,
  rows: { idempotency_key: string; provider: string; payer_phone: string | null; reference: string | null; created_at: string }[],
  expireBefore: number, concurrency: number, result: ReconcileResult,
): Promise<void> {
  const answers: { key: string; outcome: string; reference: string | null; reason: string | null }[] = [];
  let next = 0;
  const ask = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      const provider = providers.byName[row.provider];
      if (!provider) continue;
      try {
        const status = await provider.status({ key: row.idempotency_key, phone: row.payer_phone, reference: row.reference });
        const stale = status.outcome === "pending" && new Date(row.created_at).getTime() < expireBefore;
        answers.push({ key: row.idempotency_key, outcome: stale ? "expired" : status.outcome,
          reference: status.operatorReference ?? null, reason: stale ? "expired" : status.reason ?? null });
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
