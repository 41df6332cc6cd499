// Rate limits in front of the local auth endpoints, as hosted GoTrue has them: per client
// address on sign-in/sign-up, code verification and e-mail requests (429
// over_request_rate_limit / over_email_send_rate_limit). On top, failed password sign-ins
// (successes are never counted):
// - per client address, whatever the accounts: a password sprayer is stopped;
// - per account: past the limit, the account refuses only the clients that have failed on
//   it, so guessing from many addresses gets one wrong guess per address, while the owner,
//   on a client that has not failed, still signs in. (An account-wide lockout, which refused
//   the right password too, let anyone lock out the registrar: review 2026-11-26, L5.)
// Counters live in memory, per stack, in sliding windows.
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

const accountKey = (email: string) => `failed-sign-in:${email}`;
const clientOnAccountKey = (email: string, peer: string | null | undefined) => `failed-sign-in:${email}:${peerKey(peer)}`;
const clientKey = (peer: string | null | undefined) => `failed-sign-in-from:${peerKey(peer)}`;

/**
 * Before a password sign-in: 429 when this client has too many failures overall, or has
 * failed on an account that is over its failure limit. `email` is lower-case (or a phone).
 */
export function refuseSignIn(context: LocalContext, peer: string | null | undefined, email: string): Response | null {
  const limits = context.auth.rateLimits;
  if (atLimit(context, clientKey(peer), limits.failedSignInPerIp)) return tooManyRequests();
  if (!email) return null;
  const clientFailed = hits(context, clientOnAccountKey(email, peer), limits.failedSignInPerAccount.windowSeconds).length > 0;
  if (clientFailed && atLimit(context, accountKey(email), limits.failedSignInPerAccount)) return tooManyRequests();
  return null;
}

/** After a password sign-in answered invalid_credentials: one failure for the client and the account. */
export function countFailedSignIn(context: LocalContext, peer: string | null | undefined, email: string): void {
  const limits = context.auth.rateLimits;
  count(context, clientKey(peer), limits.failedSignInPerIp);
  if (!email) return;
  count(context, accountKey(email), limits.failedSignInPerAccount);
  count(context, clientOnAccountKey(email, peer), limits.failedSignInPerAccount);
}
