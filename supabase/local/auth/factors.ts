// GoTrue's TOTP endpoints, which lite lacks: POST /factors (enrol, QR code as SVG),
// POST /factors/{id}/challenge, POST /factors/{id}/verify (session to aal2, new access
// token with aal and amr), DELETE /factors/{id}. Shapes follow GoTrue so supabase-js's
// auth.mfa.* calls work unchanged here and on hosted Supabase.
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import type { LocalContext } from "../context.ts";
import { authError, json, readJson } from "./http.ts";
import { factorJson, rows, userJson, type FactorRow } from "./store.ts";
import { recordAmr, requestClaims, withAssurance, type AccessClaims } from "./tokens.ts";
import { matchingTotpStep, newTotpSecret, otpauthUri } from "./totp.ts";

/** GoTrue's default: a challenge must be verified within 5 minutes. */
const CHALLENGE_EXPIRY_S = 300;
/** Wrong codes allowed per factor within the window before verification pauses. */
const MAX_FAILED_VERIFICATIONS = 5;
const FAILURE_WINDOW = "5 minutes";
const DEFAULT_ISSUER = "UEL Cameroun";

export async function handleFactors(request: Request, context: LocalContext, path: string): Promise<Response> {
  const claims = await requestClaims(request, context);
  if (!claims) return authError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const [user] = await rows<{ id: string }>(context.db, "select id from auth.users where id = $1", [claims.sub]);
  if (!user) return authError(403, "user_not_found", "User from sub claim in JWT does not exist");
  const [, factorId, action] = /^\/factors(?:\/([^/]+))?(?:\/([^/]+))?\/?$/.exec(path) ?? [];

  if (!factorId && request.method === "POST") return enroll(request, context, claims);
  if (!factorId) return authError(405, "method_not_allowed", "Method not allowed");
  const [factor] = await rows<FactorRow>(context.db, "select * from auth.mfa_factors where id = $1 and user_id = $2", [factorId, claims.sub]);
  if (!factor) return authError(404, "mfa_factor_not_found", "Factor not found");
  if (action === "challenge" && request.method === "POST") return challenge(context, factor);
  if (action === "verify" && request.method === "POST") return verify(request, context, claims, factor);
  if (!action && request.method === "DELETE") return unenroll(context, claims, factor);
  return authError(405, "method_not_allowed", "Method not allowed");
}

async function enroll(request: Request, context: LocalContext, claims: AccessClaims): Promise<Response> {
  const body = await readJson(request);
  const type = body.factor_type;
  // Phone and WebAuthn factors are off (hosted's defaults): GoTrue's answers for them.
  if (type === "phone") return authError(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
  if (type === "webauthn") return authError(422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
  if (type !== "totp") return authError(400, "validation_failed", "factor_type needs to be totp, phone, or webauthn");
  const friendlyName = typeof body.friendly_name === "string" ? body.friendly_name.trim() : "";
  const verified = await rows(context.db, "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'", [claims.sub]);
  if (verified.length > 0 && claims.aal !== "aal2") return authError(422, "insufficient_aal", "AAL2 required to enroll a new factor");
  if (friendlyName) {
    const taken = await rows(context.db, "select 1 from auth.mfa_factors where user_id = $1 and friendly_name = $2", [claims.sub, friendlyName]);
    if (taken.length) return authError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  // GoTrue drops stale unverified factors rather than letting them pile up.
  await context.db.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 day'", [claims.sub]);
  const id = randomUUID();
  const secret = newTotpSecret();
  const issuer = typeof body.issuer === "string" && body.issuer ? body.issuer : DEFAULT_ISSUER;
  const uri = otpauthUri(issuer, claims.email ?? claims.sub, secret);
  await context.db.query("insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)", [
    id,
    claims.sub,
    friendlyName,
    secret,
  ]);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1 });
  return json({ id, type: "totp", friendly_name: friendlyName, totp: { qr_code: svg, secret, uri } });
}

async function challenge(context: LocalContext, factor: FactorRow): Promise<Response> {
  if (factor.factor_type !== "totp") return authError(422, "mfa_phone_verify_not_enabled", "MFA verification is disabled for this factor type");
  const id = randomUUID();
  const [{ created_at }] = await rows<{ created_at: string }>(context.db, "insert into auth.mfa_challenges (id, factor_id) values ($1, $2) returning created_at", [id, factor.id]);
  await context.db.query("update auth.mfa_factors set last_challenged_at = now() where id = $1", [factor.id]);
  const expiresAt = Math.floor(new Date(created_at).getTime() / 1000) + CHALLENGE_EXPIRY_S;
  return json({ id, type: "totp", expires_at: expiresAt });
}

async function verify(request: Request, context: LocalContext, claims: AccessClaims, factor: FactorRow): Promise<Response> {
  const body = await readJson(request);
  const [challenge] = await rows<{ id: string; created_at: string; verified_at: string | null; failed_at: string | null }>(
    context.db,
    "select id, created_at, verified_at, failed_at from auth.mfa_challenges where id = $1 and factor_id = $2",
    [body.challenge_id, factor.id],
  );
  if (!challenge) return authError(404, "mfa_challenge_not_found", "MFA factor with the provided challenge ID not found");
  if (challenge.verified_at || challenge.failed_at) return authError(422, "mfa_challenge_expired", "MFA challenge has already been used, create a new challenge");
  if (Date.now() - new Date(challenge.created_at).getTime() > CHALLENGE_EXPIRY_S * 1000)
    return authError(422, "mfa_challenge_expired", `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  // Six digits fall to guessing unless attempts are scarce: one try per challenge, a few per factor.
  const [{ failures }] = await rows<{ failures: number }>(
    context.db,
    `select count(*)::int as failures from auth.mfa_challenges where factor_id = $1 and failed_at > now() - interval '${FAILURE_WINDOW}'`,
    [factor.id],
  );
  if (failures >= MAX_FAILED_VERIFICATIONS) return authError(429, "over_request_rate_limit", "Too many MFA verification attempts: wait a few minutes and try again");
  const step = matchingTotpStep(factor.secret ?? "", String(body.code ?? ""));
  if (step === null || (factor.last_totp_step !== null && step <= Number(factor.last_totp_step))) {
    await context.db.query("update auth.mfa_challenges set failed_at = now() where id = $1", [challenge.id]);
    return authError(422, "mfa_verification_failed", "Invalid TOTP code entered");
  }

  const sessionId = claims.session_id!;
  await context.db.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challenge.id]);
  await context.db.query("update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = now() where id = $1", [factor.id, step]);
  await context.db.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [sessionId, factor.id]);
  await recordAmr(context.db, sessionId, "totp");
  const [refresh] = await rows<{ token: string }>(context.db, "select token from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false) order by created_at desc limit 1", [
    sessionId,
  ]);
  const accessToken = await withAssurance((request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, ""), context);
  const expiresIn = Math.max(0, (claims.exp ?? 0) - Math.floor(Date.now() / 1000));
  return json({
    access_token: accessToken,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: claims.exp,
    refresh_token: refresh?.token ?? "",
    user: await userJson(context.db, claims.sub),
  });
}

async function unenroll(context: LocalContext, claims: AccessClaims, factor: FactorRow): Promise<Response> {
  if (factor.status === "verified" && claims.aal !== "aal2") return authError(403, "insufficient_aal", "AAL2 required to unenroll verified factor");
  await context.db.query("delete from auth.mfa_factors where id = $1", [factor.id]);
  return json({ id: factor.id });
}

export { factorJson };
