// The MFA tables GoTrue keeps in the auth schema (same names and main columns as on
// hosted Supabase, which already has them: hence created here, not in supabase/migrations),
// and the user JSON GoTrue answers with.
import type { LocalContext } from "../context.ts";

type Db = LocalContext["db"];

const SCHEMA = `
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  secret text,
  phone text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (user_id, friendly_name) where trim(friendly_name) <> '';
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet
);
-- Local hardening (not GoTrue columns): a challenge is spent by a failed attempt, failures
-- are counted per factor, and a code's time step is accepted once.
alter table auth.mfa_challenges add column if not exists failed_at timestamptz;
alter table auth.mfa_factors add column if not exists last_totp_step bigint;
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);
`;

const ready = new WeakMap<object, Promise<void>>();

/** Creates the MFA tables once per database. */
export function ensureAuthTables(db: Db): Promise<void> {
  let promise = ready.get(db);
  if (!promise) {
    promise = db.exec(SCHEMA).then(() => undefined);
    ready.set(db, promise);
  }
  return promise;
}

export async function rows<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: "totp" | "phone" | "webauthn";
  status: "unverified" | "verified";
  secret: string | null;
  phone: string | null;
  last_challenged_at: string | null;
  last_totp_step: number | null;
  created_at: string;
  updated_at: string;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : undefined);

/** A factor as GoTrue shows it (never the secret). */
export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? "",
    factor_type: f.factor_type,
    status: f.status,
    ...(f.phone ? { phone: f.phone } : {}),
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    ...(f.last_challenged_at ? { last_challenged_at: iso(f.last_challenged_at) } : {}),
  };
}

export async function factorsOf(db: Db, userId: string): Promise<FactorRow[]> {
  return rows<FactorRow>(db, "select * from auth.mfa_factors where user_id = $1 order by created_at", [userId]);
}

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: string | null;
  is_anonymous: boolean | null;
  created_at: string;
  updated_at: string;
}

/** The user as GoTrue's admin and user endpoints return it, factors included. */
export async function userJson(db: Db, userId: string): Promise<Record<string, unknown> | null> {
  const [user] = await rows<UserRow>(db, "select * from auth.users where id = $1", [userId]);
  if (!user) return null;
  const identities = await rows<Record<string, unknown>>(
    db,
    "select id, provider_id, user_id, identity_data, provider, email, last_sign_in_at, created_at, updated_at from auth.identities where user_id = $1 order by created_at",
    [userId],
  );
  const factors = (await factorsOf(db, userId)).map(factorJson);
  return {
    id: user.id,
    aud: user.aud ?? "authenticated",
    role: user.role ?? "authenticated",
    email: user.email ?? "",
    phone: user.phone ?? "",
    ...(user.email_confirmed_at ? { email_confirmed_at: iso(user.email_confirmed_at) } : {}),
    ...(user.phone_confirmed_at ? { phone_confirmed_at: iso(user.phone_confirmed_at) } : {}),
    ...(user.confirmed_at || user.email_confirmed_at ? { confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at) } : {}),
    ...(user.invited_at ? { invited_at: iso(user.invited_at) } : {}),
    ...(user.confirmation_sent_at ? { confirmation_sent_at: iso(user.confirmation_sent_at) } : {}),
    ...(user.recovery_sent_at ? { recovery_sent_at: iso(user.recovery_sent_at) } : {}),
    // An e-mail change waiting for confirmation (GoTrue's new_email).
    ...(user.email_change ? { new_email: user.email_change } : {}),
    ...(user.email_change_sent_at ? { email_change_sent_at: iso(user.email_change_sent_at) } : {}),
    ...(user.last_sign_in_at ? { last_sign_in_at: iso(user.last_sign_in_at) } : {}),
    ...(user.banned_until ? { banned_until: iso(user.banned_until) } : {}),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      email: i.email ?? undefined,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
    })),
    ...(factors.length ? { factors } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: Boolean(user.is_anonymous),
  };
}
