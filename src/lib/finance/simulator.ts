// The payment simulator (the default with `npm start` and in tests): behaves like an
// operator, chosen by the phone number's last digit, and keeps no state (the outcome
// follows from the number), so the callback function and the worker's reconciler agree.
//
//   …1  insufficient funds (fails)          …3  stays pending for ever (the reconciler expires it)
//   …2  declined by the payer (fails)       …4  succeeds but never calls back (the reconciler credits it)
//   any other last digit: succeeds and calls back after `callbackDelayMs`.
import { sign, verify } from "./signature.ts";
import type { InitiateResult, PaymentProvider, PaymentRef, PaymentRequest, ProviderStatus, VerifiedCallback } from "./provider.ts";

export type SimulatedBehaviour = "success" | "insufficient_funds" | "declined" | "pending_forever" | "no_callback";

export function simulatedBehaviour(phone: string | null): SimulatedBehaviour {
  switch ((phone ?? "").replace(/\D/g, "").slice(-1)) {
    case "1":
      return "insufficient_funds";
    case "2":
      return "declined";
    case "3":
      return "pending_forever";
    case "4":
      return "no_callback";
    default:
      return "success";
  }
}

export const SIMULATOR_SIGNATURE_HEADER = "x-simulator-signature";

export interface SimulatorOptions {
  secret: string;
  /** Headers the callback must carry to reach the function (the local gateway's apikey). */
  callbackHeaders?: Record<string, string>;
  callbackDelayMs?: number;
  /** How to call back; tests replace it. */
  fetch?: typeof fetch;
}

export class SimulatorProvider implements PaymentProvider {
  readonly name = "simulator";
  private readonly options: SimulatorOptions;
  constructor(options: SimulatorOptions) {
    this.options = options;
  }

  static operatorReference(key: string): string {
    return `SIM-${key.replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  }

  async initiate(request: PaymentRequest): Promise<InitiateResult> {
    const behaviour = simulatedBehaviour(request.phone);
    if (behaviour !== "pending_forever" && behaviour !== "no_callback") {
      const { outcome } = await this.status({ key: request.key, phone: request.phone });
      const body = JSON.stringify({ key: request.key, outcome });
      const headers = { "content-type": "application/json", ...this.options.callbackHeaders, [SIMULATOR_SIGNATURE_HEADER]: await sign(this.options.secret, body) };
      const send = this.options.fetch ?? fetch;
      setTimeout(() => {
        send(request.callbackUrl, { method: "POST", headers, body }).catch(() => undefined);
      }, this.options.callbackDelayMs ?? 1500);
    }
    return { accepted: true, operatorReference: SimulatorProvider.operatorReference(request.key) };
  }

  async status(ref: PaymentRef): Promise<ProviderStatus> {
    const operatorReference = SimulatorProvider.operatorReference(ref.key);
    switch (simulatedBehaviour(ref.phone)) {
      case "insufficient_funds":
        return { outcome: "failed", reason: "insufficient_funds", operatorReference };
      case "declined":
        return { outcome: "failed", reason: "declined", operatorReference };
      case "pending_forever":
        return { outcome: "pending" };
      default:
        return { outcome: "succeeded", operatorReference };
    }
  }

  async verifyCallback(request: { url: string; headers: Headers; body: string }): Promise<VerifiedCallback | null> {
    if (!(await verify(this.options.secret, request.body, request.headers.get(SIMULATOR_SIGNATURE_HEADER)))) return null;
    try {
      const parsed = JSON.parse(request.body) as { key?: unknown; outcome?: unknown };
      if (typeof parsed.key !== "string") return null;
      const claimed = parsed.outcome === "succeeded" || parsed.outcome === "failed" ? parsed.outcome : "pending";
      return { key: parsed.key, claimed };
    } catch {
      return null;
    }
  }
}
