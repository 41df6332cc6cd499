// GoTrue's admin user API, which lite lacks (SPEC §7): users (list, create, get, update,
// delete), generate_link, invite, and a user's factors (list, delete). Only the secret key
// (or a service_role token) may call it: 401 without a bearer token, 403 for a user's.
import { randomBytes, randomUUID } from "node:crypto";
import type { LocalContext } from "../context.ts";
import { authError, json, readJson } from "./http.ts";
import { factorJson, factorsOf, rows, userJson } from "./store.ts";
import { bearerOf, isServiceRole, verifyAccessToken } from "./tokens.ts";
import { newOtp, sendTemplatedEmail, tokenHash, verifyLink } from "./mail.ts";
import { checkPassword, ruleFor } from "./passwords.ts";
import { emailRefusal, phoneRefusal } from "./validate.ts";

export async function requireAdmin(request: Request, context: LocalContext): Promise<Response | null> {
  if (await isServiceRole(request, context)) return null;
  const token = bearerOf(request);
  if (!token) return authError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  if (!(await verifyAccessToken(token, context.keys.jwtSecret))) return authError(401, "bad_jwt", "invalid JWT: unable to parse or verify signature");
  return authError(403, "not_admin", "User not allowed");
}

export async function handleAdmin(request: Request, context: LocalContext, path: string, siteUrl: string): Promise<Response> {
  const refused = await requireAdmin(request, context);
  if (refused) return refused;
  const url = new URL(request.url);
  const m = /^\/admin\/users(?:\/([^/]+))?(?:\/(factors|passkeys)(?:\/([^/]+))?)?\/?$/.exec(path);
  if (path === "/invite" && request.method === "POST") return invite(request, context, url, siteUrl);
  if (path === "/admin/generate_link" && request.method === "POST") return generateLink(request, context, url, siteUrl);
  if (!m) return authError(404, "not_found", "Not found");
  const [, userId, collection, factorId] = m;
  const isFactors = collection === "factors";
  if (!userId) {
    if (request.method === "GET") return listUsers(context, url);
    if (request.method === "POST") return createUser(request, context);
    return authError(405, "method_not_allowed", "Method not allowed");
  }
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return authError(404, "validation_failed", "user_id must be an UUID");
  const exists = await rows(context.db, "select 1 from auth.users where id = $1", [userId]);
  if (!exists.length) return authError(404, "user_not_found", "User not found");
  if (collection === "passkeys") {
    // Passkeys are off (hosted's default): a user has none, as GoTrue's admin API then says.
    if (!factorId && request.method === "GET") return json([]);
    if (factorId && request.method === "DELETE") return authError(404, "validation_failed", "Passkey not found");
    return authError(405, "method_not_allowed", "Method not allowed");
  }
  if (isFactors) {
    if (!factorId && request.method === "GET") return json((await factorsOf(context.db, userId)).map(factorJson));
    if (factorId && request.method === "DELETE") {
      const deleted = await rows<{ id: string }>(context.db, "delete from auth.mfa_factors where id = $1 and user_id = $2 returning id", [factorId, userId]);
      return deleted.length ? json({ id: factorId }) : authError(404, "mfa_factor_not_found", "Factor not found");
    }
    return authError(405, "method_not_allowed", "Method not allowed");
  }
  if (request.method === "GET") return json(await userJson(context.db, userId));
  if (request.method === "PUT") return updateUser(request, context, userId);
  if (request.method === "DELETE") {
    const body = await readJson(request);
    if (body.should_soft_delete === true) {
      await context.db.query("update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '' where id = $1", [userId]);
      await context.db.query("delete from auth.identities where user_id = $1", [userId]);
    } else {
      await context.db.query("delete from auth.sessions where user_id = $1", [userId]);
      await context.db.query("delete from auth.users where id = $1", [userId]);
    }
    return json({});
  }
  return authError(405, "method_not_allowed", "Method not allowed");
}

