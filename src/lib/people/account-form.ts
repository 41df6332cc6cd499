// The admin's "create an account" form: a name, an e-mail or a phone, and either a
// password now or an e-mail invitation. Messages are keys of the people feature's
// form strings (users.form.*).
import * as z from "zod/mini";

export const ACCOUNT_ROLES = ["student", "teacher", "admin"] as const;
export const MIN_ADMIN_SET_PASSWORD = 8;

export const accountFormSchema = z.pipe(
  z
    .object({
      full_name: z.string().check(z.trim(), z.minLength(1, "nameRequired"), z.maxLength(200, "nameRequired")),
      email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, "emailInvalid")),
      phone: z.string().check(z.trim(), z.maxLength(20, "phoneInvalid")),
      mode: z.enum(["password", "invite"]),
      password: z.string(),
      roles: z.array(z.enum(ACCOUNT_ROLES)),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: "emailInvalid" });
        if (v.phone && !/^\+?[0-9 ]{6,20}$/.test(v.phone)) ctx.addIssue({ code: "custom", path: ["phone"], message: "phoneInvalid" });
        if (!v.email && !v.phone) ctx.addIssue({ code: "custom", path: ["email"], message: "contactRequired" });
        if (v.mode === "invite" && !v.email) ctx.addIssue({ code: "custom", path: ["email"], message: "inviteNeedsEmail" });
        if (v.mode === "password" && v.password.length < MIN_ADMIN_SET_PASSWORD) ctx.addIssue({ code: "custom", path: ["password"], message: "passwordTooShort" });
      }),
    ),
  z.transform((v) => ({
    full_name: v.full_name,
    email: v.email || undefined,
    phone: v.phone || undefined,
    invite: v.mode === "invite",
    password: v.mode === "password" ? v.password : undefined,
    roles: v.roles,
  })),
);
export type AccountFormInput = z.input<typeof accountFormSchema>;
export type AccountFormOutput = z.output<typeof accountFormSchema>;
