// Accounts, for admins: POST /functions/v1/admin-users with { action, ... }.
//
// The auth admin API needs the project's secret key, so it is called here and never from
// the browser. Every request: the caller's JWT is verified by the auth service, the caller
// must hold the admin role, and must be at aal2 when they have a verified factor or when
// security_settings.require_admin_mfa is on. Answers never carry a secret (no tokens,
// password hashes, factor secrets or links): users are reduced to the fields the pages show.
//
// Role changes and registrations are written with the CALLER's token, so RLS, the SQL
// guard against removing one's own admin role and the audit triggers see the admin;
// everything else is audited through public.record_audit() with the same token.
//
// Actions: list, create, set_role, disable, enable, reset_password, reset_mfa,
// import_students (dry_run or not). Errors: { error: <code> } with an HTTP status.
import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import { z } from "zod";
import { addError, checkRows, MAX_IMPORT_ROWS, type CheckedRow } from "../../../src/lib/people/student-import.ts";
import { staffPasswordReasons } from "../_shared/password-policy.ts";
import { CORS, authenticateAdmin, env, fail, recordFunctionError, reply, serviceClient, type AdminCaller } from "../_shared/admin.ts";

const ROLES = ["student", "teacher", "admin"] as const;
/** A ban long enough to mean "disabled" (GoTrue takes a Go duration). */
const DISABLED = "876000h";

const uuid = z.guid();
const redirect = z.url().max(500).optional();
const RequestBody = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("list"),
    page: z.number().int().min(1).max(10_000).default(1),
    per_page: z.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(100).optional(),
  }),
  z.object({
    action: z.literal("create"),
    email: z.string().trim().toLowerCase().pipe(z.email().max(254)).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/)
      .optional(),
    full_name: z.string().trim().min(1).max(200),
    password: z.string().min(8).max(72).optional(),
    invite: z.boolean().default(false),
    roles: z.array(z.enum(ROLES)).max(3).default([]),
    redirect_to: redirect,
    preferred_locale: z.enum(["fr", "en"]).default("fr"),
  }),
  z.object({ action: z.literal("set_role"), user_id: uuid, role: z.enum(ROLES), granted: z.boolean() }),
  z.object({ action: z.literal("disable"), user_id: uuid }),
  z.object({ action: z.literal("enable"), user_id: uuid }),
  z.object({ action: z.literal("reset_password"), user_id: uuid, redirect_to: redirect }),
  // The reason says how the identity of the person asking was checked (ID card at the desk,
  // call back on the registered number…): it is kept in the audit log.
  z.object({ action: z.literal("reset_mfa"), user_id: uuid, reason: z.string().trim().min(10).max(500) }),
  z.object({
    action: z.literal("import_students"),
    dry_run: z.boolean(),
    rows: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_IMPORT_ROWS),
  }),
]);
type Body = z.infer<typeof RequestBody>;

export default async function adminUsers(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const url = env("SUPABASE_URL");
  const service = serviceClient();

  const caller = await authenticateAdmin(request, service);
  if (caller instanceof Response) return caller;

  let body: Body;
  try {
    const parsed = RequestBody.safeParse(await request.json());
    if (!parsed.success) return fail(400, "invalid_request", { issues: parsed.error.issues.map((i) => i.path.join(".")) });
    body = parsed.data;
  } catch {
    return fail(400, "invalid_request");
  }

  try {
    switch (body.action) {
      case "list":
        return await list(url, service, body);
      case "create":
        return await create(service, caller, body);
      case "set_role":
        return await setRole(caller, body);
      case "disable":
      case "enable":
        return await setDisabled(service, caller, body.user_id, body.action === "disable");
      case "reset_password":
        return await resetPassword(url, service, caller, body.user_id, body.redirect_to);
      case "reset_mfa":
        return await resetMfa(service, caller, body.user_id, body.reason);
      case "import_students":
        return await importStudents(service, caller, body.rows, body.dry_run);
    }
  } catch (error) {
    await recordFunctionError(service, `admin-users ${body.action}`, error);
    return fail(500, "server_error");
  }
}

async function audit(caller: AdminCaller, action: string, targetId: string | null, details: Record<string, unknown> = {}) {
  const { error } = await caller.db.rpc("record_audit", { action, target_type: "user", target_id: targetId, details });
  if (error) throw new Error(`audit: ${error.message}`);
}

