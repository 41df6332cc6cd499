// What the local stack's auth lacks next to hosted GoTrue, as one route in front of lite:
// - TOTP multi-factor authentication (/factors…) and aal/amr claims in access tokens;
// - the admin user API (/admin/users…, /admin/generate_link, /invite), secret key only;
// - factors on the user objects lite returns (supabase-js reads user.factors);
// - recovery e-mails whose link reaches the API's /verify and honours redirect_to;
// - hosted GoTrue's rules where lite is laxer: e-mail confirmation of self sign-up without
//   revealing registered addresses (signup.ts), refresh-token reuse (refresh.ts), rate
//   limits on sign-in, codes and e-mails (limits.ts), password rules with reasons and the
//   secure password change (passwords.ts), and aal2 to change the password or e-mail of an
//   account with a verified factor, and GoTrue's e-mail format (validate.ts);
// - GoTrue's errors for the features left off (disabled.ts): passkeys, SSO, identity
//   linking, OAuth server, Web3 and ID-token sign-in, phone.
// Everything else is lite's. Registered in supabase/local/stack.ts.
import type { LocalContext, LocalRoute } from "../context.ts";
import { AUTH_PREFIX, authError, json, readJson } from "./http.ts";
import { ensureAuthTables, rows, userJson } from "./store.ts";
import { requestClaims, withAssurance } from "./tokens.ts";
import { handleFactors } from "./factors.ts";
import { handleAdmin } from "./admin.ts";
import { newOtp, sendTemplatedEmail, siteUrlOf, tokenHash } from "./mail.ts";
import { refreshWithReuseRules } from "./refresh.ts";
import { allowedRedirect, resendSignup, signUpWithEmail } from "./signup.ts";
import { countFailedSignIn, overLimit, peerKey, refuseSignIn, tooManyEmails, tooManyRequests } from "./limits.ts";
import { checkPassword, refusePasswordChange, ruleFor } from "./passwords.ts";
import { disabledFeature, phoneProviderRefusal } from "./disabled.ts";
import { emailRefusal } from "./validate.ts";

const EMAIL_REQUESTS = ["/otp", "/magiclink", "/recover", "/resend"];

