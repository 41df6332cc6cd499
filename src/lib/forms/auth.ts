// The authentication forms' shapes (SPEC §5), shared by the islands and the tests.
// Messages are i18n keys. Password strength is the server's call: it answers weak_password
// with its reasons, which the form shows in the user's language. Written with zod's mini
// build (functions rather than methods), so the sign-in pages ship a few KB of it, not 60.
import * as z from "zod/mini";

export const CHANNELS = ["email", "phone"] as const;
export type Channel = (typeof CHANNELS)[number];

/** International phone number, spaces and dots allowed while typing: +237 6 71 23 45 67. */
export const normalizePhone = (value: string) => value.replace(/[\s.()-]/g, "");
const PHONE = /^\+[1-9]\d{7,14}$/;

const trimmed = () => z.string().check(z.trim());
const text = z._default(z.optional(trimmed()), "");
const optionalText = () => z._default(z.optional(z.string()), "");

interface Identified {
  channel: Channel;
  email: string;
  phone: string;
}

/** SPEC §5: an e-mail or a phone number; the field of the chosen channel must be valid. */
function checkIdentifier(value: Identified, ctx: z.core.$RefinementCtx<Identified>, missingKey: string) {
  if (!value.email && !value.phone) ctx.addIssue({ code: "custom", path: ["form"], message: missingKey });
  if (value.channel === "email" && !z.email().safeParse(value.email).success) ctx.addIssue({ code: "custom", path: ["email"], message: "auth.errors.emailInvalid" });
  if (value.channel === "phone" && !PHONE.test(normalizePhone(value.phone))) ctx.addIssue({ code: "custom", path: ["phone"], message: "auth.errors.phoneInvalid" });
}

const identified = { channel: z._default(z.enum(CHANNELS), "email"), email: text, phone: text };

export const passwordSignInSchema = z.object({ ...identified, password: optionalText() }).check(
  z.superRefine((value, ctx) => {
    checkIdentifier(value, ctx, "auth.errors.missingIdentifier");
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: "auth.errors.passwordRequired" });
  }),
);

export const signUpSchema = z.object({ ...identified, fullName: text, password: optionalText(), passwordConfirm: optionalText() }).check(
  z.superRefine((value, ctx) => {
    checkIdentifier(value, ctx, "auth.errors.missingIdentifier");
    if (!value.fullName) ctx.addIssue({ code: "custom", path: ["fullName"], message: "auth.errors.fullNameRequired" });
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: "auth.errors.passwordRequired" });
    else if (value.password !== value.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "auth.errors.passwordMismatch" });
  }),
);

export const otpRequestSchema = z.object(identified).check(z.superRefine((value, ctx) => checkIdentifier(value, ctx, "auth.errors.missingOtpIdentifier")));

export const codeSchema = z.object({
  code: z.string({ error: "auth.errors.codeInvalid" }).check(z.trim(), z.regex(/^\d{6}$/, { error: "auth.errors.codeInvalid" })),
});

export const forgotPasswordSchema = z.object({
  email: z.pipe(z.string({ error: "auth.errors.emailInvalid" }).check(z.trim()), z.email({ error: "auth.errors.emailInvalid" })),
});

export const newPasswordSchema = z.object({ password: optionalText(), passwordConfirm: optionalText() }).check(
  z.superRefine((value, ctx) => {
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: "auth.errors.passwordRequired" });
    else if (value.password !== value.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "auth.errors.passwordMismatch" });
  }),
);

export const mfaEnrollSchema = z.object({
  friendlyName: z.string({ error: "mfa.errors.nameRequired" }).check(z.trim(), z.minLength(1, { error: "mfa.errors.nameRequired" }), z.maxLength(64)),
});

/** The identifier part of a supabase-js call for the chosen channel. */
export function identifierOf(value: Identified): { email: string } | { phone: string } {
  return value.channel === "phone" ? { phone: normalizePhone(value.phone) } : { email: value.email };
}

/** zod issues as { field: i18nKey }, first issue per field ("form" for the whole form). */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}
