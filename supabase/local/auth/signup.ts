// Self sign-up with e-mail confirmation, as hosted GoTrue does it when confirmations are on
// (the default here too): the account is created unconfirmed, the e-mail carries a code and
// a link to the API's /verify (which confirms, signs in and returns to `redirect_to`), and
// nothing says whether the address was already registered: a confirmed address gets
// GoTrue's obfuscated user (a made-up id, no identities, no session) and no e-mail, an
// unconfirmed one gets a new link (at most one a minute, as GoTrue's max frequency).
// Lite's own confirmation mail points at the site's origin instead of the API's, so the
// whole flow is answered here.
import { randomUUID } from "node:crypto";
import type { LocalContext } from "../context.ts";
import { authError, json, readJson } from "./http.ts";
import { insertUser } from "./admin.ts";
import { rows, userJson } from "./store.ts";
import { newOtp, sendTemplatedEmail, siteUrlOf, tokenHash } from "./mail.ts";
import { checkPassword } from "./passwords.ts";
import { tooManyEmails } from "./limits.ts";
import { isEmail } from "./validate.ts";

/** Where the link may send people back: the site's origin, else the site URL (GoTrue's allow list). */
export function allowedRedirect(context: LocalContext, wanted: string | null | undefined): string {
  const site = siteUrlOf(context);
  if (!wanted) return site;
  try {
    return new URL(wanted).origin === new URL(site).origin ? wanted : site;
  } catch {
    return site;
  }
}

/**
 * POST /signup with an e-mail. Returns null for what lite answers itself: a phone or a
 * missing/invalid field (lite's validation messages), or confirmations turned off.
 */
export async function signUpWithEmail(request: Request, context: LocalContext, url: URL): Promise<Response | null> {
  const body = await readJson(request.clone());
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email || !password || !isEmail(email) || password.length > 72) return null;
  const weak = checkPassword(password, context.auth.passwordPolicy);
  if (weak) return weak;
  if (!context.auth.emailConfirmations) return null;
  const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
  const redirectTo = allowedRedirect(context, url.searchParams.get("redirect_to"));

  const [existing] = await rows<{ id: string; email_confirmed_at: string | null; confirmation_sent_at: string | null }>(
    context.db,
    "select id, email_confirmed_at, confirmation_sent_at from auth.users where lower(email) = $1",
    [email],
  );
  if (existing?.email_confirmed_at) return json(obfuscatedUser(email, data));
  if (existing?.confirmation_sent_at) {
    const wait = Math.ceil(new Date(existing.confirmation_sent_at).getTime() / 1000 + context.auth.rateLimits.emailFrequencySeconds - Date.now() / 1000);
    if (wait > 0) return tooManyEmails(`For security purposes, you can only request this after ${wait} seconds.`);
  }
  const id = existing?.id ?? (await insertUser(context, { email, password, user_metadata: data }));
  await sendConfirmation(context, id, email, url.origin, redirectTo);
  const user = await userJson(context.db, id);
  return user ? json(user) : authError(500, "unexpected_failure", "User not found after sign-up");
}

/**
 * POST /resend for a sign-up: a new link for an unconfirmed account, at most one a minute
 * (lite refuses every resend once a link was sent); nothing, and the same answer, for an
 * unknown or confirmed address. Other types go to lite (null).
 */
export async function resendSignup(request: Request, context: LocalContext, url: URL): Promise<Response | null> {
  const body = await readJson(request.clone());
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (body.type !== "signup" || !isEmail(email)) return null;
  const [user] = await rows<{ id: string; email_confirmed_at: string | null; confirmation_sent_at: string | null }>(
    context.db,
    "select id, email_confirmed_at, confirmation_sent_at from auth.users where lower(email) = $1",
    [email],
  );
  if (!user || user.email_confirmed_at) return json({});
  if (user.confirmation_sent_at) {
    const wait = Math.ceil(new Date(user.confirmation_sent_at).getTime() / 1000 + context.auth.rateLimits.emailFrequencySeconds - Date.now() / 1000);
    if (wait > 0) return tooManyEmails(`For security purposes, you can only request this after ${wait} seconds.`);
  }
  await sendConfirmation(context, user.id, email, url.origin, allowedRedirect(context, url.searchParams.get("redirect_to")));
  return json({});
}

async function sendConfirmation(context: LocalContext, id: string, email: string, apiOrigin: string, redirectTo: string) {
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  await context.db.query("update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1", [id, hash]);
  await sendTemplatedEmail(context, { kind: "confirmation", to: email, otp, hash, apiOrigin, redirectTo, verifyType: "signup", user: { id } });
}

/** GoTrue's answer for an address already registered (sanitizeUser): looks new, is nobody. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
