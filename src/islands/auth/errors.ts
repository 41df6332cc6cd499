// Server answers to form messages in the user's language (weak password reasons included).
import type { Translate } from "../../lib/translate.ts";
import { authErrorKey, weakPasswordReasonKeys, type AuthErrorLike } from "../../lib/auth/messages.ts";

export interface ShownError {
  message: string;
  items?: string[];
}

/** `t`: the islands' or the dashboard's Translate (lib/translate.ts). */
export function explain(t: Translate | ((key: string) => string), error: unknown): ShownError {
  const e = (error ?? {}) as AuthErrorLike;
  const key = authErrorKey(e);
  if (e.code === "weak_password") return { message: t(key), items: weakPasswordReasonKeys(e.reasons ?? ["unknown"]).map((k) => t(k)) };
  return { message: t(key) };
}
