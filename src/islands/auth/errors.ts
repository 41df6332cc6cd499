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