/** What the pages may see of an account: no tokens, hashes, secrets or metadata dumps. */
function publicUser(user: User, roles: string[], fullName: string | undefined) {
  const bannedUntil = (user as { banned_until?: string }).banned_until;
  return {
    id: user.id,
    email: user.email || null,
    phone: user.phone || null,
    full_name: fullName ?? ((user.user_metadata?.full_name as string | undefined) || ""),
    roles,
    disabled: Boolean(bannedUntil && new Date(bannedUntil) > new Date()),
    invited: Boolean(user.invited_at && !user.email_confirmed_at && !user.last_sign_in_at),
    mfa: (user.factors ?? []).some((f) => f.status === "verified"),
    created_at: user.created_at,
    last_sign_in_at: user.last_sign_in_at ?? null,
  };
}

async function list(url: string, service: SupabaseClient, body: Extract<Body, { action: "list" }>): Promise<Response> {
  // supabase-js's listUsers has no search: GoTrue's own `filter` (e-mail or name) does.
  const query = new URLSearchParams({ page: String(body.page), per_page: String(body.per_page) });
  if (body.search) query.set("filter", body.search);
  const key = env("SUPABASE_SERVICE_ROLE_KEY");
  const response = await fetch(`${url}/auth/v1/admin/users?${query}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`list users: HTTP ${response.status}`);
  const { users } = (await response.json()) as { users: User[] };
  const total = Number(response.headers.get("x-total-count") ?? users.length);
  const ids = users.map((u) => u.id);
  const [{ data: roleRows, error: e1 }, { data: profiles, error: e2 }] = await Promise.all([
    service.from("user_roles").select("user_id, role").in("user_id", ids),
    service.from("profiles").select("id, full_name").in("id", ids),
  ]);
  if (e1 || e2) throw e1 ?? e2;
  const rolesOf = (id: string) =>
    (roleRows ?? [])
      .filter((r) => r.user_id === id)
      .map((r) => r.role as string)
      .sort();
  const nameOf = (id: string) => (profiles ?? []).find((p) => p.id === id)?.full_name as string | undefined;
  return reply(200, { users: users.map((u) => publicUser(u, rolesOf(u.id), nameOf(u.id))), total });
}

async function create(service: SupabaseClient, caller: AdminCaller, body: Extract<Body, { action: "create" }>): Promise<Response> {
  if (!body.email && !body.phone) return fail(400, "contact_required");
  if (body.invite && !body.email) return fail(400, "invite_needs_email");
  // Teachers' and admins' passwords follow the staff rule, which GoTrue cannot know.
  const staffReasons = body.password && body.roles.some((role) => role !== "student") ? staffPasswordReasons(body.password) : [];
  if (staffReasons.length) return fail(400, "weak_password", { reasons: staffReasons });
  // preferred_locale picks the language of the invitation e-mail (supabase/templates/invite.html).
  const metadata = { full_name: body.full_name, preferred_locale: body.preferred_locale };
  const { data, error } = body.invite
    ? await service.auth.admin.inviteUserByEmail(body.email!, { data: metadata, redirectTo: body.redirect_to })
    : await service.auth.admin.createUser({
        email: body.email,
        phone: body.phone,
        password: body.password,
        email_confirm: Boolean(body.email),
        phone_confirm: Boolean(body.phone),
        user_metadata: metadata,
      });
  if (error || !data.user) {
    if (error?.code === "email_exists" || error?.code === "user_already_exists" || error?.code === "phone_exists") return fail(409, "account_exists");
    if (error?.code === "weak_password") return fail(400, "weak_password");
    throw error ?? new Error("no user returned");
  }
  const id = data.user.id;
  // The profile comes from the sign-up trigger; keep the admin's spelling of the name, and
  // the roles the admin chose, not one a sign-up default may have given.
  await service.from("profiles").update({ full_name: body.full_name }).eq("id", id);
  const defaults = service.from("user_roles").delete().eq("user_id", id);
  await (body.roles.length ? defaults.not("role", "in", `(${body.roles.join(",")})`) : defaults);
  await audit(caller, body.invite ? "account.invited" : "account.created", id, {
    email: Boolean(body.email),
    phone: Boolean(body.phone),
    roles: body.roles,
  });
  for (const role of body.roles) {
    const { error: roleError } = await caller.db.from("user_roles").upsert({ user_id: id, role }, { onConflict: "user_id,role", ignoreDuplicates: true });
    if (roleError) throw roleError;
  }
  return reply(200, { id });
}

async function setRole(caller: AdminCaller, body: Extract<Body, { action: "set_role" }>): Promise<Response> {
  if (!body.granted && body.role === "admin" && body.user_id === caller.id) return fail(409, "own_admin_role");
  const { error } = body.granted
    ? await caller.db.from("user_roles").upsert({ user_id: body.user_id, role: body.role }, { onConflict: "user_id,role", ignoreDuplicates: true })
    : await caller.db.from("user_roles").delete().eq("user_id", body.user_id).eq("role", body.role);
  if (error) {
    if (error.code === "42501") return fail(409, "own_admin_role");
    if (error.code === "23503") return fail(404, "user_not_found");
    throw error;
  }
  return reply(200, { ok: true });
}

async function setDisabled(service: SupabaseClient, caller: AdminCaller, userId: string, disabled: boolean): Promise<Response> {
  if (disabled && userId === caller.id) return fail(409, "own_account");
  const { error } = await service.auth.admin.updateUserById(userId, { ban_duration: disabled ? DISABLED : "none" });
  if (error) return error.status === 404 ? fail(404, "user_not_found") : Promise.reject(error);
  await audit(caller, disabled ? "account.disabled" : "account.enabled", userId);
  return reply(200, { ok: true });
}

async function resetPassword(url: string, service: SupabaseClient, caller: AdminCaller, userId: string, redirectTo?: string): Promise<Response> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error || !data.user) return fail(404, "user_not_found");
  if (!data.user.email) return fail(400, "no_email");
  // The recovery e-mail goes out as if the person had asked for it themselves.
  const anon = createClient(url, env("SUPABASE_ANON_KEY"), { auth: { persistSession: false, autoRefreshToken: false, flowType: "implicit" } });
  const { error: sendError } = await anon.auth.resetPasswordForEmail(data.user.email, { redirectTo });
  if (sendError) throw sendError;
  await audit(caller, "account.password_reset_sent", userId);
  return reply(200, { ok: true });
}

/**
 * A locked-out user's factors removed (a lost phone), after the admin checked who asks: the
 * reason is audited, and the user is told by e-mail (the outbox), in the profile's language,
 * so that a reset nobody asked for does not go unnoticed.
 */
async function resetMfa(service: SupabaseClient, caller: AdminCaller, userId: string, reason: string): Promise<Response> {
  const { data, error } = await service.auth.admin.mfa.listFactors({ userId });
  if (error) return error.status === 404 ? fail(404, "user_not_found") : Promise.reject(error);
  for (const factor of data.factors) {
    const { error: deleteError } = await service.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    if (deleteError) throw deleteError;
  }
  await audit(caller, "account.mfa_reset", userId, { factors: data.factors.length, reason });
  await tellMfaReset(service, userId);
  return reply(200, { ok: true, removed: data.factors.length });
}

const MFA_RESET_NOTICE = {
  fr: {
    subject: "Votre vérification en deux étapes a été réinitialisée",
    body:
      "Le service de scolarité a supprimé les applications d'authentification de votre compte, à votre demande. " +
      "Vous vous connectez maintenant avec votre seul mot de passe : ajoutez une nouvelle application dans votre profil. " +
      "Si vous n'avez rien demandé, changez votre mot de passe et contactez la scolarité.",
  },
  en: {
    subject: "Your two-step verification was reset",
    body:
      "The registrar's office removed the authenticator apps from your account, as you asked. " +
      "You now sign in with your password only: add a new app in your profile. " +
      "If you did not ask for this, change your password and contact the registrar's office.",
  },
} as const;

async function tellMfaReset(service: SupabaseClient, userId: string): Promise<void> {
  const [{ data: user }, { data: profile }] = await Promise.all([service.auth.admin.getUserById(userId), service.from("profiles").select("preferred_locale").eq("id", userId).maybeSingle()]);
  const email = user?.user?.email;
  if (!email) return; // a phone-only account: nothing to e-mail
  const notice = MFA_RESET_NOTICE[profile?.preferred_locale === "en" ? "en" : "fr"];
  const { error } = await service.from("outbox_messages").insert({ channel: "email", recipient: email, user_id: userId, kind: "security", subject: notice.subject, body: notice.body });
  if (error) throw error;
}

/**
 * The CSV import. Dry run: each row checked (fields, duplicates in the file, programme
 * known, e-mail/phone/matricule free). Import: the same checks, then for each valid row
 * an account, the student role and a registration for the current academic year; a row
 * that fails midway leaves no account behind. Returns each row's errors and created ids.
 */
async function importStudents(service: SupabaseClient, caller: AdminCaller, records: Record<string, unknown>[], dryRun: boolean): Promise<Response> {
  const rows = checkRows(records);
  const valid = rows.filter((r) => r.row && r.errors.length === 0);
  const slugs = [...new Set(valid.map((r) => r.row!.programme))];
  const matricules = valid.map((r) => r.row!.matricule).filter((m): m is string => Boolean(m));
  const [{ data: programmes, error: e1 }, { data: taken, error: e2 }] = await Promise.all([
    caller.db
      .from("programmes")
      .select("slug")
      .in("slug", slugs.length ? slugs : ["-"]),
    caller.db
      .from("student_registrations")
      .select("student_number")
      .in("student_number", matricules.length ? matricules : ["-"]),
  ]);
  if (e1 || e2) throw e1 ?? e2;
  const known = new Set((programmes ?? []).map((p) => p.slug as string));
  const takenNumbers = new Set((taken ?? []).map((t) => t.student_number as string));
  for (const r of valid) {
    if (!known.has(r.row!.programme)) addError(r, { field: "programme", code: "unknown_programme" });
    if (r.row!.matricule && takenNumbers.has(r.row!.matricule)) addError(r, { field: "matricule", code: "matricule_taken" });
    if (r.row!.email && (await emailTaken(service, r.row!.email))) addError(r, { field: "email", code: "email_taken" });
  }

  const created: { line: number; id: string; matricule: string }[] = [];
  if (!dryRun) {
    for (const r of rows.filter((x) => x.row && x.errors.length === 0)) {
      const done = await importOne(service, caller, r);
      if (done) created.push({ line: r.line, ...done });
    }
    await caller.db.rpc("record_audit", {
      action: "students.imported",
      target_type: "import",
      target_id: null,
      details: { rows: rows.length, created: created.length, rejected: rows.length - created.length },
    });
  }
  return reply(200, {
    dry_run: dryRun,
    rows: rows.map((r) => ({ line: r.line, full_name: r.row?.full_name ?? String(records[r.line - 2]?.full_name ?? ""), errors: r.errors })),
    valid: rows.filter((r) => r.errors.length === 0).length,
    created,
  });
}

async function emailTaken(service: SupabaseClient, email: string): Promise<boolean> {
  const key = env("SUPABASE_SERVICE_ROLE_KEY");
  const query = new URLSearchParams({ page: "1", per_page: "50", filter: email });
  const response = await fetch(`${env("SUPABASE_URL")}/auth/v1/admin/users?${query}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`list users: HTTP ${response.status}`);
  const { users } = (await response.json()) as { users: User[] };
  void service;
  return users.some((u) => u.email?.toLowerCase() === email);
}

