// The payment flows through the real functions on a local stack (issue 14, Done when):
// the student pays with the simulator; the same callback twice credits once; the callback
// and the reconciler racing credit once; a forged callback credits nothing; the
// reconciler credits a payment whose callback never came and expires a stale one; the
// MTN MoMo adapter against a contract server that follows MTN's documented API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { startMtnContract, type MtnContract } from "../../fixtures/mtn-momo-contract.ts";
import { sign } from "../../../src/lib/finance/signature.ts";
import { SIMULATOR_SIGNATURE_HEADER } from "../../../src/lib/finance/simulator.ts";
import { providersFromEnv, reconcilePayments } from "../../../src/lib/finance/payments.ts";
import { MtnMomoProvider } from "../../../src/lib/finance/mtn-momo.ts";
import { checkPayment } from "../../../src/dashboard/finance/data.ts";
import { closeStuckPayment, fetchCallbackLog } from "../../../src/dashboard/finance/admin-data.ts";

process.env.PAYMENTS_SIMULATOR_DELAY_MS = "50";
const stack = useLocalStack();

let student: SupabaseClient;
let admin: SupabaseClient;
let service: SupabaseClient;
let studentId: string;
let fee: string;
const lines: string[] = [];
let mtn: MtnContract;

beforeAll(async () => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
  student = await signInAs(stack(), account.email, account.password);
  const bursar = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  admin = await signInAs(stack(), bursar.email, bursar.password);
  service = stack().client({ secret: true });
  studentId = (await student.auth.getUser()).data.user!.id;
  // A fresh bill for these tests, so demo payments do not get in the way.
  const [row] = await stack().sql<{ id: string }>(
    `insert into public.fee_schedules (academic_year_id, programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
     select academic_year_id, programme_id, 'Test flux', 'Flow test', 0, 1000000 from public.fee_schedules where programme_id is not null limit 1
     returning id`,
  );
  for (let i = 1; i <= 16; i++) {
    const [line] = await stack().sql<{ id: string }>(
      "insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on) values ($1, $2, $3, $4, 100000, '2030-01-01') returning id",
      [row.id, i, `Tranche ${i}`, `Instalment ${i}`],
    );
    lines.push(line.id);
  }
  const [bill] = await stack().sql<{ id: string }>("insert into public.student_fees (student_id, fee_schedule_id) values ($1, $2) returning id", [studentId, row.id]);
  fee = bill.id;
  mtn = await startMtnContract();
});
afterAll(async () => {
  await mtn?.close();
});

async function pay(line: number, phone: string, headers: Record<string, string> = {}) {
  const { data, error } = await student.functions.invoke("payments-initiate", {
    body: { student_fee_id: fee, instalment_id: lines[line], channel: "mtn_momo", phone },
    headers,
  });
  if (error) throw new Error(`${error.message}: ${await (error as { context?: Response }).context?.text()}`);
  return data as { id: string; status: string };
}

const payment = async (id: string) =>
  (
    await stack().sql<{ status: string; failure_reason: string | null; idempotency_key: string; reference: string | null }>(
      "select status, failure_reason, idempotency_key, reference from public.payments where id = $1",
      [id],
    )
  )[0];
