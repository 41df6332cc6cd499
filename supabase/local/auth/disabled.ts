// What hosted GoTrue answers for the auth features this project leaves off, which the local
// stack does not implement: passkeys, SSO (SAML), manual identity linking, the OAuth 2.1
// server, custom OAuth providers, SCIM, Web3 and ID-token sign-in (no provider is enabled),
// and phone sign-in (no SMS provider). Each gets GoTrue's JSON error, checked in GoTrue's
// order (internal/api/api.go routes and middleware), instead of lite's 404 text or a
// misleading error, so code that meets one here meets the same answer on a hosted project.
import type { LocalContext } from "../context.ts";
import { authError, readJson } from "./http.ts";
import { requestClaims, bearerOf } from "./tokens.ts";
import { requireAdmin } from "./admin.ts";
import { phoneRefusal } from "./validate.ts";

const notFound = (code: string, msg: string) => authError(404, code, msg);
const OAUTH_SERVER_OFF = () => notFound("feature_disabled", "OAuth server is disabled");

/** GoTrue's requireAuthentication: 401 without a bearer token, 403 for one that does not verify. */
async function refuseWithoutUser(request: Request, context: LocalContext): Promise<Response | null> {
  if (await requestClaims(request, context)) return null;
  if (!bearerOf(request)) return authError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  return authError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
}

/**
 * The answer for a disabled feature's endpoint, or undefined for everything else. `path` is
 * the part after /auth/v1.
 */
export function disabledFeature(request: Request, context: LocalContext, path: string): Promise<Response> | undefined {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under("/passkeys")) return Promise.resolve(notFound("passkey_disabled", "Passkeys are disabled"));
  if (under("/sso")) return Promise.resolve(notFound("saml_provider_disabled", "SAML 2.0 is disabled"));
  if (under("/oauth") || path === "/.well-known/oauth-authorization-server") return Promise.resolve(OAUTH_SERVER_OFF());
  if (under("/scim/v2")) return Promise.resolve(notFound("feature_disabled", "SCIM server is disabled"));
  if (under("/user/identities")) return refuseWithoutUser(request, context).then((r) => r ?? notFound("manual_linking_disabled", "Manual linking is disabled"));
  if (under("/user/oauth/grants")) return refuseWithoutUser(request, context).then((r) => r ?? OAUTH_SERVER_OFF());
  if (under("/admin/oauth")) return requireAdmin(request, context).then((r) => r ?? OAUTH_SERVER_OFF());
  if (under("/admin/custom-providers")) return requireAdmin(request, context).then((r) => r ?? notFound("feature_disabled", "Custom OAuth providers are disabled"));
  const grant = request.method === "POST" && path === "/token" ? new URL(request.url).searchParams.get("grant_type") : null;
  if (grant === "web3") return Promise.resolve(authError(422, "web3_provider_disabled", "Web3 provider is disabled"));
  if (grant === "id_token") return readJson(request.clone()).then(idTokenRefusal);
  return undefined;
}

/**
 * POST /signup, /otp, /resend, /verify or a password sign-in by phone number alone (no
 * e-mail): GoTrue's answer with its phone provider off. Null for the rest (e-mail, or
 * neither), which lite and the other routes answer as GoTrue does.
 */
export async function phoneProviderRefusal(request: Request, path: string): Promise<Response | null> {
  return phoneRefusalFor(path, await readJson(request.clone()));
}

/** GoTrue's known ID-token providers and their issuers (internal/api/provider). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
  kakao: "https://kauth.kakao.com",
  vercel_marketplace: "https://marketplace.vercel.com",
  snapchat: "https://accounts.snapchat.com",
  keycloak: "",
};

/** POST /token?grant_type=id_token (internal/api/token_oidc.go): no provider is enabled here. */
function idTokenRefusal(body: Record<string, unknown>): Response {
  const oauthError = (description: string) =>
    new Response(JSON.stringify({ error: "invalid request", error_description: description }), { status: 400, headers: { "content-type": "application/json" } });
  const provider = typeof body.provider === "string" ? body.provider : "";
  const issuer = typeof body.issuer === "string" ? body.issuer : "";
  if (!body.id_token) return oauthError("id_token required");
  if (!provider && (!body.client_id || !issuer)) return oauthError("provider or client_id and issuer required");
  if (provider === "apple" || provider === "azure") {
    // GoTrue reads these providers' issuer from the token before it looks at the settings.
    const name = provider === "apple" ? "Apple" : "Azure";
    const detected = issuerOf(String(body.id_token));
    if (!detected) return authError(400, "validation_failed", `Unable to detect issuer in ID token for ${name} provider`);
    return authError(400, "provider_disabled", `Provider (issuer ${JSON.stringify(detected)}) is not enabled`);
  }
  if (provider.startsWith("custom:")) return authError(400, "validation_failed", "Custom OAuth providers are disabled");
  const known = Object.keys(ID_TOKEN_ISSUERS).find((name) => name === provider || (issuer && ID_TOKEN_ISSUERS[name] === issuer));
  if (!known) return authError(400, "validation_failed", `Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
  return authError(400, "provider_disabled", `Provider (issuer ${JSON.stringify(ID_TOKEN_ISSUERS[known])}) is not enabled`);
}

function issuerOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { iss?: unknown };
    return typeof payload.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}

function phoneRefusalFor(path: string, body: Record<string, unknown>): Response | null {
  if (!body.phone || body.email) return null;
  switch (path) {
    case "/signup":
      // GoTrue checks the password first (validateSignupParams).
      if (!body.password) return authError(400, "validation_failed", "Signup requires a valid password");
      return authError(400, "phone_provider_disabled", "Phone signups are disabled");
    case "/otp":
      return authError(400, "phone_provider_disabled", "Unsupported phone provider");
    case "/token":
      return authError(422, "phone_provider_disabled", "Phone logins are disabled");
    case "/resend":
      if (body.type !== "sms" && body.type !== "phone_change") return null;
      return authError(400, "phone_provider_disabled", "Phone logins are disabled");
    case "/verify":
      // No text message was ever sent, so no code can match (verify.go verifyUserAndToken).
      if (!body.token || body.token_hash) return null;
      return phoneRefusal(body.phone) ?? authError(403, "otp_expired", "Token has expired or is invalid");
    default:
      return null;
  }
}