export const authExtensions: LocalRoute = (request, context, peer) => {
  const url = new URL(request.url);
  if (url.pathname === "/__test/emails") return capturedEmails(url, context);
  if (!url.pathname.startsWith(`${AUTH_PREFIX}/`)) return undefined;
  const path = url.pathname.slice(AUTH_PREFIX.length);
  const method = request.method;
  const handle = (fn: () => Promise<Response>) => ensureAuthTables(context.db).then(fn);
  const apiKeyRefused = refuseWithoutApiKey(request, context);

  const disabled = disabledFeature(request, context, path);
  if (disabled) return apiKeyRefused ?? disabled;
  if (path === "/factors" || path.startsWith("/factors/")) return apiKeyRefused ?? handle(() => handleFactors(request, context, path));
  if (path.startsWith("/admin/") || path === "/invite") {
    if (path.startsWith("/admin/") && !/^\/admin\/(users|generate_link)/.test(path)) return undefined;
    return apiKeyRefused ?? handle(() => handleAdmin(request, context, path, siteUrlOf(context)));
  }
  if (EMAIL_REQUESTS.includes(path) && method === "POST" && !apiKeyRefused)
    return handle(async () => {
      const refused = (await limitEmailRequest(request, context, path, peer)) ?? (await invalidEmail(request)) ?? (await phoneProviderRefusal(request, path));
      if (refused) return refused;
      if (path === "/recover") return recover(request, context, url);
      if (path === "/resend") return (await resendSignup(request, context, url)) ?? passThrough(context.app.fetch(request));
      return passThrough(context.app.fetch(request));
    });
  if (path === "/recover" && method === "POST") return apiKeyRefused ?? handle(() => recover(request, context, url));
  const grant = url.searchParams.get("grant_type");
  if (path === "/token" && method === "POST" && grant === "password")
    return handle(async () => (apiKeyRefused ? null : await phoneProviderRefusal(request, path)) ?? ((await refuseBanned(request, context, url)) || passwordSignIn(request, context, peer)));
  if (path === "/token" && method === "POST" && grant === "refresh_token")
    return handle(async () => (await refuseBanned(request, context, url)) || refreshWithReuseRules(request, context, (r) => decorateSession(r, context, undefined)));
  if (path === "/signup" && method === "POST" && !apiKeyRefused)
    return handle(async () => {
      if (overLimit(context, `sign-in:${peerKey(peer)}`, context.auth.rateLimits.signInPerIp)) return tooManyRequests();
      return (await phoneProviderRefusal(request, path)) ?? (await signUpWithEmail(request, context, url)) ?? decorateSession(request, context, "/signup");
    });
  if (path === "/verify" && !apiKeyRefused && overLimit(context, `verify:${peerKey(peer)}`, context.auth.rateLimits.verifyPerIp)) return Promise.resolve(tooManyRequests());
  if (path === "/verify" && method === "POST" && !apiKeyRefused) return handle(async () => (await phoneProviderRefusal(request, path)) ?? decorateSession(request, context, path));
  if ((path === "/token" || path === "/signup" || path === "/verify") && method === "POST")
    return handle(async () => (path === "/token" && (await refuseBanned(request, context, url))) || decorateSession(request, context, path === "/token" ? grantMethod(url) : path));
  if (path === "/user" && method === "PUT") return handle(async () => (await refuseUserUpdate(request, context)) ?? decorateUser(request, context));
  if (path === "/user" && method === "GET") return handle(() => decorateUser(request, context));
  if (path === "/verify" && method === "GET") return handle(() => decorateRedirect(request, context, url.searchParams.get("type") ?? "otp"));
  return undefined;
};

/**
 * GoTrue refuses a banned user (admin ban_duration) a password sign-in or a refresh, with
 * 400 user_banned; lite checks bans for OAuth only.
 */
async function refuseBanned(request: Request, context: LocalContext, url: URL): Promise<Response | null> {
  const grant = url.searchParams.get("grant_type");
  if (grant !== "password" && grant !== "refresh_token") return null;
  const body = await readJson(request.clone());
  const banned =
    grant === "password"
      ? await rows(context.db, "select 1 from auth.users where banned_until > now() and ((email <> '' and lower(email) = lower($1)) or (phone <> '' and phone = $2))", [
          String(body.email ?? ""),
          String(body.phone ?? ""),
        ])
      : await rows(context.db, "select 1 from auth.refresh_tokens t join auth.users u on u.id::text = t.user_id::text where t.token = $1 and u.banned_until > now()", [
          String(body.refresh_token ?? ""),
        ]);
  return banned.length ? json({ code: 400, error_code: "user_banned", msg: "User is banned" }, 400, { "x-sb-error-code": "user_banned" }) : null;
}

/** Lite's own answers (the hosted gateway's) to a request without a valid API key, so ours match them. */
function refuseWithoutApiKey(request: Request, context: LocalContext): Promise<Response> | undefined {
  const key = request.headers.get("apikey") ?? new URL(request.url).searchParams.get("apikey");
  if (key === context.keys.publishableKey || key === context.keys.secretKey) return undefined;
  if (!key)
    return Promise.resolve(json({ message: "No API key found in request", hint: "No `apikey` request header or url param was found." }, 401, { "sb-error-code": "UNAUTHORIZED_MISSING_API_KEY" }));
  return Promise.resolve(json({ message: "Invalid API key", hint: "Double check your Supabase `apikey`" }, 401));
}

function grantMethod(url: URL): string | undefined {
  const grant = url.searchParams.get("grant_type");
  if (grant === "password") return "password";
  if (grant === "pkce") return "oauth";
  if (grant === "id_token") return "oauth";
  return undefined; // refresh_token keeps the session's methods
}

