// The Orange Money Cameroun adapter (issue 14) against a local contract server that follows
// Orange's documented requests and answers (tests/fixtures/orange-money-contract.ts): the
// student pays through the real payments-initiate function with PAYMENTS_PROVIDER=live;
// token, mp/init, mp/pay as documented; Orange's notification is verified, then the status
// re-queried by payToken before crediting; each of Orange's statuses mapped; error answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { startOrangeContract, type OrangeContract } from "../../fixtures/orange-money-contract.ts";
import { sign } from "../../../src/lib/finance/signature.ts";
import { providersFromEnv, reconcilePayments } from "../../../src/lib/finance/payments.ts";
import { OrangeMoneyProvider, orangeMoneyConfigFromEnv } from "../../../src/lib/finance/orange-money.ts";

const stack = useLocalStack();
let student: SupabaseClient;
let service: SupabaseClient;
let fee: string;
const lines: string[] = [];
let orange: OrangeContract;

const orangeEnv = () => ({
  PAYMENTS_PROVIDER: "live",
  ORANGE_MONEY_BASE_URL: `${orange.url}/`,
  ORANGE_MONEY_USERNAME: orange.username,
  ORANGE_MONEY_PASSWORD: orange.password,
  ORANGE_MONEY_X_AUTH_TOKEN: orange.xAuthToken,
  ORANGE_MONEY_CHANNEL_MSISDN: `+237 ${orange.channelMsisdn}`,
  ORANGE_MONEY_PIN: orange.pin,
});

beforeAll(async () => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
  student = await signInAs(stack(), account.email, account.password);
  service = stack().client({ secret: true });
  const studentId = (await student.auth.getUser()).data.user!.id;
  const [row] = await stack().sql<{ id: string }>(
    `insert into public.fee_schedules (academic_year_id, programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
     select academic_year_id, programme_id, 'Test Orange', 'Orange test', 0, 500000 from public.fee_schedules where programme_id is not null limit 1
     returning id`,
  );
  for (let i = 1; i <= 5; i++) {
    const [line] = await stack().sql<{ id: string }>(
      "insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on) values ($1, $2, $3, $4, 100000, '2030-01-01') returning id",
      [row.id, i, `Tranche ${i}`, `Instalment ${i}`],
    );
    lines.push(line.id);
  }
  fee = (await stack().sql<{ id: string }>("insert into public.student_fees (student_id, fee_schedule_id) values ($1, $2) returning id", [studentId, row.id]))[0].id;
  orange = await startOrangeContract();
  Object.assign(process.env, orangeEnv());
});
afterAll(async () => {
  for (const name of Object.keys(orangeEnv())) delete process.env[name];
  await orange?.close();
});

async function pay(line: number, phone: string) {
  const { data, error } = await student.functions.invoke("payments-initiate", {
    body: { student_fee_id: fee, instalment_id: lines[line], channel: "orange_money", phone },
  });
  if (error) throw new Error(`${error.message}: ${await (error as { context?: Response }).context?.text()}`);
  return data as { id: string; status: string; failure_reason: string | null };
}
const payment = async (id: string) =>
  (
    await stack().sql<{ status: string; failure_reason: string | null; idempotency_key: string; reference: string | null; provider: string }>(
      "select status, failure_reason, idempotency_key, reference, provider from public.payments where id = $1",
      [id],
    )
  )[0];