/** GoTrue parses page and per_page as unsigned integers (strconv.ParseUint) and says why not. */
function pageParameter(url: URL, name: string): number | Response | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  if (/^\d+$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER) return Number(raw);
  const why = /^\d+$/.test(raw) ? "value out of range" : "invalid syntax";
  return authError(400, "validation_failed", `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: ${why}`);
}

async function listUsers(context: LocalContext, url: URL): Promise<Response> {
  const pageAsked = pageParameter(url, "page");
  const perPageAsked = pageParameter(url, "per_page");
  if (pageAsked instanceof Response) return pageAsked;
  if (perPageAsked instanceof Response) return perPageAsked;
  const page = Math.max(1, pageAsked ?? 1);
  const perPage = Math.min(1000, Math.max(1, perPageAsked ?? 50));
  // GoTrue's `filter`: a case-insensitive match on the e-mail or the metadata's full_name.
  const filter = url.searchParams.get("filter")?.trim() ?? "";
  const where = "deleted_at is null and ($1 = '' or email ilike '%' || $1 || '%' or raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')";
  const [{ total }] = await rows<{ total: number }>(context.db, `select count(*)::int as total from auth.users where ${where}`, [filter]);
  const ids = await rows<{ id: string }>(context.db, `select id from auth.users where ${where} order by created_at desc, id desc limit $2 offset $3`, [filter, perPage, (page - 1) * perPage]);
  const users = [];
  for (const { id } of ids) users.push(await userJson(context.db, id));
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  return json({ users, aud: "authenticated" }, 200, { "x-total-count": String(total), link: links.join(", ") });
}

interface UserAttributes {
  email?: string;
  phone?: string;
  password?: string;
  email_confirm?: boolean;
  phone_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  role?: string;
  ban_duration?: string;
  id?: string;
}

/**
 * Validates what an admin sends, as GoTrue: an e-mail or phone given (not empty) must be
 * valid; a password follows the account's rule (staff: stronger).
 */
async function checkAttributes(context: LocalContext, body: UserAttributes, userId?: string): Promise<Response | null> {
  const invalid = (body.email ? emailRefusal(body.email) : null) ?? (body.phone ? phoneRefusal(body.phone) : null);
  if (invalid) return invalid;
  if (body.password !== undefined) return checkPassword(String(body.password), await ruleFor(context, userId));
  return null;
}

async function emailTaken(context: LocalContext, email: string, exceptId?: string): Promise<boolean> {
  const found = await rows(context.db, "select 1 from auth.users where lower(email) = lower($1) and id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')", [email, exceptId ?? null]);
  return found.length > 0;
}