const credits = async (id: string) => (await stack().sql<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'payment.succeeded' and target_id = $1", [id]))[0].n;
const receipts = async (id: string) => await stack().sql<{ number: string }>("select number from public.receipts where payment_id = $1", [id]);

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function simulatorCallback(key: string, outcome = "succeeded", signature?: string) {
  const body = JSON.stringify({ key, outcome });
  return fetch(`${stack().url}/functions/v1/payments-callback`, {
    method: "POST",
    headers: { apikey: stack().keys.publishableKey, "content-type": "application/json", [SIMULATOR_SIGNATURE_HEADER]: signature ?? (await sign(stack().keys.secretKey, body)) },
    body,
  });
}

describe("paying with the simulator", () => {
  it("goes pending, then succeeds by the simulator's callback with one receipt; the balance drops", async () => {
    const before = (await stack().sql<{ balance_xaf: number }>("select balance_xaf from public.student_balances where student_id = $1", [studentId]))[0].balance_xaf;
    const started = await pay(0, "+237 6 70 00 00 05");
    expect(started.status).toBe("pending");
    const done = await until(
      () => payment(started.id),
      (p) => p.status !== "pending",
    );
    expect(done.status).toBe("succeeded");
    expect(done.reference).toMatch(/^SIM-/);
    expect(await receipts(started.id)).toHaveLength(1);
    const after = (await stack().sql<{ balance_xaf: number }>("select balance_xaf from public.student_balances where student_id = $1", [studentId]))[0].balance_xaf;
    expect(Number(before) - Number(after)).toBe(100000);
    // The line is paid now: paying it again is refused.
    const again = await student.functions.invoke("payments-initiate", { body: { student_fee_id: fee, instalment_id: lines[0], channel: "mtn_momo", phone: "670000005" } });
    expect(await (again.error as { context?: Response }).context?.json()).toMatchObject({ error: "already_paid" });
  });

  it("explains a decline and insufficient funds by their reason", async () => {
    const declined = await pay(1, "+237670000002");
    expect(
      await until(
        () => payment(declined.id),
        (p) => p.status !== "pending",
      ),
    ).toMatchObject({ status: "failed", failure_reason: "declined" });
    const poor = await pay(1, "+237670000001");
    expect(
      await until(
        () => payment(poor.id),
        (p) => p.status !== "pending",
      ),
    ).toMatchObject({ status: "failed", failure_reason: "insufficient_funds" });
    expect(await receipts(poor.id)).toHaveLength(0);
  });

  it("refuses a bad phone number and another student's bill", async () => {
    const bad = await student.functions.invoke("payments-initiate", { body: { student_fee_id: fee, instalment_id: lines[1], channel: "mtn_momo", phone: "12345" } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const [other] = await stack().sql<{ id: string }>("select id from public.student_fees where student_id <> $1 limit 1", [studentId]);
    const theirs = await student.functions.invoke("payments-initiate", { body: { student_fee_id: other.id, instalment_id: null, channel: "mtn_momo", phone: "670000005" } });
    expect((theirs.error as { context?: Response }).context?.status).toBe(404);
  });

  it("the same Idempotency-Key pays once", async () => {
    const key = crypto.randomUUID();
    const a = await pay(8, "670000004", { "idempotency-key": key });
    const b = await pay(8, "670000004", { "idempotency-key": key });
    expect(b.id).toBe(a.id);
  });
});

describe("crediting once", () => {
  it("the same callback twice credits once", async () => {
    const started = await pay(2, "670000004"); // succeeds, never calls back by itself
    const { idempotency_key } = await payment(started.id);
    const [first, second] = [await simulatorCallback(idempotency_key), await simulatorCallback(idempotency_key)];
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: "succeeded", credited: true });
    expect(await second.json()).toMatchObject({ status: "succeeded", credited: false });
    expect(await credits(started.id)).toBe(1);
    expect(await receipts(started.id)).toHaveLength(1);
  });

  it("the callback and the reconciler racing credit once", async () => {
    const started = await pay(3, "670000004");
    const { idempotency_key } = await payment(started.id);
    const providers = providersFromEnv({ SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: stack().keys.secretKey });
    const [callback, reconciled] = await Promise.all([simulatorCallback(idempotency_key), reconcilePayments(service, providers, { afterMinutes: 0 }), simulatorCallback(idempotency_key)]);
    expect(callback.status).toBe(200);
    expect(reconciled.errors).toBe(0);
    expect((await payment(started.id)).status).toBe("succeeded");
    expect(await credits(started.id)).toBe(1);
    expect(await receipts(started.id)).toHaveLength(1);
  });

  it("a forged callback credits nothing: bad signature, or a status the provider does not confirm", async () => {
    const stuck = await pay(4, "670000003"); // stays pending at the provider
    const { idempotency_key } = await payment(stuck.id);
    const forged = await simulatorCallback(idempotency_key, "succeeded", "0".repeat(64));
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${stack().url}/functions/v1/payments-callback`, {
      method: "POST",
      headers: { apikey: stack().keys.publishableKey },
      body: JSON.stringify({ key: idempotency_key, outcome: "succeeded" }),
    });
    expect(unsigned.status).toBe(401);
    // Signed (a leaked or replayed callback), but the provider says it is still pending.
    const unconfirmed = await simulatorCallback(idempotency_key, "succeeded");
    expect(await unconfirmed.json()).toMatchObject({ status: "pending", credited: false });
    expect((await payment(stuck.id)).status).toBe("pending");
    expect(await credits(stuck.id)).toBe(0);
    // A declined payment claimed as succeeded is recorded as what the provider says.
    await stack().sql("update public.payments set status = 'cancelled' where id = $1", [stuck.id]);
    const declined = await pay(4, "670000002");
    await until(
      () => payment(declined.id),
      (p) => p.status !== "pending",
    );
    const replay = await simulatorCallback((await payment(declined.id)).idempotency_key, "succeeded");
    expect(await replay.json()).toMatchObject({ status: "failed", credited: false });
    expect(await credits(declined.id)).toBe(0);
  });

  it("the reconciler credits a payment whose callback never came and expires a stale one", async () => {
    const silent = await pay(5, "670000004");
    const stale = await pay(6, "670000003");
    const providers = providersFromEnv({ SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: stack().keys.secretKey });
    const first = await reconcilePayments(service, providers, { afterMinutes: 0, expireAfterMinutes: 60 });
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect((await payment(silent.id)).status).toBe("succeeded");
    expect((await payment(stale.id)).status).toBe("pending");
    await reconcilePayments(service, providers, { afterMinutes: 0, expireAfterMinutes: 0, now: new Date(Date.now() + 1000) });
    expect(await payment(stale.id)).toMatchObject({ status: "expired", failure_reason: "expired" });
  });
});

describe("who may do what", () => {
  it("a student cannot mark a payment succeeded, write payments, edit a receipt or read another's payments", async () => {
    const mine = await pay(9, "670000003"); // stays pending
    const settle = await student.rpc("settle_payment", { idempotency_key: (await payment(mine.id)).idempotency_key, outcome: "succeeded" });
    expect(settle.error).not.toBeNull();
    const open = await student.rpc("open_payment", { idempotency_key: crypto.randomUUID(), amount_xaf: 1, method: "cash", provider: null, payer_phone: null, student: studentId });
    expect(open.error).not.toBeNull();
    const update = await student.from("payments").update({ status: "succeeded" }).eq("id", mine.id).select();
    expect(update.data ?? []).toEqual([]);
    expect((await payment(mine.id)).status).toBe("pending");
    const insert = await student.from("payments").insert({ student_id: studentId, amount_xaf: 5000, method: "mtn_momo", status: "pending" });
    expect(insert.error).not.toBeNull();
    const { data: myReceipts } = await student.from("receipts").select("id, number");
    expect(myReceipts!.length).toBeGreaterThan(0);
    const edit = await student.from("receipts").update({ amount_xaf: 1 }).eq("id", myReceipts![0].id).select();
    expect(edit.data ?? []).toEqual([]);
    const { data: visible } = await student.from("payments").select("student_id");
    expect(visible!.length).toBeGreaterThan(0);
    expect(visible!.every((p) => p.student_id === studentId)).toBe(true);
  });

  it("nobody edits a receipt, not even an admin; a refund issues a cancelling receipt", async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const admin = await signInAs(stack(), account.email, account.password);
    const [receipt] = await stack().sql<{ id: string; payment_id: string; number: string }>(
      "select r.id, r.payment_id, r.number from public.receipts r join public.payments p on p.id = r.payment_id where p.student_id = $1 and p.status = 'succeeded' limit 1",
      [studentId],
    );
    const edit = await admin.from("receipts").update({ amount_xaf: 1 }).eq("id", receipt.id);
    expect(edit.error?.message).toMatch(/never edited/);
    const refund = await admin.rpc("refund_payment", { payment: receipt.payment_id, reason: "Double paiement" });
    expect(refund.error).toBeNull();
    const [cancel] = await stack().sql<{ kind: string; number: string; details: { cancels: string } }>("select kind, number, details from public.receipts where cancels_receipt_id = $1", [receipt.id]);
    expect(cancel.kind).toBe("cancellation");
    expect(cancel.details.cancels).toBe(receipt.number);
    const verified = await stack()
      .client()
      .rpc("verify_receipt", {
        code: (await stack().sql<{ verification_code: string }>("select verification_code from public.receipts where id = $1", [receipt.id]))[0].verification_code,
      });
    expect(verified.data[0]).toMatchObject({ number: receipt.number, cancelled_by: cancel.number });
    expect(Object.keys(verified.data[0])).not.toContain("matricule");
  });
});

describe("MTN MoMo Collections adapter against the contract server", () => {
  const mtnEnv = () => ({
    PAYMENTS_PROVIDER: "live",
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_SUBSCRIPTION_KEY: mtn.subscriptionKey,
    MTN_MOMO_API_USER: mtn.apiUser,
    MTN_MOMO_API_KEY: mtn.apiKey,
    MTN_MOMO_TARGET_ENVIRONMENT: "mtncameroon",
  });

  it("requests to pay, is called back, re-queries and credits once", async () => {
    Object.assign(process.env, mtnEnv());
    try {
      const started = await pay(7, "+237 6 77 00 00 06");
      expect(started.status).toBe("pending");
      const done = await until(
        () => payment(started.id),
        (p) => p.status !== "pending",
      );
      expect(done.status).toBe("succeeded");
      expect(done.reference).toMatch(/^\d{10}$/); // MTN's financialTransactionId
      const request = mtn.requests.find((r) => r.path === "/collection/v1_0/requesttopay")!;
      expect(request.headers["x-reference-id"]).toBe(done.idempotency_key);
      expect(request.headers["x-target-environment"]).toBe("mtncameroon");
      expect(JSON.parse(request.body)).toMatchObject({ amount: "100000", currency: "XAF", payer: { partyIdType: "MSISDN", partyId: "237677000006" } });
      expect(
        await until(
          async () => mtn.callbacks.length,
          (n) => n > 0,
        ),
      ).toBe(1);
      // The callback URL carries its token; replaying it credits nothing more.
      const replay = await fetch(mtn.callbacks[0].url, { method: "PUT", body: mtn.callbacks[0].body });
      expect(await replay.json()).toMatchObject({ status: "succeeded", credited: false });
      // Without the token, or for another reference, it is refused.
      const tampered = new URL(mtn.callbacks[0].url);
      tampered.searchParams.set("ref", crypto.randomUUID());
      expect((await fetch(tampered, { method: "PUT", body: "{}" })).status).toBe(401);
      expect(await credits(started.id)).toBe(1);
    } finally {
      for (const name of Object.keys(mtnEnv())) delete process.env[name];
    }
  });

  it("maps MTN's failure reasons and unknown references", async () => {
    const provider = new MtnMomoProvider({
      baseUrl: mtn.url,
      subscriptionKey: mtn.subscriptionKey,
      apiUser: mtn.apiUser,
      apiKey: mtn.apiKey,
      targetEnvironment: "sandbox",
      currency: "XAF",
      callbackSecret: "s",
    });
    const key = crypto.randomUUID();
    expect(await provider.initiate({ key, amountXaf: 500, phone: "+237670000001", message: "Frais d'inscription", callbackUrl: "http://127.0.0.1:9/cb" })).toEqual({ accepted: true });
    expect(await provider.status({ key, phone: null })).toMatchObject({ outcome: "failed", reason: "insufficient_funds" });
    // A retried request with the same reference is a 409 at MTN: still the same payment.
    expect(await provider.initiate({ key, amountXaf: 500, phone: "+237670000001", message: "x", callbackUrl: "http://127.0.0.1:9/cb" })).toEqual({ accepted: true });
    expect(await provider.status({ key: crypto.randomUUID(), phone: null })).toMatchObject({ outcome: "failed", reason: "not_found" });
    const wrongKey = new MtnMomoProvider({ baseUrl: mtn.url, subscriptionKey: "nope", apiUser: mtn.apiUser, apiKey: mtn.apiKey, targetEnvironment: "sandbox", currency: "XAF", callbackSecret: "s" });
    await expect(wrongKey.status({ key, phone: null })).rejects.toThrow(/token: HTTP 401/);
  });
});

const errorOf = async (result: { error: unknown }) => ((await (result.error as { context?: Response } | null)?.context?.json().catch(() => null)) ?? {}) as { error?: string };

describe("one bill line, one open payment (M3)", () => {
  it("another Idempotency-Key on a line with an open payment is refused; three concurrent requests open one", async () => {
    const open = await pay(10, "670000003"); // stays pending
    const other = await student.functions.invoke("payments-initiate", {
      body: { student_fee_id: fee, instalment_id: lines[10], channel: "orange_money", phone: "690000005" },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect((other.error as { context?: Response }).context?.status).toBe(409);
    expect(await errorOf(other)).toEqual({ error: "payment_in_progress" });
    const race = await Promise.all(
      [1, 2, 3].map(() =>
        student.functions.invoke("payments-initiate", {
          body: { student_fee_id: fee, instalment_id: lines[11], channel: "mtn_momo", phone: "670000003" },
          headers: { "idempotency-key": crypto.randomUUID() },
        }),
      ),
    );
    expect(race.filter((r) => !r.error)).toHaveLength(1);
    const [{ n }] = await stack().sql<{ n: number }>("select count(*)::int as n from public.payments where instalment_id = $1 and status in ('created', 'pending')", [lines[11]]);
    expect(n).toBe(1);
    // The payer may not abandon a request the operator may still confirm.
    const early = await student.rpc("cancel_my_payment", { payment: open.id });
    expect(early.error?.message).toMatch(/payment_still_running/);
  });
});

describe("every callback leaves a trace", () => {
  it("logs refused (bad signature, unknown payment, replay) and contradicted callbacks, the phone masked; admins read it, students do not", async () => {
    const since = new Date().toISOString();
    const stuck = await pay(12, "670000003"); // pending at the provider
    const { idempotency_key } = await payment(stuck.id);
    expect((await simulatorCallback(idempotency_key, "succeeded", "0".repeat(64))).status).toBe(401);
    expect((await simulatorCallback(crypto.randomUUID())).status).toBe(404);
    expect(await (await simulatorCallback(idempotency_key, "succeeded")).json()).toMatchObject({ status: "pending", credited: false });
    const silent = await pay(13, "670000004");
    const key = (await payment(silent.id)).idempotency_key;
    expect(await (await simulatorCallback(key)).json()).toMatchObject({ credited: true });
    expect(await (await simulatorCallback(key)).json()).toMatchObject({ credited: false });

    const { data: log, error } = await admin.from("payment_callback_log").select("outcome, payment_id, claimed, confirmed, credited, payer_phone_masked").gte("received_at", since).order("id");
    expect(error).toBeNull();
    expect(log!.map((l) => l.outcome)).toEqual(["bad_signature", "unknown_payment", "contradicted", "accepted", "replay"]);
    expect(log![2]).toMatchObject({ payment_id: stuck.id, claimed: "succeeded", confirmed: "pending", credited: false });
    expect(log![3]).toMatchObject({ payment_id: silent.id, credited: true });
    expect(log![3].payer_phone_masked).toMatch(/^\+237 6•+04$/);
    const byStudent = await student.from("payment_callback_log").select("id");
    expect(byStudent.data ?? []).toEqual([]);
    // The bursar's card reads it, filtered by outcome.
    expect((await fetchCallbackLog(admin, "contradicted")).map((l) => l.payment_id)).toContain(stuck.id);
  });
});

describe("pending ends", () => {
  it("the payer checks a payment now: the operator is asked and its answer recorded once", async () => {
    const started = await pay(14, "670000004"); // succeeds at the operator, never calls back
    expect(await checkPayment(student, started.id)).toMatchObject({ status: "succeeded", credited: true });
    const again = await student.functions.invoke("payments-check", { body: { payment_id: started.id } });
    expect(again.data).toMatchObject({ status: "succeeded", credited: false });
    expect(await receipts(started.id)).toHaveLength(1);
    // Nobody else's payment: another student's id answers 404.
    const [theirs] = await stack().sql<{ id: string }>("select id from public.payments where student_id <> $1 limit 1", [studentId]);
    const foreign = await student.functions.invoke("payments-check", { body: { payment_id: theirs.id } });
    expect((foreign.error as { context?: Response }).context?.status).toBe(404);
  });

  it("the operator is asked about a payment at most once every 10 seconds, however often the button is pressed", async () => {
    const waiting = await pay(15, "670000003"); // stays pending at the provider
    expect(await checkPayment(student, waiting.id)).toMatchObject({ status: "pending" });
    expect(await checkPayment(student, waiting.id)).toEqual({ error: "too_soon" });
    expect(await checkPayment(admin, waiting.id)).toEqual({ error: "too_soon" });
    // Ten seconds later (the last check moved back), the operator is asked again.
    await stack().sql("update private.payment_checks set checked_at = now() - interval '10 seconds' where payment_id = $1", [waiting.id]);
    expect(await checkPayment(admin, waiting.id)).toMatchObject({ status: "pending" });
    // Only the payments functions claim a check.
    expect((await student.rpc("claim_payment_check", { payment: waiting.id })).error).not.toBeNull();
  });

  it("'run it now' expires an Orange Money payment pending 45 minutes that no operator can be asked about (the review's case)", async () => {
    const [stale] = await stack().sql<{ id: string }>(
      `insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, payer_phone, created_at)
       values ($1, $2, $3, 100000, 'orange_money', 'pending', '+237690000000', now() - interval '45 minutes') returning id`,
      [studentId, fee, lines[9]],
    );
    const { data, error } = await admin.functions.invoke("worker-tick", { method: "POST", body: {} });
    expect(error).toBeNull();
    expect(data.payments.expired).toBeGreaterThanOrEqual(1);
    expect(await payment(stale.id)).toMatchObject({ status: "expired", failure_reason: "expired" });
  });

  it("the bursar closes a stuck payment as failed with a reason (audited); nobody else may", async () => {
    const stuck = await pay(10, "670000003").catch(() => null); // line 10 already holds one: refused
    expect(stuck).toBeNull();
    const [open] = await stack().sql<{ id: string }>("select id from public.payments where instalment_id = $1 and status = 'pending'", [lines[10]]);
    expect((await student.rpc("close_stuck_payment", { payment: open.id, outcome: "failed", reason: "Bloqué" })).error).not.toBeNull();
    expect((await admin.rpc("close_stuck_payment", { payment: open.id, outcome: "failed", reason: "" })).error?.message).toMatch(/reason/);
    expect((await admin.rpc("close_stuck_payment", { payment: open.id, outcome: "succeeded", reason: "Payé" })).error).not.toBeNull();
    await closeStuckPayment(admin, open.id, "failed", "L'opérateur ne répond plus depuis 2 h");
    expect(await payment(open.id)).toMatchObject({ status: "failed", failure_reason: "closed_by_bursar" });
    const audit = await stack().sql<{ details: { reason: string } }>("select details from public.audit_log where action = 'payment.closed' and target_id = $1", [open.id]);
    expect(audit[0].details.reason).toBe("L'opérateur ne répond plus depuis 2 h");
    // The line is free again.
    expect((await pay(10, "670000005")).status).toBe("pending");
  });
});