const credits = async (id: string) => (await stack().sql<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'payment.succeeded' and target_id = $1", [id]))[0].n;
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("Orange Money through the payment functions", () => {
  it("gets a token, inits, asks to pay as documented; the notification is verified and re-queried, credited once", async () => {
    const started = await pay(0, "+237 6 99 00 00 06");
    expect(started.status).toBe("pending");
    const [token, init, payCall] = orange.requests;
    expect(token).toMatchObject({ method: "POST", path: "/token", body: "grant_type=client_credentials" });
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${orange.username}:${orange.password}`).toString("base64")}`);
    expect(init).toMatchObject({ method: "POST", path: "/omcoreapis/1.0.2/mp/init" });
    expect(init.headers["x-auth-token"]).toBe(orange.xAuthToken);
    expect(init.headers.authorization).toMatch(/^Bearer /);
    const body = JSON.parse(payCall.body);
    const { idempotency_key } = await payment(started.id);
    expect(body).toMatchObject({ subscriberMsisdn: "699000006", channelUserMsisdn: orange.channelMsisdn, pin: orange.pin, amount: "100000", orderId: idempotency_key });
    expect(body.payToken).toMatch(/^MP/);
    expect(new URL(body.notifUrl).searchParams.get("provider")).toBe("orange_money");

    const done = await until(
      () => payment(started.id),
      (p) => p.status !== "pending",
    );
    expect(done).toMatchObject({ status: "succeeded", provider: "orange_money" });
    expect(done.reference).toMatch(/^MP\d+\.\d+\.A\d+$/); // Orange's txnid on the receipt
    expect(
      await until(
        async () => orange.notifications.length,
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(orange.requests.some((r) => r.path.startsWith("/omcoreapis/1.0.2/mp/paymentstatus/"))).toBe(true);
    // Orange's notification replayed: answered, credited once.
    const replay = await fetch(orange.notifications[0].url, { method: "POST", body: orange.notifications[0].body });
    expect(await replay.json()).toMatchObject({ status: "succeeded", credited: false });
    expect(await credits(started.id)).toBe(1);
    // Another payToken in the URL breaks the token.
    const tampered = new URL(orange.notifications[0].url);
    tampered.searchParams.set("pt", "MPFORGED000001");
    expect((await fetch(tampered, { method: "POST", body: "{}" })).status).toBe(401);
    const { data: receipts } = await student.from("receipts").select("details").eq("payment_id", started.id);
    expect(receipts).toHaveLength(1);
  });

  it("a notification claiming success that Orange does not confirm credits nothing; the reconciler settles by payToken", async () => {
    const stuck = await pay(1, "699000003"); // stays PENDING at Orange
    const silent = await pay(2, "699000004"); // succeeds, Orange never notifies
    const { idempotency_key, reference } = await payment(stuck.id);
    expect(reference).toMatch(/^MP/); // the payToken, kept while pending
    const url = new URL(`${stack().url}/functions/v1/payments-callback`);
    url.search = new URLSearchParams({
      apikey: stack().keys.publishableKey,
      provider: "orange_money",
      ref: idempotency_key,
      pt: reference!,
      token: await sign(stack().keys.secretKey, `${idempotency_key}:${reference}`),
    }).toString();
    const forged = await fetch(url, { method: "POST", body: JSON.stringify({ payToken: reference, status: "SUCCESSFULL" }) });
    expect(await forged.json()).toMatchObject({ status: "pending", credited: false });
    expect((await payment(stuck.id)).status).toBe("pending");

    const providers = providersFromEnv({ ...orangeEnv(), SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: stack().keys.secretKey });
    const result = await reconcilePayments(service, providers, { afterMinutes: 0, expireAfterMinutes: 60 });
    expect(result.errors).toBe(0);
    expect((await payment(silent.id)).status).toBe("succeeded");
    expect((await payment(stuck.id)).status).toBe("pending");
  });

  it("records why Orange failed a payment (insufficient balance)", async () => {
    const poor = await pay(3, "699000001");
    expect(poor.status).toBe("pending");
    expect(
      await until(
        () => payment(poor.id),
        (p) => p.status !== "pending",
      ),
    ).toMatchObject({ status: "failed", failure_reason: "insufficient_funds" });
  });
});

describe("Orange Money answers mapped", () => {
  const provider = () => new OrangeMoneyProvider(orangeMoneyConfigFromEnv(orangeEnv(), "secret")!);
  const ask = async (phone: string) => {
    const p = provider();
    const started = await p.initiate({ key: crypto.randomUUID(), amountXaf: 2500, phone, message: "Frais d'inscription", callbackUrl: "http://127.0.0.1:9/cb" });
    expect(started).toMatchObject({ accepted: true });
    return p.status({ key: "x", phone, reference: (started as { operatorReference: string }).operatorReference });
  };

  it("maps each status, the unknown payToken and the error answers", async () => {
    expect(orangeMoneyConfigFromEnv({}, "s")).toBeNull();
    expect(await ask("+237699000008")).toMatchObject({ outcome: "succeeded", operatorReference: expect.stringMatching(/^MP/) });
    expect(await ask("699000003")).toEqual({ outcome: "pending" });
    expect(await ask("699000001")).toMatchObject({ outcome: "failed", reason: "insufficient_funds" });
    expect(await ask("699000002")).toMatchObject({ outcome: "failed", reason: "declined" }); // CANCELLED by the payer
    expect(await ask("699000007")).toMatchObject({ outcome: "expired", reason: "expired" });
    expect(await provider().status({ key: "x", phone: null, reference: "MPUNKNOWN" })).toEqual({ outcome: "failed", reason: "not_found" });
    expect(await provider().status({ key: "x", phone: null, reference: null })).toEqual({ outcome: "pending" });
    // An error answer: Orange refuses a number that is not an Orange Money account.
    expect(await provider().initiate({ key: crypto.randomUUID(), amountXaf: 2500, phone: "+33612345678", message: "x", callbackUrl: "http://127.0.0.1:9/cb" })).toEqual({
      accepted: false,
      reason: "payer_not_found",
    });
    // Wrong merchant credentials: an error, never a payment.
    const wrong = new OrangeMoneyProvider({ ...orangeMoneyConfigFromEnv(orangeEnv(), "secret")!, xAuthToken: "nope" });
    await expect(wrong.status({ key: "x", phone: null, reference: "MP1" })).rejects.toThrow(/paymentstatus: HTTP 401/);
    const badLogin = new OrangeMoneyProvider({ ...orangeMoneyConfigFromEnv(orangeEnv(), "secret")!, password: "nope" });
    await expect(badLogin.initiate({ key: crypto.randomUUID(), amountXaf: 1, phone: "699000006", message: "x", callbackUrl: "http://127.0.0.1:9/cb" })).rejects.toThrow(/token: HTTP 401/);
  });
});
