// What every admin-only function does first, in one place: read its environment (hosted
// Edge Functions and the local stack give the same variables), answer in JSON with CORS,
// and accept only a signed-in admin at the assurance level required — aal2 when the admin
// has a verified factor or when security_settings.require_admin_mfa is on.
import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import { maskContacts } from "../../../src/lib/messaging/mask.ts";

export const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, x-client-info, apikey, content-type",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

type Vars = Record<string, string | undefined>;
const deno = () => (globalThis as { Deno?: { env: { get(n: string): string | undefined; toObject(): Vars } } }).Deno;
const processVars = (): Vars => (globalThis as { process?: { env: Vars } }).process?.env ?? {};
/**
 * The local stack's gateway (supabase/local/functions.ts) gives each call its own stack's
 * URL and keys through this store (an AsyncLocalStorage, never process.env, so no request and
 * no concurrent call decides where a function sends the secret key). Hosted: absent.
 */
const LOCAL_CALL_VARS = Symbol.for("uel.functions.call-vars");
const localCallVars = (): Vars | undefined => (globalThis as { [LOCAL_CALL_VARS]?: { getStore(): Vars | undefined } })[LOCAL_CALL_VARS]?.getStore();

/** Every variable the function sees: Deno.env hosted; locally this call's stack values over process.env. */
export function envVars(): Vars {
  const hosted = deno();
  return hosted ? hosted.env.toObject() : { ...processVars(), ...localCallVars() };
}

export function env(name: string): string {
  const hosted = deno();
  const value = hosted ? hosted.env.get(name) : (localCallVars()?.[name] ?? processVars()[name]);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...CORS } });
}

export const fail = (status: number, error: string, extra: Record<string, unknown> = {}) => reply(status, { error, ...extra });

export interface AdminCaller {
  id: string;
  /** A client acting as the caller (their token): RLS and auth.uid() apply. */
  db: SupabaseClient;
}

/** A client with the project's secret key (bypasses RLS): for what only the server may do. */
export function serviceClient(): SupabaseClient {
  return createClient(env("SUPABASE_URL"), env("SUPABASE_SERVICE_ROLE_KEY"), { auth: { persistSession: false, autoRefreshToken: false } });
}

function claimsOf(token: string): { aal?: string } {
  try {
    const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), "="))) as { aal?: string };
  } catch {
    return {};
  }
}

/** The signed-in caller (its bearer token checked by the auth service), or a 401 refusal. */
export async function authenticateUser(request: Request, service: SupabaseClient): Promise<{ user: User; token: string } | Response> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  // The auth service checks the signature, expiry and session; a publishable key is not a user.
  if (!token || token === env("SUPABASE_ANON_KEY") || token.split(".").length !== 3) return fail(401, "not_signed_in");
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) return fail(401, "not_signed_in");
  return { user: data.user, token };
}

/** The caller, if they are an admin at the assurance level required; else the refusal. */
export async function authenticateAdmin(request: Request, service: SupabaseClient): Promise<AdminCaller | Response> {
  const caller = await authenticateUser(request, service);
  if (caller instanceof Response) return caller;
  const { user, token } = caller;
  const anonKey = env("SUPABASE_ANON_KEY");
  const { data: roles, error: rolesError } = await service.from("user_roles").select("role").eq("user_id", user.id).eq("role", "admin");
  if (rolesError) throw rolesError;
  if (!roles?.length) return fail(403, "not_admin");

  const { data: settings } = await service.from("security_settings").select("require_admin_mfa").maybeSingle();
  const hasFactor = (user.factors ?? []).some((f) => f.status === "verified");
  if ((settings?.require_admin_mfa || hasFactor) && claimsOf(token).aal !== "aal2") {
    return fail(403, hasFactor ? "mfa_required" : "mfa_enrolment_required");
  }
  const db = createClient(env("SUPABASE_URL"), anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: user.id, db };
}

/** Leaves the failure for admin/technical (the error text only, e-mails and phone numbers masked). */
export async function recordFunctionError(service: SupabaseClient, name: string, error: unknown): Promise<void> {
  const message = maskContacts((error instanceof Error ? error.message : String(error)).slice(0, 2000));
  console.error(`${name} failed: ${message}`);
  await service.from("function_errors").insert({ function_name: name, message });
}