async function importOne(service: SupabaseClient, caller: AdminCaller, r: CheckedRow): Promise<{ id: string; matricule: string } | null> {
  const row = r.row!;
  const { data, error } = await service.auth.admin.createUser({
    email: row.email,
    phone: row.phone,
    email_confirm: Boolean(row.email),
    phone_confirm: Boolean(row.phone),
    user_metadata: { full_name: row.full_name },
  });
  if (error || !data.user) {
    addError(
      r,
      error?.code === "phone_exists"
        ? { field: "phone", code: "phone_taken" }
        : error?.code === "email_exists"
          ? { field: "email", code: "email_taken" }
          : { field: "full_name", code: "create_failed" },
    );
    return null;
  }
  const id = data.user.id;
  await service.from("profiles").update({ full_name: row.full_name }).eq("id", id);
  const { data: matricule, error: regError } = await caller.db.rpc("register_imported_student", {
    student: id,
    programme_slug: row.programme,
    level: row.level,
    matricule: row.matricule ?? null,
  });
  if (regError) {
    await service.auth.admin.deleteUser(id);
    addError(r, regError.code === "23505" ? { field: "matricule", code: "matricule_taken" } : { field: "programme", code: "create_failed" });
    return null;
  }
  return { id, matricule: matricule as string };
}

// On hosted Supabase the Edge Runtime (Deno) runs this file directly.
const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(adminUsers);
