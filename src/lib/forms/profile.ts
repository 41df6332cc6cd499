// The profile and settings forms' shapes, shared by the dashboard and the tests. Messages
// are keys of the profile feature's own strings (src/dashboard/profile/messages.ts, errors.*).
import * as z from "zod/mini";

/** A Cameroonian mobile number: +237 then 9 digits starting with 6 (spaces, dots, dashes allowed while typing). */
const CAMEROON_MOBILE = /^\+2376\d{8}$/;

/** "6 71 23 45 67", "00237 671234567", "+237 671-23-45-67" → "+237671234567"; anything else as typed. */
export function normalizeCameroonPhone(value: string): string {
  const compact = value.replace(/[\s.()-]/g, "");
  if (/^6\d{8}$/.test(compact)) return `+237${compact}`;
  if (/^00237\d{9}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^237\d{9}$/.test(compact)) return `+${compact}`;
  return compact;
}

export function isCameroonMobile(value: string): boolean {
  return CAMEROON_MOBILE.test(normalizeCameroonPhone(value));
}

/** For display: +237 6 71 23 45 67. */
export function formatCameroonPhone(value: string): string {
  const n = normalizeCameroonPhone(value);
  return CAMEROON_MOBILE.test(n) ? `+237 ${n[4]} ${n.slice(5, 7)} ${n.slice(7, 9)} ${n.slice(9, 11)} ${n.slice(11, 13)}` : value;
}

export const identitySchema = z.object({
  fullName: z.string().check(z.trim(), z.minLength(2, { error: "nameRequired" }), z.maxLength(200, { error: "nameTooLong" })),
});

/** Empty = no phone; otherwise a Cameroonian mobile, stored as +2376XXXXXXXX. */
export const contactsSchema = z.object({
  phone: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v === "" || isCameroonMobile(v), { error: "phoneInvalid" }),
    ),
    z.transform((v) => (v === "" ? null : normalizeCameroonPhone(v))),
  ),
});

/**
 * The password rules the form checks before asking the auth server (which has the last
 * word): everyone's — 8 characters with letters and digits — and the stronger one for
 * teachers and admins — 12 characters with a lowercase and an uppercase letter, a digit and
 * a symbol — as supabase/functions/_shared/password-policy.ts and the auth server apply them.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const SYMBOLS = "!@#$%^&*()_+-=[]{};':\"|<>?,./`~";

export type PasswordProblem = "length" | "letter" | "lower" | "upper" | "digit" | "symbol";

export function passwordProblems(password: string, staff = false): PasswordProblem[] {
  const chars = [...password];
  const has = (test: (c: string) => boolean) => chars.some(test);
  const problems: PasswordProblem[] = [];
  if (chars.length < (staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH)) problems.push("length");
  if (staff) {
    if (!has((c) => c >= "a" && c <= "z")) problems.push("lower");
    if (!has((c) => c >= "A" && c <= "Z")) problems.push("upper");
  } else if (!has((c) => /[a-z]/i.test(c))) problems.push("letter");
  if (!has((c) => c >= "0" && c <= "9")) problems.push("digit");
  if (staff && !has((c) => SYMBOLS.includes(c))) problems.push("symbol");
  return problems;
}

/** The password change form; `staff` for a teacher or an admin. */
export function passwordChangeSchema(staff = false) {
  return z.object({ currentPassword: z.string(), password: z.string(), passwordConfirm: z.string() }).check(
    z.superRefine((value, ctx) => {
      // The auth service checks it (GoTrue's current password requirement); here only its presence.
      if (!value.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "currentRequired", input: value });
      if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: "passwordRequired", input: value });
      else if (passwordProblems(value.password, staff).length) ctx.addIssue({ code: "custom", path: ["password"], message: "passwordWeak", input: value });
      else if (value.password !== value.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "passwordMismatch", input: value });
    }),
  );
}

export const MEETING_PLATFORMS = ["zoom", "teams"] as const;

export const teacherSettingsSchema = z.object({
  defaultMeetingPlatform: z.enum(MEETING_PLATFORMS, { error: "platformRequired" }),
  personalMeetingUrl: z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(500, { error: "urlInvalid" }),
      z.refine((v) => v === "" || isHttpsUrl(v), { error: "urlInvalid" }),
    ),
    z.transform((v) => (v === "" ? null : v)),
  ),
});

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !!url.hostname && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Largest side of an avatar after resizing in the browser, and the upload cap (the bucket's). */
export const AVATAR_MAX_DIMENSION = 512;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The size an image is drawn at so that its larger side is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = AVATAR_MAX_DIMENSION): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
