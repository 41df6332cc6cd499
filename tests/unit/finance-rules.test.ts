// Finance rules without a database: the simulator's outcomes by the phone's last digit,
// callback signatures, phone numbers, MTN's answers mapped to our outcomes.
import { describe, expect, it } from "vitest";
import { CAMEROON_MOBILE, normalizeMobile, receiptVerificationUrl, slipPath } from "../../src/lib/finance/rules.ts";
import { sign, verify } from "../../src/lib/finance/signature.ts";
import { SIMULATOR_SIGNATURE_HEADER, SimulatorProvider, simulatedBehaviour } from "../../src/lib/finance/simulator.ts";
import { MtnMomoProvider, mtnMomoConfigFromEnv } from "../../src/lib/finance/mtn-momo.ts";
import { msisdn } from "../../src/lib/finance/provider.ts";
import { providersFromEnv } from "../../src/lib/finance/payments.ts";

describe("the simulator", () => {
  it("chooses the outcome by the phone number's last digit", () => {
    expect(["+237670000001", "670000002", "6 70 00 00 03", "670000004", "670000005", "670000000"].map(simulatedBehaviour)).toEqual([
      "insufficient_funds",
      "declined",
      "pending_forever",
      "no_callback",
      "success",
      "success",
    ]);
  });

  it("answers statuses from the number alone, and accepts only its own signed callbacks", async () => {
    const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
    const simulator = new SimulatorProvider({
      secret: "s3cret",
      callbackDelayMs: 0,
      fetch: (async (url: string, init: RequestInit) => {
        sent.push({ url, body: String(init.body), headers: init.headers as Record<string, string> });
        return new Response();
      }) as typeof fetch,
    });
    const key = crypto.randomUUID();
    expect(await simulator.initiate({ key, amountXaf: 1000, phone: "670000005", message: "x", callbackUrl: "http://cb" })).toMatchObject({ accepted: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(1);
    const good = await simulator.verifyCallback({ url: "http://cb", headers: new Headers(sent[0].headers), body: sent[0].body });
    expect(good).toEqual({ key, claimed: "succeeded" });
    const tampered = sent[0].body.replace("succeeded", "failed");
    expect(await simulator.verifyCallback({ url: "http://cb", headers: new Headers(sent[0].headers), body: tampered })).toBeNull();
    expect(await simulator.verifyCallback({ url: "http://cb", headers: new Headers({ [SIMULATOR_SIGNATURE_HEADER]: "x" }), body: sent[0].body })).toBeNull();
    expect(await simulator.status({ key, phone: "670000003" })).toEqual({ outcome: "pending" });
    expect(await simulator.status({ key, phone: "670000001" })).toMatchObject({ outcome: "failed", reason: "insufficient_funds" });
    // Stays pending / never calls back: no callback sent.
    await simulator.initiate({ key: crypto.randomUUID(), amountXaf: 1, phone: "670000004", message: "x", callbackUrl: "http://cb" });
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(1);
  });
});

describe("signatures", () => {
  it("verify only the exact payload with the same secret", async () => {
    const signature = await sign("k", "payload");
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await verify("k", "payload", signature)).toBe(true);
    expect(await verify("k", "payload!", signature)).toBe(false);
    expect(await verify("other", "payload", signature)).toBe(false);
    expect(await verify("k", "payload", null)).toBe(false);
  });
});

describe("phone numbers and paths", () => {
  it("normalise Cameroonian mobile numbers", () => {
    expect(normalizeMobile("6 77 12 34 56")).toBe("+237677123456");
    expect(normalizeMobile("+237 677-12-34-56")).toBe("+237677123456");
    expect(CAMEROON_MOBILE.test(normalizeMobile("677123456"))).toBe(true);
    expect(CAMEROON_MOBILE.test(normalizeMobile("277123456"))).toBe(false);
    expect(CAMEROON_MOBILE.test(normalizeMobile("12345"))).toBe(false);
    expect(msisdn("+237 6 77 12 34 56")).toBe("237677123456");
    expect(msisdn("677123456")).toBe("237677123456");
  });

  it("keep slips in the student's folder with a safe name, and build the verification URL", () => {
    expect(slipPath("u1", "Reçu banque (1).pdf", new Date(0))).toBe("u1/0-Rec_u_banque_1_.pdf");
    expect(slipPath("u1", "...", new Date(0))).toBe("u1/0-bordereau");
    expect(slipPath("u1", "scan..final...pdf", new Date(0))).toBe("u1/0-scan.final.pdf");
    expect(receiptVerificationUrl("https://uel.cm/", "ab".repeat(16), "en")).toBe(`https://uel.cm/en/receipts/verify/?c=${"ab".repeat(16)}`);
  });
});

describe("MTN MoMo configuration and answers", () => {
  it("is configured only when every credential is set", () => {
    expect(mtnMomoConfigFromEnv({}, "s")).toBeNull();
    expect(mtnMomoConfigFromEnv({ MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com/", MTN_MOMO_SUBSCRIPTION_KEY: "a", MTN_MOMO_API_USER: "b", MTN_MOMO_API_KEY: "c" }, "s")).toMatchObject({
      baseUrl: "https://proxy.momoapi.mtn.com",
      targetEnvironment: "sandbox",
      currency: "XAF",
    });
  });

  it("maps RequestToPayResult statuses and reasons", async () => {
    const answers: Record<string, unknown> = {
      a: { status: "SUCCESSFUL", financialTransactionId: 123 },
      b: { status: "FAILED", reason: "APPROVAL_REJECTED" },
      c: { status: "FAILED", reason: "EXPIRED" },
      d: { status: "PENDING" },
      e: { status: "FAILED", reason: "INTERNAL_PROCESSING_ERROR" },
    };
    const fake = (async (url: string) => {
      if (url.endsWith("/collection/token/")) return Response.json({ access_token: "t", expires_in: 3600 });
      return Response.json(answers[url.split("/").at(-1)!]);
    }) as typeof fetch;
    const mtn = new MtnMomoProvider({ baseUrl: "http://m", subscriptionKey: "k", apiUser: "u", apiKey: "p", targetEnvironment: "sandbox", currency: "XAF", callbackSecret: "s", fetch: fake });
    expect(await mtn.status({ key: "a", phone: null })).toEqual({ outcome: "succeeded", operatorReference: "123" });
    expect(await mtn.status({ key: "b", phone: null })).toMatchObject({ outcome: "failed", reason: "declined" });
    expect(await mtn.status({ key: "c", phone: null })).toMatchObject({ outcome: "expired" });
    expect(await mtn.status({ key: "d", phone: null })).toMatchObject({ outcome: "pending" });
    expect(await mtn.status({ key: "e", phone: null })).toMatchObject({ outcome: "failed", reason: "provider_error" });
  });
});

describe("which provider takes each channel", () => {
  const local = { SUPABASE_SECRET_KEY: "s", SUPABASE_URL: "http://127.0.0.1:54321" };
  const hosted = { SUPABASE_SECRET_KEY: "s", SUPABASE_URL: "https://abcd.supabase.co" };
  const orange = {
    ORANGE_MONEY_BASE_URL: "https://api-s1.orange.cm",
    ORANGE_MONEY_USERNAME: "u",
    ORANGE_MONEY_PASSWORD: "p",
    ORANGE_MONEY_X_AUTH_TOKEN: "x",
    ORANGE_MONEY_CHANNEL_MSISDN: "691301143",
    ORANGE_MONEY_PIN: "2222",
  };

  it("is the simulator for both operators when the API is on this machine; live sends each to its configured adapter, else refuses", () => {
    for (const url of ["http://127.0.0.1:54321", "http://localhost:54321", "http://[::1]:54321"]) {
      expect(providersFromEnv({ ...local, SUPABASE_URL: url }).forChannel("orange_money")?.name).toBe("simulator");
    }
    expect(providersFromEnv(local).forChannel("mtn_momo")?.name).toBe("simulator");
    expect(providersFromEnv({ ...local, PAYMENTS_PROVIDER: "live" }).forChannel("orange_money")).toBeNull();
    const live = providersFromEnv({ ...hosted, ...orange, PAYMENTS_PROVIDER: "live" });
    expect(live.problem).toBeNull();
    expect(live.forChannel("orange_money")?.name).toBe("orange_money");
    expect(live.forChannel("mtn_momo")).toBeNull();
    // Hosted and live, the simulator is not even known: its "payments" are never credited.
    expect(Object.keys(live.byName)).toEqual(["orange_money"]);
    // Locally the simulator is known by name, so payments it started are still reconciled.
    expect(Object.keys(providersFromEnv({ ...local, ...orange }).byName).sort()).toEqual(["orange_money", "simulator"]);
  });

  it("fails closed: away from this machine, no PAYMENTS_PROVIDER is an error, and the simulator runs only when asked for", () => {
    const none = providersFromEnv(hosted);
    expect(none.problem).toMatch(/PAYMENTS_PROVIDER is not set/);
    expect(none.forChannel("mtn_momo")).toBeNull();
    expect(none.byName).toEqual({});
    expect(providersFromEnv({ SUPABASE_SECRET_KEY: "s" }).problem).toMatch(/PAYMENTS_PROVIDER/);
    // A look-alike host is not this machine.
    expect(providersFromEnv({ ...hosted, SUPABASE_URL: "https://127.0.0.1.evil.example" }).problem).not.toBeNull();
    expect(providersFromEnv({ ...hosted, PAYMENTS_PROVIDER: "simulatr" }).problem).toMatch(/must be "live" or "simulator"/);
    const asked = providersFromEnv({ ...hosted, PAYMENTS_PROVIDER: "simulator" });
    expect(asked.problem).toBeNull();
    expect(asked.forChannel("orange_money")?.name).toBe("simulator");
  });
});
