// Orange Money Cameroun, merchant payment by USSD push ("API Webpaiement Orange Money
// USSD", the omcoreapis "mp" API that Orange Money Cameroun gives its merchants through
// their WebPaiement aggregator; followed as documented in the integration guide
// https://www.y-note.cm/integration-de-lapi-local-orange-money/ and the partners' SDKs):
//   POST {base}/token                         Basic base64(username:password), form body
//                                             grant_type=client_credentials
//                                             → 200 { access_token, scope, token_type: "Bearer", expires_in }
//   POST {base}/omcoreapis/1.0.2/mp/init      Bearer token + X-AUTH-TOKEN (the merchant's)
//                                             → 200 { message, data: { payToken } }
//   POST {base}/omcoreapis/1.0.2/mp/pay       Bearer + X-AUTH-TOKEN, JSON { notifUrl, channelUserMsisdn
//                                             (the merchant number), amount (whole francs, no comma),
//                                             subscriberMsisdn (the payer, 9 digits without 237), pin (the
//                                             merchant's), orderId, description, payToken }
//                                             → 200 { message, data: { payToken, txnid, status: "PENDING",
//                                             inittxnstatus, inittxnmessage, confirmtxnstatus, confirmtxnmessage, … } }
//                                             The payer gets a USSD prompt and approves with their PIN.
//   GET  {base}/omcoreapis/1.0.2/mp/paymentstatus/{payToken}
//                                             → 200 { message, data: { …, status: PENDING | SUCCESSFULL |
//                                             FAILED | EXPIRED | CANCELLED, txnid } } ("SUCCESSFULL" is Orange's spelling)
//   The notification: Orange POSTs { payToken, status, message } to notifUrl once the payer
//   answered, unsigned. So, as for MTN, the notifUrl we give carries the payment key, the
//   payToken and an HMAC token over both; the status is always re-queried by payToken before
//   crediting. The payToken is the reference we store while the payment is pending (the
//   reconciler queries with it); on success the receipt shows Orange's txnid instead.
import { sign, verify } from "./signature.ts";
import { msisdn, type FailureReason, type InitiateResult, type PaymentProvider, type PaymentRef, type PaymentRequest, type ProviderStatus, type VerifiedCallback } from "./provider.ts";

export interface OrangeMoneyConfig {
  /** https://api-s1.orange.cm in production (the aggregator may give another host). */
  baseUrl: string;
  username: string;
  password: string;
  /** The merchant's X-AUTH-TOKEN. */
  xAuthToken: string;
  /** The merchant (channel user) number, 9 digits. */
  channelMsisdn: string;
  /** The merchant's PIN: server-side only. */
  pin: string;
  /** "1.0.2" today. */
  apiVersion: string;
  /** Signs the token in the notification URL. */
  callbackSecret: string;
  fetch?: typeof fetch;
}

/** The configuration from the environment, or null when Orange Money is not configured. */
export function orangeMoneyConfigFromEnv(env: Record<string, string | undefined>, callbackSecret: string): OrangeMoneyConfig | null {
  const { ORANGE_MONEY_BASE_URL, ORANGE_MONEY_USERNAME, ORANGE_MONEY_PASSWORD, ORANGE_MONEY_X_AUTH_TOKEN, ORANGE_MONEY_CHANNEL_MSISDN, ORANGE_MONEY_PIN } = env;
  if (!ORANGE_MONEY_BASE_URL || !ORANGE_MONEY_USERNAME || !ORANGE_MONEY_PASSWORD || !ORANGE_MONEY_X_AUTH_TOKEN || !ORANGE_MONEY_CHANNEL_MSISDN || !ORANGE_MONEY_PIN) return null;
  return {
    baseUrl: ORANGE_MONEY_BASE_URL.replace(/\/+$/, ""),
    username: ORANGE_MONEY_USERNAME,
    password: ORANGE_MONEY_PASSWORD,
    xAuthToken: ORANGE_MONEY_X_AUTH_TOKEN,
    channelMsisdn: local(ORANGE_MONEY_CHANNEL_MSISDN),
    pin: ORANGE_MONEY_PIN,
    apiVersion: env.ORANGE_MONEY_API_VERSION ?? "1.0.2",
    callbackSecret,
  };
}

/** Orange wants Cameroonian numbers without the country code: 6XXXXXXXX. */
function local(phone: string): string {
  return msisdn(phone).replace(/^237(?=\d{9}$)/, "");
}

interface OrangeTransaction {
  status?: string;
  txnid?: string | number | null;
  payToken?: string;
  inittxnmessage?: string | null;
  confirmtxnmessage?: string | null;
}