const passThrough = async (response: Response | Promise<Response>) => {
  const r = await response;
  return new Response(await r.arrayBuffer(), r);
};

/** Password sign-in under GoTrue's per-address limit and the failure limits of limits.ts. */
async function passwordSignIn(request: Request, context: LocalContext, peer: string | null | undefined): Promise<Response> {
  if (overLimit(context, `sign-in:${peerKey(peer)}`, context.auth.rateLimits.signInPerIp)) return tooManyRequests();
  const body = await readJson(request.clone());
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : typeof body.phone === "string" ? body.phone : "";
  const refused = refuseSignIn(context, peer, email);
  if (refused) return refused;
  const response = await decorateSession(request, context, "password");
  if (response.headers.get("x-sb-error-code") === "invalid_credentials") countFailedSignIn(context, peer, email);
  return response;
}

/** An e-mail address GoTrue would refuse (lite checks the format of some, not all). */
async function invalidEmail(request: Request): Promise<Response | null> {
  const { email } = await readJson(request.clone());
  return typeof email === "string" && email ? emailRefusal(email) : null;
}

/** Per-address limit on e-mail requests, and one e-mail of a kind per address per minute. */
async function limitEmailRequest(request: Request, context: LocalContext, path: string, peer: string | null | undefined): Promise<Response | null> {
  const limits = context.auth.rateLimits;
  if (overLimit(context, `email:${peerKey(peer)}`, limits.emailPerIp)) return tooManyEmails();
  const body = await readJson(request.clone());
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!email) return null;
  const kind = path === "/recover" ? "recovery" : path === "/resend" ? `resend-${String(body.type ?? "")}` : "otp";
  const frequency = { max: 1, windowSeconds: limits.emailFrequencySeconds };
  if (overLimit(context, `email:${kind}:${email}`, frequency)) return tooManyEmails(`For security purposes, you can only request this after ${limits.emailFrequencySeconds} seconds.`);
  return null;
}

/**
 * PUT /user: with a verified factor, changing the password or e-mail needs an aal2 session
 * (GoTrue: 401 insufficient_aal); a new password follows the account's rule.
 */
async function refuseUserUpdate(request: Request, context: LocalContext): Promise<Response | null> {
  const body = await readJson(request.clone());
  if (body.password === undefined && body.email === undefined) return null;
  const claims = await requestClaims(request, context);
  if (!claims) return null; // lite answers for a missing or bad token
  const verified = await rows(context.db, "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1", [claims.sub]);
  if (verified.length && claims.aal !== "aal2") return authError(401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.");
  if (typeof body.password !== "string") return null;
  return checkPassword(body.password, await ruleFor(context, claims.sub)) ?? (await refusePasswordChange(context, claims, body));
}

async function decorateSession(request: Request, context: LocalContext, how: string | undefined): Promise<Response> {
  let method = how;
  if (how === "/signup") method = "password";
  let response: Response;
  if (how === "/verify") {
    const body = await readJson(request.clone());
    method = body.type === "email" || body.type === "invite" ? "otp" : String(body.type ?? "otp");
    response = await verifyEmailOtp(request, context, body);
    if (response.status === 403 && body.token && !body.token_hash) response = await codeRefusal(response);
  } else {
    response = await context.app.fetch(request);
  }
  if (!response.ok || !response.headers.get("content-type")?.includes("json")) return passThrough(response);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.access_token === "string") body.access_token = await withAssurance(body.access_token, context, method);
  const user = (body.user ?? (body.id ? body : null)) as { id?: string } | null;
  if (user?.id) {
    const full = await userJson(context.db, user.id);
    if (full && "factors" in full) (user as Record<string, unknown>).factors = full.factors;
  }
  return json(body, response.status, headersOf(response));
}

/**
 * A wrong or expired code (POST /verify with a token, not a token_hash): GoTrue says "Token
 * has expired or is invalid"; lite says what GoTrue says of a link.
 */
async function codeRefusal(response: Response): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  if (body.error_code !== "otp_expired") return json(body, response.status, headersOf(response));
  return authError(403, "otp_expired", "Token has expired or is invalid");
}

