// Turns an auth service error into an i18n key in the user's language. The service answers
// with error_code/code and msg/message (SPEC §7); the code decides, the English text never shows.
import { isRetryable } from "../errors/classify.ts";

export interface AuthErrorLike {
  code?: string;
  status?: number;
  name?: string;
  message?: string;
  reasons?: string[];
}

const BY_CODE: Record<string, string> = {
  weak_password: "auth.errors.weakPassword",
  session_not_found: "auth.errors.sessionNotFound",
  identity_already_exists: "auth.errors.identityAlreadyExists",
  identity_not_found: "auth.errors.identityNotFound",
  single_identity_not_deletable: "auth.errors.singleIdentityNotDeletable",
  invalid_credentials: "auth.errors.invalidCredentials",
  user_already_exists: "auth.errors.alreadyRegistered",
  email_exists: "auth.errors.alreadyRegistered",
  phone_exists: "auth.errors.alreadyRegistered",
  email_not_confirmed: "auth.errors.emailNotConfirmed",
  otp_expired: "auth.errors.invalidCode",
  otp_disabled: "auth.errors.invalidCode",
  over_request_rate_limit: "auth.errors.rateLimited",
  over_email_send_rate_limit: "auth.errors.rateLimited",
  over_sms_send_rate_limit: "auth.errors.rateLimited",
  same_password: "auth.errors.samePassword",
  sms_send_failed: "auth.errors.phoneUnavailable",
  phone_provider_disabled: "auth.errors.phoneUnavailable",
  validation_failed: "auth.errors.missingIdentifier",
  mfa_verification_failed: "mfa.errors.invalidCode",
  mfa_factor_name_conflict: "mfa.errors.nameTaken",
  insufficient_aal: "mfa.errors.aal2Required",
};

export function authErrorKey(error: AuthErrorLike): string {
  if (error.code && BY_CODE[error.code]) return BY_CODE[error.code];
  if (error.message === "You must provide either an email or phone number and a password") return "auth.errors.missingIdentifier";
  if (error.status === 400 && /invalid login credentials/i.test(error.message ?? "")) return "auth.errors.invalidCredentials";
  if (isRetryable(error)) return "auth.errors.network";
  return "auth.errors.unknown";
}

/**
 * The wait GoTrue states in a rate-limit answer ("For security purposes, you can only
 * request this after 53 seconds."), so the page can say it in the user's language; null
 * for any other answer.
 */
export function retryAfterSeconds(error: AuthErrorLike): number | null {
  if (error.code !== "over_email_send_rate_limit" && error.code !== "over_request_rate_limit" && error.status !== 429) return null;
  const match = /after (\d+) seconds?/i.exec(error.message ?? "");
  return match ? Number(match[1]) : null;
}

const REASONS = new Set(["length", "characters", "pwned"]);

/** The server's weak_password reasons as i18n keys, in the server's order. */
export function weakPasswordReasonKeys(reasons: readonly string[] = []): string[] {
  return reasons.map((reason) => `auth.errors.weakReasons.${REASONS.has(reason) ? reason : "unknown"}`);
}
