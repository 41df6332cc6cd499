// Password rules as GoTrue applies them (weak_password, 422, with `reasons`: "length",
// "characters", "pwned"), with two policies: everyone's (sign-up, password change, recovery)
// and a stronger one for teachers and admins, whoever sets their password. GoTrue checks
// breached passwords against Have I Been Pwned; the local stack, offline, against a short
// list of the passwords most often found in breaches.
import type { LocalContext, PasswordRule } from "../context.ts";
import { authError, json } from "./http.ts";
import { tokenHash } from "./mail.ts";
import { rows } from "./store.ts";

const LEAKED = new Set(
  [
    "password",
    "password1",
    "password123",
    "passw0rd",
    "p@ssw0rd",
    "123456789",
    "12345678",
    "1234567890",
    "qwerty123",
    "qwertyuiop",
    "azerty123",
    "azertyuiop",
    "iloveyou1",
    "admin123",
    "welcome1",
    "abc12345",
    "motdepasse",
    "motdepasse1",
    "motdepasse123",
    "cameroun237",
    "password1234",
    "1q2w3e4r",
    "1qaz2wsx",
    "letmein1",
    "Password1",
    "Password123",
    "Passw0rd!",
    "P@ssw0rd",
    "P@ssword1",
    "Azerty123",
    "Motdepasse1",
    "Welcome123!",
  ].map((p) => p.toLowerCase()),
);

export type WeakReason = "length" | "characters" | "pwned";

export function weakReasons(password: string, rule: PasswordRule): WeakReason[] {
  const reasons: WeakReason[] = [];
  if ([...password].length < rule.minLength) reasons.push("length");
  if (rule.requiredCharacters.some((set) => ![...password].some((c) => set.includes(c)))) reasons.push("characters");
  if (rule.refuseLeaked && LEAKED.has(password.toLowerCase())) reasons.push("pwned");
  return reasons;
}

/** GoTrue's weak_password answer, or null when the password passes the rule. */
export function checkPassword(password: string, rule: PasswordRule): Response | null {
  const reasons = weakReasons(password, rule);
  if (!reasons.length) return null;
  const parts: string[] = [];
  if (reasons.includes("length")) parts.push(`Password should be at least ${rule.minLength} characters.`);
  if (reasons.includes("characters")) parts.push(`Password should contain at least one character of each: ${rule.requiredCharacters.join(", ")}.`);
  if (reasons.includes("pwned")) parts.push("Password is known to be weak and easy to guess, please choose a different one.");
  return json({ code: 422, error_code: "weak_password", msg: parts.join(" "), weak_password: { reasons } }, 422, { "x-sb-error-code": "weak_password" });
}

/** Teachers and admins (public.user_roles) get the staff rule. */
export async function ruleFor(context: LocalContext, userId: string | null | undefined): Promise<PasswordRule> {
  if (!userId) return context.auth.passwordPolicy;
  const staff = await rows(context.db, "select 1 from public.user_roles where user_id = $1 and role in ('teacher', 'admin') limit 1", [userId]).catch(() => []);
  return staff.length ? context.auth.staffPasswordPolicy : context.auth.passwordPolicy;
}

/**
 * GoTrue's rules for a password change (PUT /user with a password), as hosted GoTrue applies
 * them with the settings in config.toml:
 * - secure password change: a session signed in more than 24 hours ago needs the `nonce`
 *   e-mailed by GET /reauthenticate (400 reauthentication_needed without one, 422
 *   reauthentication_not_valid for a wrong or expired one; a nonce is used once);
 * - current password required: `current_password` must be the account's password (400
 *   current_password_required / current_password_invalid), except in a recovery session,
 *   where the e-mailed link already proved who the user is.
 */
export async function refusePasswordChange(context: LocalContext, claims: { sub: string; session_id?: string }, body: Record<string, unknown>): Promise<Response | null> {
  const [user] = await rows<{ email: string | null; has_password: boolean; reauthentication_token: string | null; reauthentication_sent_at: string | null }>(
    context.db,
    `select email, coalesce(encrypted_password, '') <> '' as has_password, reauthentication_token, reauthentication_sent_at
     from auth.users where id = $1`,
    [claims.sub],
  );
  if (!user) return null; // lite answers for a missing user
  const [session] = await rows<{ old: boolean; recovery: boolean }>(
    context.db,
    `select s.created_at < now() - interval '24 hours' as old,
            exists (select 1 from auth.mfa_amr_claims a where a.session_id = s.id and a.authentication_method = 'recovery') as recovery
     from auth.sessions s where s.id = $1`,
    [claims.session_id ?? null],
  );
  if (context.auth.securePasswordChange && (!session || session.old)) {
    const nonce = typeof body.nonce === "string" ? body.nonce.trim() : "";
    if (!nonce) return authError(400, "reauthentication_needed", "Password update requires reauthentication");
    const [valid] = await rows(
      context.db,
      `select 1 from auth.users where id = $1 and coalesce(reauthentication_token, '') <> '' and reauthentication_token = $2
         and reauthentication_sent_at > now() - make_interval(secs => $3)`,
      [claims.sub, tokenHash(user.email ?? "", nonce), OTP_EXPIRY_SECONDS],
    );
    if (!valid) return authError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
    await context.db.query("update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1", [claims.sub]);
  }
  if (context.auth.passwordChangeNeedsCurrent && user.has_password && !session?.recovery) {
    const current = typeof body.current_password === "string" ? body.current_password : "";
    if (!current) return authError(400, "current_password_required", "Current password required when setting new password.");
    // pgcrypto knows bcrypt as $2a$; lite writes $2b$ (same algorithm for passwords under
    // 255 bytes), so compare the part after the prefix.
    const [match] = await rows<{ ok: boolean }>(
      context.db,
      `select substr(encrypted_password, 4) = substr(extensions.crypt($2, '$2a' || substr(encrypted_password, 4)), 4) as ok
       from auth.users where id = $1 and encrypted_password ~ '^\\$2[aby]\\$'`,
      [claims.sub, current],
    );
    if (!match?.ok) return authError(400, "current_password_invalid", "Current password required when setting new password.");
  }
  return null;
}

/** GoTrue's default e-mail OTP lifetime (mailer otp_exp): an hour. */
const OTP_EXPIRY_SECONDS = 3600;
