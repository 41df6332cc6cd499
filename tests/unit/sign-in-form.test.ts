import { describe, expect, it } from "vitest";
import { signInSchema } from "../../src/lib/forms/sign-in.ts";

describe("sign-in form schema", () => {
  it("accepts an e-mail and a password, trimming the e-mail", () => {
    expect(signInSchema.parse({ email: " awa@demo.univ.cm ", password: "x" })).toEqual({
      email: "awa@demo.univ.cm",
      password: "x",
    });
  });

  it("names each bad field with an i18n key", () => {
    const result = signInSchema.safeParse({ email: "pas-un-email", password: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ email: "signIn.errors.emailInvalid", password: "signIn.errors.passwordRequired" });
  });
});