/**
 * GoTrue verifies an e-mail code with type "email" whether it was sent for a sign-in or a
 * new account; lite only knows the older "magiclink" and "signup" types, so try those.
 */
async function verifyEmailOtp(request: Request, context: LocalContext, body: Record<string, unknown>): Promise<Response> {
  if (body.type === "invite") return context.app.fetch(new Request(request.url, { method: "POST", headers: request.headers, body: JSON.stringify({ ...body, type: "signup" }) }));
  if (body.type !== "email") return context.app.fetch(request);
  let response: Response | undefined;
  for (const type of ["magiclink", "signup"]) {
    response = await context.app.fetch(new Request(request.url, { method: "POST", headers: request.headers, body: JSON.stringify({ ...body, type }) }));
    if (response.ok) return response;
  }
  return response!;
}

async function decorateUser(request: Request, context: LocalContext): Promise<Response> {
  const response = await context.app.fetch(request);
  if (!response.ok) return passThrough(response);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.id === "string") {
    const factors = await rows(context.db, "select 1 from auth.mfa_factors where user_id = $1 limit 1", [body.id]);
    if (factors.length) body.factors = (await userJson(context.db, body.id))?.factors;
  }
  return json(body, response.status, headersOf(response));
}

/**
 * GET /verify redirects with the session in the fragment: give that token aal/amr too.
 * GoTrue accepts `invite` links; lite does not know the type, and an invitation's token is
 * kept where a sign-up's is (confirmation_token), so lite verifies it as `signup` and the
 * fragment says `invite` again, as GoTrue's does.
 */
async function decorateRedirect(request: Request, context: LocalContext, type: string): Promise<Response> {
  let forwarded = request;
  if (type === "invite") {
    const url = new URL(request.url);
    url.searchParams.set("type", "signup");
    forwarded = new Request(url, { method: "GET", headers: request.headers });
  }
  const response = await context.app.fetch(forwarded);
  const location = response.headers.get("location");
  if (!location || !location.includes("access_token=")) return passThrough(response);
  const [base, fragment] = location.split("#");
  const params = new URLSearchParams(fragment);
  if (type === "invite") params.set("type", "invite");
  params.set("access_token", await withAssurance(params.get("access_token")!, context, type === "invite" ? "otp" : type));
  const headers = headersOf(response);
  headers.location = `${base}#${params.toString()}`;
  return new Response(null, { status: response.status, headers });
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length") headers[name] = value;
  });
  return headers;
}

/** POST /recover: the e-mail's link goes to the API's /verify and back to redirect_to. */
async function recover(request: Request, context: LocalContext, url: URL): Promise<Response> {
  const body = await readJson(request.clone());
  if (body.code_challenge) return passThrough(await context.app.fetch(request)); // PKCE: lite's flow
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!email) return json({ code: 400, error_code: "validation_failed", msg: "Password recovery requires an email" }, 400);
  const [user] = await rows<{ id: string }>(context.db, "select id from auth.users where lower(email) = $1", [email]);
  if (!user) return json({}); // no account enumeration
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  await context.db.query("update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1", [user.id, hash]);
  const redirectTo = allowedRedirect(context, url.searchParams.get("redirect_to"));
  await sendTemplatedEmail(context, { kind: "recovery", to: email, otp, hash, apiOrigin: url.origin, redirectTo, verifyType: "recovery", user: { id: user.id } });
  return json({});
}

/**
 * GET /__test/emails?to=address: the e-mails a test stack kept (captureEmails), for browser
 * tests that follow a recovery link. Absent from stacks that print e-mails (npm start).
 */
function capturedEmails(url: URL, context: LocalContext): Promise<Response> | undefined {
  if (!context.emails) return undefined;
  const to = (url.searchParams.get("to") ?? "").toLowerCase();
  const messages = (context.emails.messages.get(to) ?? []).map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }));
  return Promise.resolve(json(messages));
}
