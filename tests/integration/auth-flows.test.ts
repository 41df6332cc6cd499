// The sign-in, sign-up, one-time-code, resend, recovery and password-update calls of
// SPEC §7 the product makes, through supabase-js against the local stack.
import { describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

// One e-mail of a kind per address every 2 s (hosted: 60 s), so a test can wait out the limit.
const stack = useLocalStack({ siteUrl: "http://127.0.0.1:4421", auth: { rateLimits: { emailFrequencySeconds: 2 } } });
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

// Each e-mailed link of GoTrue's types lands where its redirect_to says, signed in, with the
// fragment's type; used twice, it lands with otp_expired for the page to explain. The words
// come from supabase/templates in the account's language.
describe("auth e-mail links and codes", () => {
  const site = "http://127.0.0.1:4421";
  const lastMail = (to: string) => stack().emails!.messages.get(to)!.at(-1)!;
  const linkOf = (text: string | undefined) => /https?:\/\/\S+/.exec(text ?? "")![0];
  const codeOf = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? "")![1];
  async function land(link: string) {
    const location = (await fetch(link, { redirect: "manual" })).headers.get("location")!;
    const [base, fragment] = location.split("#");
    return { base, params: new URLSearchParams(fragment) };
  }

  it("an invitation in French lands on /accept-invite signed in (type invite); used again, otp_expired", async () => {
    const admin = stack().client({ secret: true });
    const { error } = await admin.auth.admin.inviteUserByEmail("prof.invite@example.cm", {
      data: { full_name: "Martine Ekotto", preferred_locale: "fr" },
      redirectTo: `${site}/accept-invite`,
    });
    expect(error).toBeNull();
    const mail = lastMail("prof.invite@example.cm");
    expect(mail.subject).toContain("Votre accès à l'Université en ligne du Cameroun");
    expect(mail.text).toContain("Bonjour Martine Ekotto");
    expect(mail.text).toContain("choisissez votre mot de passe");
    const link = linkOf(mail.text);
    expect(link).toContain("type=invite");
    const first = await land(link);
    expect(first.base).toBe(`${site}/accept-invite`);
    expect(first.params.get("type")).toBe("invite");
    const client = fresh();
    expect((await client.auth.setSession({ access_token: first.params.get("access_token")!, refresh_token: first.params.get("refresh_token")! })).error).toBeNull();
    expect((await client.auth.updateUser({ password: "Ekotto-Mot-De-Passe-2026!" })).error).toBeNull();
    await signInAs(stack(), "prof.invite@example.cm", "Ekotto-Mot-De-Passe-2026!");
    const again = await land(link);
    expect(again.base).toBe(`${site}/accept-invite`);
    expect(again.params.get("error_code")).toBe("otp_expired");
  });

  it("an English recovery e-mail for an English account; the link lands on reset-password (type recovery)", async () => {
    await fresh().auth.signUp({ email: "reader.en@example.cm", password: "English-Reader-2026", options: { data: { preferred_locale: "en" } } });
    const confirmation = lastMail("reader.en@example.cm");
    expect(confirmation.subject).toContain("Confirm your e-mail address");
    expect(confirmation.text).toContain("To finish creating your account, enter this code");
    expect((await fresh().auth.verifyOtp({ email: "reader.en@example.cm", token: codeOf(confirmation.text), type: "signup" })).error).toBeNull();

    expect((await fresh().auth.resetPasswordForEmail("reader.en@example.cm", { redirectTo: `${site}/en/reset-password` })).error).toBeNull();
    const mail = lastMail("reader.en@example.cm");
    expect(mail.text).toContain("Choose a new password");
    const landed = await land(linkOf(mail.text));
    expect(landed.base).toBe(`${site}/en/reset-password`);
    expect(landed.params.get("type")).toBe("recovery");
    expect(landed.params.get("access_token")).toBeTruthy();
  });

  it("the sign-up link (type signup) lands signed in; an unconfirmed account gets a new French code after the wait, which confirms it", async () => {
    const email = "plus.tard@example.cm";
    await fresh().auth.signUp({ email, password: "Plus-Tard-2026", options: { data: { full_name: "Awa", preferred_locale: "fr" }, emailRedirectTo: `${site}/login` } });
    const first = lastMail(email);
    expect(first.text).toContain("Confirmez votre adresse e-mail");
    expect(linkOf(first.text)).toContain("type=signup");

    // Asked again at once: GoTrue's 429 with the wait, which the pages translate.
    const early = await fresh().auth.resend({ type: "signup", email });
    expect(early.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(early.error!.message).toMatch(/after \d+ seconds/);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const resent = await fresh().auth.resend({ type: "signup", email, options: { emailRedirectTo: `${site}/login` } });
    expect(resent.error).toBeNull();
    const second = lastMail(email);
    expect(second).not.toBe(first);
    expect(second.text).toContain("Confirmez votre adresse e-mail");
    // The first code is spent by the new one; the new one confirms and signs in.
    expect((await fresh().auth.verifyOtp({ email, token: codeOf(first.text), type: "signup" })).error).not.toBeNull();
    const { data, error } = await fresh().auth.verifyOtp({ email, token: codeOf(second.text), type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    // Its link was spent with it: it lands on the login page with otp_expired.
    const landed = await land(linkOf(second.text));
    expect(landed.base).toBe(`${site}/login`);
    expect(landed.params.get("error_code")).toBe("otp_expired");
  });

  it("a one-time code e-mail and an e-mail change come from the templates; the change's link (type email_change) lands signed in", async () => {
    expect((await fresh().auth.signInWithOtp({ email: "reader.en@example.cm", options: { shouldCreateUser: false } })).error).toBeNull();
    expect(lastMail("reader.en@example.cm").text).toContain("Your sign-in code");

    const client = await signInAs(stack(), "reader.en@example.cm", "English-Reader-2026");
    expect((await client.auth.updateUser({ email: "reader.new@example.cm" })).error).toBeNull();
    // Lite asks the current address to confirm (hosted also writes to the new one).
    const toCurrent = lastMail("reader.en@example.cm");
    expect(toCurrent.subject).toContain("Confirm your new e-mail address");
    expect(toCurrent.text).toContain("from reader.en@example.cm to reader.new@example.cm");
    const link = linkOf(toCurrent.text);
    expect(link.startsWith(`${stack().url}/auth/v1/verify?`)).toBe(true);
    expect(link).toContain("type=email_change");
    const landed = await land(link);
    expect(landed.base).toBe(site);
    expect(landed.params.get("type")).toBe("email_change");
    expect(landed.params.get("access_token")).toBeTruthy();
  });
});
