// Password rules as GoTrue applies them (weak_password, 422, with `reasons`: "length",
// "characters", "pwned"), with two policies: everyone's (sign-up, password change, recovery)
// and a stronger one for teachers and admins, whoever sets their password. GoTrue checks
// breached passwords against Have I Been Pwned; the local stack, offline, against a short
// list of the passwords most often found in breaches.
import type { LocalContext, PasswordRule } from "../context.ts";
import { json } from "./http.ts";
import { rows } from "./store.ts";

const LEAKED = new Set([
  "password", "password1", "password123", "passw0rd", "p@ssw0rd", "123456789", "12345678", "1234567890",
  "qwerty123", "qwertyuiop", "azerty123", "azertyuiop", "iloveyou1", "admin123", "welcome1", "abc12345",
  "motdepasse", "motdepasse1", "motdepasse123", "cameroun237", "password1234", "1q2w3e4r", "1qaz2wsx", "letmein1",
  "Password1", "Password123", "Passw0rd!", "P@ssw0rd", "P@ssword1", "Azerty123", "Motdepasse1", "Welcome123!",
].map((p) => p.toLowerCase()));

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
