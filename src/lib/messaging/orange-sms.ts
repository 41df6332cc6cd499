// SMS through Orange's SMS API (Orange Developer, "SMS Africa and Middle East", which covers
// Cameroon): an OAuth 2.0 client-credentials token from /oauth/v3/token (valid about an
// hour, reused until shortly before it expires), then
//   POST /smsmessaging/v1/outbound/tel%3A%2B{sender}/requests
//   { "outboundSMSMessageRequest": { "address": "tel:+237…", "senderAddress": "tel:+{sender}",
//     "senderName"?: "…", "outboundSMSTextMessage": { "message": "…" } } }
// answered 201 with the request echoed and a resourceURL naming it (our provider id).
import { maskRecipient } from "./mask.ts";
import type { Log, MessageSender, OutgoingMessage, SendResult } from "./types.ts";

export interface OrangeSmsConfig {
  clientId: string;
  clientSecret: string;
  /** The sender's number with country code, without + or 00 (e.g. 2370000). */
  senderAddress: string;
  /** An approved sender name, if any. */
  senderName?: string;
  /** https://api.orange.com unless overridden (tests use a local fake). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const ORANGE_API_URL = "https://api.orange.com";
/** A token is renewed this long before Orange says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class OrangeSmsSender implements MessageSender {
  private token: { value: string; expiresAt: number } | undefined;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly config: OrangeSmsConfig;
  private readonly log: Log;

  constructor(config: OrangeSmsConfig, log: Log = (line) => console.log(line)) {
    this.config = config;
    this.log = log;
    this.baseUrl = (config.baseUrl ?? ORANGE_API_URL).replace(/\/+$/, "");
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async send(message: OutgoingMessage): Promise<SendResult> {
    const result = (status: SendResult["status"], provider_id: string | null, error: string | null): SendResult => ({
      id: message.id,
      status,
      provider: "orange",
      provider_id,
      error,
    });
    if (message.channel !== "sms") return result("failed", null, "orange: only sms");
    try {
      let response = await this.post(message, await this.accessToken());
      if (response.status === 401) {
        // Revoked or expired early: one fresh token, one more try.
        this.token = undefined;
        response = await this.post(message, await this.accessToken());
      }
      if (response.status !== 201 && response.status !== 200) {
        const reason = await errorOf(response);
        this.log(`orange-sms: sms to ${maskRecipient(message.recipient)} refused: ${reason}`);
        return result("failed", null, reason);
      }
      const body = (await response.json()) as { outboundSMSMessageRequest?: { resourceURL?: string } };
      const resource = body.outboundSMSMessageRequest?.resourceURL ?? null;
      const providerId = resource ? decodeURIComponent(resource.split("/").pop() ?? resource) : null;
      this.log(`orange-sms: sms to ${maskRecipient(message.recipient)} accepted (${providerId ?? "no id"})`);
      return result("sent", providerId, null);
    } catch (error) {
      const reason = `orange: ${(error as Error).message}`.slice(0, 200);
      this.log(`orange-sms: sms to ${maskRecipient(message.recipient)} failed: ${reason}`);
      return result("failed", null, reason);
    }
  }

  private post(message: OutgoingMessage, token: string): Promise<Response> {
    const sender = `tel:+${this.config.senderAddress.replace(/^\+|^00/, "")}`;
    const address = `tel:+${message.recipient.replace(/[^\d]/g, "")}`;
    return this.fetch(`${this.baseUrl}/smsmessaging/v1/outbound/${encodeURIComponent(sender)}/requests`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        outboundSMSMessageRequest: {
          address,
          senderAddress: sender,
          ...(this.config.senderName ? { senderName: this.config.senderName } : {}),
          outboundSMSTextMessage: { message: message.body },
        },
      }),
    });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const response = await this.fetch(`${this.baseUrl}/oauth/v3/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    if (!response.ok) throw new Error(`token refused (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: string | number };
    if (!body.access_token) throw new Error("token answer without access_token");
    const lifetime = Number(body.expires_in ?? 3600) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) };
    return this.token.value;
  }
}

/** The status and Orange's message id (e.g. SVC0004); never the text, which may quote the number. */
async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { requestError?: Record<string, { messageId?: string }> };
    const exception = Object.values(body.requestError ?? {})[0];
    return `orange ${response.status}${exception?.messageId ? ` ${exception.messageId}` : ""}`;
  } catch {
    return `orange ${response.status}`;
  }
}
