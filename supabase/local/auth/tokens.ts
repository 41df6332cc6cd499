// Access tokens as GoTrue issues them: lite's HS256 token (same secret, same session_id)
// plus the `aal` and `amr` claims, which lite leaves out. The session and refresh token
// stay lite's, so lite keeps accepting and refreshing them.
import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import type { LocalContext } from "../context.ts";
import { rows } from "./store.ts";

type Db = LocalContext["db"];

export interface AccessClaims extends JWTPayload {
  sub: string;
  role?: string;
  email?: string;
  session_id?: string;
  aal?: "aal1" | "aal2";
  amr?: { method: string; timestamp: number }[];
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function verifyAccessToken(token: string, jwtSecret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(jwtSecret), { algorithms: ["HS256"] });
    return payload as AccessClaims;
  } catch {
    return null;
  }
}

export function bearerOf(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1].trim() : null;
}

/** The verified claims of the request's user token, or null. */
export async function requestClaims(request: Request, context: LocalContext): Promise<AccessClaims | null> {
  const token = bearerOf(request);
  if (!token || token.split(".").length !== 3) return null;
  const claims = await verifyAccessToken(token, context.keys.jwtSecret);
  return claims?.sub && claims.session_id ? claims : null;
}

/** Records how a session was authenticated (GoTrue's auth.mfa_amr_claims). */
export async function recordAmr(db: Db, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function sessionAssurance(db: Db, sessionId: string) {
  const [session] = await rows<{ aal: string | null }>(db, "select aal from auth.sessions where id = $1", [sessionId]);
  const amr = await rows<{ authentication_method: string; updated_at: string }>(
    db,
    "select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc",
    [sessionId],
  );
  return {
    aal: (session?.aal === "aal2" ? "aal2" : "aal1") as "aal1" | "aal2",
    amr: amr.map((a) => ({ method: a.authentication_method, timestamp: Math.floor(new Date(a.updated_at).getTime() / 1000) })),
  };
}

/** Re-signs a lite access token with the session's current aal and amr. */
export async function withAssurance(token: string, context: LocalContext, method?: string): Promise<string> {
  const claims = await verifyAccessToken(token, context.keys.jwtSecret);
  if (!claims?.session_id) return token;
  if (method) {
    const existing = await rows(context.db, "select 1 from auth.mfa_amr_claims where session_id = $1 limit 1", [claims.session_id]);
    if (existing.length === 0) await recordAmr(context.db, claims.session_id, method);
  }
  const { aal, amr } = await sessionAssurance(context.db, claims.session_id);
  return new SignJWT({ ...claims, aal, amr }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key(context.keys.jwtSecret));
}

/** A service_role token signed with the stack's secret counts as the secret key. */
export async function isServiceRole(request: Request, context: LocalContext): Promise<boolean> {
  const token = bearerOf(request);
  if (token === context.keys.secretKey) return true;
  if (!token) return request.headers.get("apikey") === context.keys.secretKey;
  if (!token || token.split(".").length !== 3) return false;
  return (await verifyAccessToken(token, context.keys.jwtSecret))?.role === "service_role";
}
