import { describe, expect, it } from "vitest";
import { codeSchema, fieldErrors, forgotPasswordSchema, identifierOf, mfaEnrollSchema, newPasswordSchema, otpRequestSchema, passwordSignInSchema, signUpSchema } from "../../src/lib/forms/auth.ts";

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));

describe("auth form schemas (SPEC §5)", () => {
  it("need an e-mail or a phone number plus a password", () => {
    expect(errorsOf(passwordSignInSchema.safeParse({ channel: "email" }))).toEqual({
      form: "auth.errors.missingIdentifier",
      email: "auth.errors.emailInvalid",
      password: "auth.errors.passwordRequired",
    });
    expect(passwordSignInSchema.safeParse({ channel: "email", email: " a@b.cm ", password: "x" }).data).toMatchObject({ email: "a@b.cm" });
    const byPhone = passwordSignInSchema.parse({ channel: "phone", phone: "+237 6 71 23 45 67", password: "x" });
    expect(identifierOf(byPhone)).toEqual({ phone: "+237671234567" });
    expect(errorsOf(passwordSignInSchema.safeParse({ channel: "phone", phone: "671", password: "x" }))).toEqual({ phone: "auth.errors.phoneInvalid" });
  });

  it("one-time-code sign-in needs an e-mail or a phone", () => {
    expect(errorsOf(otpRequestSchema.safeParse({ channel: "phone" }))).toMatchObject({ form: "auth.errors.missingOtpIdentifier" });
    expect(otpRequestSchema.safeParse({ channel: "email", email: "a@b.cm" }).success).toBe(true);
    expect(errorsOf(codeSchema.safeParse({ code: "12345" }))).toEqual({ code: "auth.errors.codeInvalid" });
    expect(codeSchema.parse({ code: " 123456 " })).toEqual({ code: "123456" });
  });

  it("sign-up asks for a name and the same password twice, leaving strength to the server", () => {
    expect(errorsOf(signUpSchema.safeParse({ channel: "email", email: "a@b.cm", password: "abc", passwordConfirm: "abd" }))).toEqual({
      fullName: "auth.errors.fullNameRequired",
      passwordConfirm: "auth.errors.passwordMismatch",
    });
    expect(signUpSchema.safeParse({ channel: "email", email: "a@b.cm", fullName: "A", password: "abc", passwordConfirm: "abc" }).success).toBe(true);
  });

  it("recovery and new password forms", () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: "x" }))).toEqual({ email: "auth.errors.emailInvalid" });
    expect(errorsOf(newPasswordSchema.safeParse({ password: "", passwordConfirm: "" }))).toEqual({ password: "auth.errors.passwordRequired" });
    expect(errorsOf(mfaEnrollSchema.safeParse({ friendlyName: " " }))).toEqual({ friendlyName: "mfa.errors.nameRequired" });
  });
});
