// Rate limits in front of the local auth endpoints, as hosted GoTrue has them: per client
// address on sign-in/sign-up and on e-mail requests (429 over_request_rate_limit /
// over_email_send_rate_limit), plus a per-account limit on failed password sign-ins, which
// counts failures only (a user who types the right password is never slowed by others'
// successes). Counters live in memory, per stack, in sliding windows.
import type { LocalContext, RateLimit } from "../context.ts";
import { authError } from "./http.ts";

const stores = new WeakMap<object, Map<string, number[]>>();

function hits(context: LocalContext, key: string, windowSeconds: number): number[] {
  let store = stores.get(context);
  if (!store) stores.set(context, (store = new Map()));
  const since = Date.now() - windowSeconds * 1000;
  const kept = (store.get(key) ?? []).filter((at) => at > since);
  store.set(key, kept);
  return kept;
}

/** Counts one request under `key`; true when it is over the limit (and then not counted). */
export function overLimit(context: LocalContext, key: string, limit: RateLimit): boolean {
  const list = hits(context, key, limit.windowSeconds);
  if (list.length >= limit.max) return true;
  list.push(Date.now());
  return false;
}

/** True when `key` already reached the limit (nothing counted). */
export function atLimit(context: LocalContext, key: string, limit: RateLimit): boolean {
  return hits(context, key, limit.windowSeconds).length >= limit.max;
}

/** Counts one event under `key` (e.g. a failed sign-in). */
export function count(context: LocalContext, key: string, limit: RateLimit): void {
  hits(context, key, limit.windowSeconds).push(Date.now());
}

/** GoTrue's answer when an address or an account sends too many requests. */
export const tooManyRequests = () => authError(429, "over_request_rate_limit", "Request rate limit reached");

/** GoTrue's answer when too many e-mails were asked for. */
export const tooManyEmails = (msg = "Email rate limit exceeded") => authError(429, "over_email_send_rate_limit", msg);

export const peerKey = (peer: string | null | undefined) => peer || "in-process";