/** Inserts a user and its e-mail identity the way sign-up does (profile trigger included). */
export async function insertUser(context: LocalContext, attrs: UserAttributes & { invited?: boolean }): Promise<string> {
  const id = attrs.id ?? randomUUID();
  const email = attrs.email?.toLowerCase() ?? null;
  const providers = email ? ["email"] : attrs.phone ? ["phone"] : [];
  await context.db.query(
    `insert into auth.users (id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
       invited_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change, email_change_token_new)
     values ($1::uuid, 'authenticated', coalesce($2::text, 'authenticated'), $3::text, $4::text,
       case when $5::text is null then '' else extensions.crypt($5::text, extensions.gen_salt('bf', 10)) end,
       case when $6::boolean then now() end, case when $7::boolean then now() end, case when $8::boolean then now() end,
       $9::jsonb, $10::jsonb, now(), now(), '', '', '', '')`,
    [
      id,
      attrs.role ?? null,
      email,
      attrs.phone ?? null,
      attrs.password ?? null,
      Boolean(attrs.email_confirm),
      Boolean(attrs.phone_confirm),
      Boolean(attrs.invited),
      JSON.stringify({ provider: providers[0] ?? "email", providers, ...(attrs.app_metadata ?? {}) }),
      JSON.stringify(attrs.user_metadata ?? {}),
    ],
  );
  if (email) {
    await context.db.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::uuid, $2::text, $3::uuid, $4::jsonb, 'email', now(), now())`,
      [randomUUID(), id, id, JSON.stringify({ sub: id, email, email_verified: Boolean(attrs.email_confirm), phone_verified: false })],
    );
  }
  return id;
}

async function createUser(request: Request, context: LocalContext): Promise<Response> {
  const body = (await readJson(request)) as UserAttributes;
  if (!body.email && !body.phone) return authError(400, "validation_failed", "Cannot create a user without either an email or phone");
  const invalid = await checkAttributes(context, body);
  if (invalid) return invalid;
  if (body.email && (await emailTaken(context, body.email))) return authError(422, "email_exists", "A user with this email address has already been registered");
  const id = await insertUser(context, body);
  if (body.ban_duration && body.ban_duration !== "none") await ban(context, id, body.ban_duration);
  return json(await userJson(context.db, id));
}

function banSeconds(duration: string): number {
  const match = /^(\d+)(h|m|s)$/.exec(duration);
  return match ? Number(match[1]) * { h: 3600, m: 60, s: 1 }[match[2] as "h" | "m" | "s"] : 0;
}

async function ban(context: LocalContext, id: string, duration: string) {
  await context.db.query("update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1", [id, banSeconds(duration)]);
}

async function updateUser(request: Request, context: LocalContext, id: string): Promise<Response> {
  const body = (await readJson(request)) as UserAttributes;
  const invalid = await checkAttributes(context, body, id);
  if (invalid) return invalid;
  if (body.email && (await emailTaken(context, body.email, id))) return authError(422, "email_exists", "A user with this email address has already been registered");
  // One transaction, as GoTrue's: a change is made whole or not at all.
  await context.db.transaction(async (db) => {
    if (body.email) {
      const email = body.email.toLowerCase();
      await db.query("update auth.users set email = $2 where id = $1", [id, email]);
      // The identity's email column is generated from identity_data (as on hosted Supabase).
      const data = { email, email_verified: body.email_confirm === true };
      const { rows: updated } = await db.query(
        "update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now() where user_id = $1 and provider = 'email' and provider_id = $1::text returning id",
        [id, JSON.stringify(data)],
      );
      if (!updated.length)
        await db.query(
          `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
           values ($1::uuid, $2::text, $2::uuid, $3::jsonb, 'email', now(), now())`,
          [randomUUID(), id, JSON.stringify({ sub: id, ...data, phone_verified: false })],
        );
    }
    if (body.phone) await db.query("update auth.users set phone = $2 where id = $1", [id, body.phone]);
    if (body.password !== undefined) await db.query("update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10)) where id = $1", [id, body.password]);
    if (body.email_confirm === true) await db.query("update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1", [id]);
    if (body.phone_confirm === true) await db.query("update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1", [id]);
    if (body.user_metadata) await db.query("update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1", [id, JSON.stringify(body.user_metadata)]);
    if (body.app_metadata) await db.query("update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb where id = $1", [id, JSON.stringify(body.app_metadata)]);
    if (body.role) await db.query("update auth.users set role = $2 where id = $1", [id, body.role]);
    if (body.ban_duration === "none") await db.query("update auth.users set banned_until = null where id = $1", [id]);
    else if (body.ban_duration) await db.query("update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1", [id, banSeconds(body.ban_duration)]);
    await db.query("update auth.users set updated_at = now() where id = $1", [id]);
  });
  return json(await userJson(context.db, id));
}

type LinkBody = UserAttributes & { type?: string; new_email?: string; data?: Record<string, unknown>; redirect_to?: string };

/** POST /admin/generate_link, in GoTrue's order (internal/api/mail.go adminGenerateLink). */
async function generateLink(request: Request, context: LocalContext, url: URL, siteUrl: string): Promise<Response> {
  const body = (await readJson(request)) as LinkBody;
  const invalid = emailRefusal(body.email);
  if (invalid) return invalid;
  const email = body.email!.toLowerCase();
  let type = String(body.type ?? "");
  const redirectTo = url.searchParams.get("redirect_to") ?? body.redirect_to ?? siteUrl;
  const [existing] = await rows<{ id: string; email_confirmed_at: string | null }>(context.db, "select id, email_confirmed_at from auth.users where lower(email) = $1", [email]);
  let password = body.password;
  if (!existing && type === "magiclink") {
    // A magic link for an unknown address signs a new account up, with a password nobody knows.
    type = "signup";
    password = randomBytes(48).toString("base64url");
  }
  if (!existing && ["recovery", "email_change_current", "email_change_new"].includes(type)) return authError(404, "user_not_found", "User with this email not found");

  const otp = newOtp();
  const hash = tokenHash(email, otp);
  let id = existing?.id;
  let linkToken = hash;
  if (type === "signup" || type === "invite") {
    if (existing?.email_confirmed_at) return authError(422, "email_exists", "A user with this email address has already been registered");
    if (type === "signup" && !existing && !password) return authError(400, "validation_failed", "Signup requires a valid password");
    if (type === "signup" && !existing && password === body.password) {
      const weak = checkPassword(password!, await ruleFor(context, undefined));
      if (weak) return weak;
    }
    id ??= await insertUser(context, { email, password, user_metadata: body.data, invited: type === "invite" });
    const invited = type === "invite" ? ", invited_at = now()" : "";
    await context.db.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now()${invited} where id = $1`, [id, hash]);
  } else if (type === "magiclink" || type === "recovery") {
    await context.db.query("update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1", [id, hash]);
  } else if (type === "email_change_current" || type === "email_change_new") {
    const refused = emailRefusal(body.new_email);
    if (refused) return refused;
    const newEmail = body.new_email!.toLowerCase();
    if (await emailTaken(context, newEmail, id)) return authError(422, "email_exists", "A user with this email address has already been registered");
    // The current address's link carries the hash of (current address, code), the new
    // address's the hash of (new address, code), as lite's /verify?type=email_change expects.
    const column = type === "email_change_current" ? "email_change_token_current" : "email_change_token_new";
    if (type === "email_change_new") linkToken = tokenHash(newEmail, otp);
    await context.db.query(`update auth.users set ${column} = $2, email_change = $3, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`, [id, linkToken, newEmail]);
  } else {
    return authError(400, "validation_failed", `Invalid email action link type requested: ${type}`);
  }
  return json({
    ...(await userJson(context.db, id!)),
    action_link: verifyLink(url.origin, linkToken, type.startsWith("email_change") ? "email_change" : type, redirectTo),
    email_otp: otp,
    hashed_token: hash,
    redirect_to: redirectTo,
    verification_type: type,
  });
}

async function invite(request: Request, context: LocalContext, url: URL, siteUrl: string): Promise<Response> {
  const body = (await readJson(request)) as { email?: string; data?: Record<string, unknown> };
  const invalid = emailRefusal(body.email);
  if (invalid) return invalid;
  const email = body.email!.toLowerCase();
  const [existing] = await rows<{ id: string; email_confirmed_at: string | null }>(context.db, "select id, email_confirmed_at from auth.users where lower(email) = $1", [email]);
  if (existing?.email_confirmed_at) return authError(422, "email_exists", "A user with this email address has already been registered");
  const id = existing?.id ?? (await insertUser(context, { email, user_metadata: body.data, invited: true }));
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  await context.db.query("update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = coalesce(invited_at, now()) where id = $1", [id, hash]);
  const redirectTo = url.searchParams.get("redirect_to") ?? siteUrl;
  await sendTemplatedEmail(context, { kind: "invite", to: email, otp, hash, apiOrigin: url.origin, redirectTo, verifyType: "invite", user: { id } });
  return json(await userJson(context.db, id));
}
