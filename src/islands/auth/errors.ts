// Server answers to form messages in the user's language (weak password reasons included).
import type { Translate } from "../../lib/translate.ts";
import { authErrorKey, retryAfterSeconds, weakPasswordReasonKeys, type AuthErrorLike } from "../../lib/auth/messages.ts";

export interface ShownError {
  message: string;
  items?: string[];
}

/** `t`: the islands' or the dashboard's Translate (lib/translate.ts). */
export function explain(t: Translate | ((key: string) => string), error: unknown): ShownError {
  const e = (error ?? {}) as AuthErrorLike;
  // A new code or link asked for too soon: say how long to wait, never GoTrue's English.
  const wait = retryAfterSeconds(e);
  if (wait !== null) return { message: (t as Translate)("auth.errors.waitSeconds", { count: wait }) };
  const key = authErrorKey(e);
  if (e.code === "weak_password") return { message: t(key), items: weakPasswordReasonKeys(e.reasons ?? ["unknown"]).map((k) => t(k)) };
  return { message: t(key) };
}

// An e-mailed auth link that failed comes back to its page with GoTrue's error in the
// fragment (#error=access_denied&error_code=otp_expired&error_description=…, English): the
// page says it in its own language with the way forward instead.

/** True when the URL's fragment (or query) carries a failed auth link. */
export function failedAuthLink(hash: string, search = ""): boolean {
  for (const part of [hash.replace(/^#/, ""), search.replace(/^\?/, "")]) {
    const params = new URLSearchParams(part);
    if (params.get("error") || params.get("error_code")) return true;
  }
  return false;
}