/** Orange's status of a transaction → ours. */
export function orangeOutcome(data: OrangeTransaction): ProviderStatus {
  const operatorReference = data.txnid != null && data.txnid !== "" ? String(data.txnid) : undefined;
  switch (data.status) {
    case "SUCCESSFULL":
    case "SUCCESSFUL":
      return { outcome: "succeeded", operatorReference };
    case "EXPIRED":
      return { outcome: "expired", reason: "expired", operatorReference };
    case "CANCELLED":
      return { outcome: "failed", reason: "declined", operatorReference };
    case "FAILED": {
      const said = `${data.confirmtxnmessage ?? ""} ${data.inittxnmessage ?? ""}`;
      const reason: FailureReason = /solde|insuffi|balance/i.test(said) ? "insufficient_funds" : "declined";
      return { outcome: "failed", reason, operatorReference };
    }
    default:
      return { outcome: "pending" };
  }
}

export class OrangeMoneyProvider implements PaymentProvider {
  readonly name = "orange_money";
  private readonly config: OrangeMoneyConfig;
  private token: { value: string; expires: number } | undefined;
  constructor(config: OrangeMoneyConfig) {
    this.config = config;
  }

  private get fetch() {
    return this.config.fetch ?? fetch;
  }

  private url(path: string): string {
    return `${this.config.baseUrl}/omcoreapis/${this.config.apiVersion}/mp/${path}`;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 30_000) return this.token.value;
    const response = await this.fetch(`${this.config.baseUrl}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${this.config.username}:${this.config.password}`)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    if (!response.ok) throw new Error(`Orange Money token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number | string };
    if (!body.access_token) throw new Error("Orange Money token: no access_token");
    this.token = { value: body.access_token, expires: Date.now() + Number(body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async headers(): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.accessToken()}`,
      "x-auth-token": this.config.xAuthToken,
      "content-type": "application/json",
      accept: "application/json",
    };
  }

  async initiate(request: PaymentRequest): Promise<InitiateResult> {
    const init = await this.fetch(this.url("init"), { method: "POST", headers: await this.headers() });
    if (!init.ok) throw new Error(`Orange Money mp/init: HTTP ${init.status}`);
    const payToken = ((await init.json()) as { data?: { payToken?: string } }).data?.payToken;
    if (!payToken) throw new Error("Orange Money mp/init: no payToken");

    const notif = new URL(request.callbackUrl);
    notif.searchParams.set("provider", this.name);
    notif.searchParams.set("ref", request.key);
    notif.searchParams.set("pt", payToken);
    notif.searchParams.set("token", await sign(this.config.callbackSecret, `${request.key}:${payToken}`));
    const response = await this.fetch(this.url("pay"), {
      method: "POST",
      headers: await this.headers(),
      body: JSON.stringify({
        notifUrl: notif.toString(),
        channelUserMsisdn: this.config.channelMsisdn,
        amount: String(request.amountXaf),
        subscriberMsisdn: local(request.phone),
        pin: this.config.pin,
        orderId: request.key,
        description: request.message.replace(/['’"]/g, " ").slice(0, 125),
        payToken,
      }),
    });
    // 4xx: Orange refused the request (an unknown or non-Orange payer number, a bad amount).
    if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 403) {
      return { accepted: false, reason: "payer_not_found" };
    }
    if (!response.ok) throw new Error(`Orange Money mp/pay: HTTP ${response.status}`);
    const data = ((await response.json()) as { data?: OrangeTransaction }).data ?? {};
    if (data.status === "FAILED") return { accepted: false, reason: orangeOutcome(data).reason ?? "declined" };
    return { accepted: true, operatorReference: payToken };
  }

  async status(ref: PaymentRef): Promise<ProviderStatus> {
    // Without its payToken a payment cannot be asked about: it stays open, and the
    // reconciler expires it (the bursar's queue shows it).
    if (!ref.reference) return { outcome: "pending" };
    const response = await this.fetch(this.url(`paymentstatus/${encodeURIComponent(ref.reference)}`), { headers: await this.headers() });
    if (response.status === 404) return { outcome: "failed", reason: "not_found" };
    if (!response.ok) throw new Error(`Orange Money paymentstatus: HTTP ${response.status}`);
    const data = ((await response.json()) as { data?: OrangeTransaction | null }).data;
    if (!data) return { outcome: "failed", reason: "not_found" };
    return orangeOutcome(data);
  }

  async verifyCallback(request: { url: string; headers: Headers; body: string }): Promise<VerifiedCallback | null> {
    const url = new URL(request.url);
    const key = url.searchParams.get("ref");
    const payToken = url.searchParams.get("pt");
    if (!key || !payToken || !(await verify(this.config.callbackSecret, `${key}:${payToken}`, url.searchParams.get("token")))) return null;
    let claimed: VerifiedCallback["claimed"] = "pending";
    try {
      const body = JSON.parse(request.body) as { payToken?: string; status?: string };
      if (body.payToken && body.payToken !== payToken) return null;
      const said = orangeOutcome({ status: body.status }).outcome;
      claimed = said === "succeeded" || said === "failed" ? said : "pending";
    } catch {
      // An empty or odd body is fine: the status is re-queried anyway.
    }
    return { key, claimed, reference: payToken };
  }
}
