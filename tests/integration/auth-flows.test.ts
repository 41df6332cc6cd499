// The sign-in, sign-up, one-time-code, resend, recovery and password-update calls of
// SPEC §7 the product makes, through supabase-js against the local stack.
import { describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

const stack = useLocalStack({ siteUrl: "http://127.0.0.1:4421" });
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
const fresh = () => createClient(stack().url, stack().keys.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });

describe("authentication calls", () => {
  it("signs up with e-mail and password, confirms by the e-mailed link and signs in again", async () => {
    const { data, error } = await fresh().auth.signUp({
      email: "inscrit@example.cm",
      password: "Mot-De-Passe-Inscrit-1",
      options: { data: { full_name: "Inscrit" }, emailRedirectTo: "http://127.0.0.1:4421/login" },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull(); // e-mail confirmation is on, as on a hosted project
    const early = await fresh().auth.signInWithPassword({ email: "inscrit@example.cm", password: "Mot-De-Passe-Inscrit-1" });
    expect(early.error?.code).toBe("email_not_confirmed");
    const mail = stack().emails!.messages.get("inscrit@example.cm")!.at(-1)!;
    const link = /https?:\/\/\S+/.exec(mail.text ?? "")![0];
    const location = (await fetch(link, { redirect: "manual" })).headers.get("location")!;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:4421\/login#access_token=/);
    await signInAs(stack(), "inscrit@example.cm", "Mot-De-Passe-Inscrit-1");
  });

  it("rejects a wrong password with invalid_credentials", async () => {
    const { error } = await fresh().auth.signInWithPassword({ email: student.email, password: "pas-le-bon" });
    expect(error).toMatchObject({ status: 400, code: "invalid_credentials" });
  });

  it("rejects a weak password with the server's reasons", async () => {
    const { error } = await fresh().auth.signUp({ email: "faible@example.cm", password: "abc" });
    expect(error).toMatchObject({ code: "weak_password", status: 422 });
    expect((error as { reasons?: string[] }).reasons).toEqual(["length", "characters"]);
  });

  it("refuses sign-in without e-mail or phone (SPEC §5)", async () => {
    const { error } = await fresh().auth.signInWithPassword({ password: "x" } as never);
    expect(error?.message).toBe("You must provide either an email or phone number and a password");
    const signUp = await fresh().auth.signUp({ password: "x" } as never);
    expect(signUp.error?.message).toBe("You must provide either an email or phone number and a password");
  });

  it("signs in with a one-time code sent by e-mail, creating the user, and resends it", async () => {
    const client = fresh();
    const { error } = await client.auth.signInWithOtp({ email: "code@example.cm", options: { shouldCreateUser: true } });
    expect(error).toBeNull();
    const mails = stack().emails!.messages.get("code@example.cm")!;
    const code = /\b(\d{6})\b/.exec(mails.at(-1)!.text ?? "")![1]!;
    const { data, error: verifyError } = await client.auth.verifyOtp({ email: "code@example.cm", token: code, type: "email" });
    expect(verifyError).toBeNull();
    expect(data.session?.user.email).toBe("code@example.cm");
    const resend = await client.auth.resend({ type: "signup", email: "code@example.cm" });
    expect(resend.error).toBeNull();
  });

  it("e-mails a recovery link that lands on the reset page with a session, then updates the password", async () => {
    const { error } = await fresh().auth.resetPasswordForEmail(student.email, { redirectTo: "http://127.0.0.1:4421/reset-password" });
    expect(error).toBeNull();
    const mail = stack().emails!.messages.get(student.email)!.at(-1)!;
    const link = /https?:\/\/\S+/.exec(mail.text ?? "")![0];
    expect(link.startsWith(`${stack().url}/auth/v1/verify?`)).toBe(true);
    const response = await fetch(link, { redirect: "manual" });
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:4421\/reset-password#/);
    const params = new URLSearchParams(location.split("#")[1]);
    const client = fresh();
    const { error: setError } = await client.auth.setSession({ access_token: params.get("access_token")!, refresh_token: params.get("refresh_token")! });
    expect(setError).toBeNull();
    const weak = await client.auth.updateUser({ password: "abc" });
    expect(weak.error?.code).toBe("weak_password");
    const { error: updateError } = await client.auth.updateUser({ password: "Nouveau-Etudiant-2026" });
    expect(updateError).toBeNull();
    await signInAs(stack(), student.email, "Nouveau-Etudiant-2026");
  });

  it("logs out and refuses the old session", async () => {
    const client = await signInAs(stack(), DEMO_ACCOUNTS[1].email, DEMO_ACCOUNTS[1].password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const { error } = await client.auth.signOut({ scope: "local" });
    expect(error).toBeNull();
    const response = await fetch(`${stack().url}/auth/v1/user`, { headers: { apikey: stack().keys.publishableKey, authorization: `Bearer ${token}` } });
    expect(response.status).toBeGreaterThanOrEqual(401);
  });
});
