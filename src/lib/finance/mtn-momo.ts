// MTN MoMo Collections (momodeveloper.mtn.com, "Collection" product), as documented:
//   POST {base}/collection/token/            Basic apiUser:apiKey + Ocp-Apim-Subscription-Key
//                                            → 200 { access_token, token_type, expires_in }
//   POST {base}/collection/v1_0/requesttopay Bearer token, X-Reference-Id (UUID v4, ours: the
//                                            idempotency key), X-Target-Environment,
//                                            X-Callback-Url, Ocp-Apim-Subscription-Key;
//                                            body { amount, currency, externalId, payer
//                                            { partyIdType: "MSISDN", partyId }, payerMessage,
//                                            payeeNote } → 202 Accepted (409 duplicate id)
//   GET  {base}/collection/v1_0/requesttopay/{referenceId}
//                                            → 200 { amount, currency, financialTransactionId,
//                                            externalId, payer, status: PENDING | SUCCESSFUL |
//                                            FAILED, reason } (404 unknown id)
//   The callback: MTN sends the same RequestToPayResult body to X-Callback-Url, once, with
//   no retry and no signature. We therefore put a token in the callback URL (the HMAC of the
//   reference id) and always re-query the status before crediting.
import { sign, verify } from "./signature.ts";
import { msisdn, type FailureReason, type InitiateResult, type PaymentProvider, type PaymentRef, type PaymentRequest, type ProviderStatus, type VerifiedCallback } from "./provider.ts";

export interface MtnMomoConfig {
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** "sandbox" or "mtncameroon" in production. */
  targetEnvironment: string;
  /** XAF in Cameroon (the sandbox only accepts EUR). */
  currency: string;
  /** Signs the token in the callback URL. */
  callbackSecret: string;
  fetch?: typeof fetch;
}

/** The configuration from the environment, or null when MTN is not configured. */
export function mtnMomoConfigFromEnv(env: Record<string, string | undefined>, callbackSecret: string): MtnMomoConfig | null {
  const { MTN_MOMO_BASE_URL, MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER, MTN_MOMO_API_KEY } = env;
  if (!MTN_MOMO_BASE_URL || !MTN_MOMO_SUBSCRIPTION_KEY || !MTN_MOMO_API_USER || !MTN_MOMO_API_KEY) return null;
  return {
    baseUrl: MTN_MOMO_BASE_URL.replace(/\/+$/, ""),
    subscriptionKey: MTN_MOMO_SUBSCRIPTION_KEY,
    apiUser: MTN_MOMO_API_USER,
    apiKey: MTN_MOMO_API_KEY,
    targetEnvironment: env.MTN_MOMO_TARGET_ENVIRONMENT ?? "sandbox",
    currency: env.MTN_MOMO_CURRENCY ?? "XAF",
    callbackSecret,
  };
}

const REASONS: Record<string, FailureReason> = {
  NOT_ENOUGH_FUNDS: "insufficient_funds",
  APPROVAL_REJECTED: "declined",
  PAYER_NOT_FOUND: "payer_not_found",
  EXPIRED: "expired",
  PAYER_LIMIT_REACHED: "limit_reached",
};

export class MtnMomoProvider implements PaymentProvider {
  readonly name = "mtn_momo";
  private readonly config: MtnMomoConfig;
  private token: { value: string; expires: number } | undefined;
  constructor(config: MtnMomoConfig) {
    this.config = config;
  }

  private get fetch() {
    return this.config.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 30_000) return this.token.value;
    const response = await this.fetch(`${this.config.baseUrl}/collection/token/`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${this.config.apiUser}:${this.config.apiKey}`)}`,
        "ocp-apim-subscription-key": this.config.subscriptionKey,
      },
    });
    if (!response.ok) throw new Error(`MTN MoMo token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("MTN MoMo token: no access_token");
    this.token = { value: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.accessToken()}`,
      "x-target-environment": this.config.targetEnvironment,
      "ocp-apim-subscription-key": this.config.subscriptionKey,
      ...extra,
    };
  }

  async initiate(request: PaymentRequest): Promise<InitiateResult> {
    const callback = new URL(request.callbackUrl);
    callback.searchParams.set("provider", this.name);
    callback.searchParams.set("ref", request.key);
    callback.searchParams.set("token", await sign(this.config.callbackSecret, request.key));
    const response = await this.fetch(`${this.config.baseUrl}/collection/v1_0/requesttopay`, {
      method: "POST",
      headers: await this.headers({
        "x-reference-id": request.key,
        "x-callback-url": callback.toString(),
        "content-type": "application/json",
      }),
      body: JSON.stringify({
        amount: String(request.amountXaf),
        currency: this.config.currency,
        externalId: request.key,
        payer: { partyIdType: "MSISDN", partyId: msisdn(request.phone) },
        // MTN refuses more than 160 characters and some punctuation (apostrophes).
        payerMessage: request.message.replace(/['’]/g, " ").slice(0, 160),
        payeeNote: request.message.replace(/['’]/g, " ").slice(0, 160),
      }),
    });
    // 409: this reference id was already submitted (a retry of the same payment): accepted.
    if (response.status === 202 || response.status === 409) return { accepted: true };
    if (response.status === 400 || response.status === 404) return { accepted: false, reason: "payer_not_found" };
    throw new Error(`MTN MoMo requesttopay: HTTP ${response.status}`);
  }

  async status(ref: PaymentRef): Promise<ProviderStatus> {
    const response = await this.fetch(`${this.config.baseUrl}/collection/v1_0/requesttopay/${encodeURIComponent(ref.key)}`, {
      headers: await this.headers(),
    });
    if (response.status === 404) return { outcome: "failed", reason: "not_found" };
    if (!response.ok) throw new Error(`MTN MoMo status: HTTP ${response.status}`);
    const body = (await response.json()) as { status?: string; reason?: string | { code?: string }; financialTransactionId?: string | number };
    const operatorReference = body.financialTransactionId != null ? String(body.financialTransactionId) : undefined;
    const reasonCode = typeof body.reason === "string" ? body.reason : body.reason?.code;
    switch (body.status) {
      case "SUCCESSFUL":
        return { outcome: "succeeded", operatorReference };
      case "FAILED":
        return reasonCode === "EXPIRED"
          ? { outcome: "expired", reason: "expired", operatorReference }
          : { outcome: "failed", reason: REASONS[reasonCode ?? ""] ?? "provider_error", operatorReference };
      default:
        return { outcome: "pending", operatorReference };
    }
  }

  async verifyCallback(request: { url: string; headers: Headers; body: string }): Promise<VerifiedCallback | null> {
    const url = new URL(request.url);
    const key = url.searchParams.get("ref");
    if (!key || !(await verify(this.config.callbackSecret, key, url.searchParams.get("token")))) return null;
    let claimed: VerifiedCallback["claimed"] = "pending";
    try {
      const body = JSON.parse(request.body) as { status?: string; referenceId?: string };
      if (body.referenceId && body.referenceId !== key) return null;
      claimed = body.status === "SUCCESSFUL" ? "succeeded" : body.status === "FAILED" ? "failed" : "pending";
    } catch {
      // An empty or odd body is fine: the status is re-queried anyway.
    }
    return { key, claimed };
  }
}
