// One interface for every mobile-money operator (DOMAIN §3): initiate a request to pay,
// ask its status, verify a callback. The simulator, MTN MoMo Collections and Orange Money
// Cameroun implement it; an aggregator (CamPay, Notch Pay, CinetPay, pawaPay) would be one
// more class. Amounts are integer XAF; `key` is our idempotency key (a UUID v4, stored on the
// payment row before initiate is called; MTN uses it as X-Reference-Id).

export type ProviderOutcome = "pending" | "succeeded" | "failed" | "expired";

/** Why a payment failed, as codes the student's page explains in plain words. */
export type FailureReason = "insufficient_funds" | "declined" | "payer_not_found" | "expired" | "limit_reached" | "provider_error" | "not_found";

export interface PaymentRequest {
  key: string;
  amountXaf: number;
  /** The payer's phone number as typed (+237 6XX XX XX XX). */
  phone: string;
  /** What appears on the payer's phone, e.g. the matricule and the instalment. */
  message: string;
  /** Where the provider should call back (our payments-callback function). */
  callbackUrl: string;
}

export interface PaymentRef {
  key: string;
  phone: string | null;
  /** The operator's reference we stored (payments.reference): Orange's payToken while pending. */
  reference?: string | null;
}

export interface ProviderStatus {
  outcome: ProviderOutcome;
  /** The operator's transaction id (printed on the receipt). */
  operatorReference?: string;
  reason?: FailureReason;
}

export type InitiateResult = { accepted: true; operatorReference?: string } | { accepted: false; reason: FailureReason };

/** A callback the provider sent, once its origin is proven: which payment it is about. */
export interface VerifiedCallback {
  key: string;
  /** What the callback claims; never trusted: the status is re-queried before crediting. */
  claimed: ProviderOutcome;
  /** An operator reference the callback's signature proves (Orange's payToken), to re-query with. */
  reference?: string;
}

export interface PaymentProvider {
  readonly name: string;
  initiate(request: PaymentRequest): Promise<InitiateResult>;
  status(ref: PaymentRef): Promise<ProviderStatus>;
  /** The callback's payment key when its signature is valid, else null. */
  verifyCallback(request: { url: string; headers: Headers; body: string }): Promise<VerifiedCallback | null>;
}

/** The digits of a phone number (E.164 without "+"): 237 and 9 digits for Cameroon. */
export function msisdn(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 9 ? `237${digits}` : digits;
}
