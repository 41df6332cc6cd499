// The admin user API (SPEC §7) through supabase-js with the secret key, and its refusal
// without it; plus the password recovery link the local stack e-mails.
import { describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { totpCode } from "../../supabase/local/auth/totp.ts";

const stack = useLocalStack({ siteUrl: "http://127.0.0.1:4421" });
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;

describe("admin user API with the secret key", () => {
  it("lists users with pagination headers", async () => {
    const admin = stack().client({ secret: true });
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect("total" in data && data.total).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect("nextPage" in data && data.nextPage).toBe(2);
    expect(data.users[0]).toMatchObject({ id: expect.any(String), email: expect.any(String), aud: "authenticated" });
  });

  it("creates, reads, updates and deletes a user who can then sign in or not", async () => {
    const admin = stack().client({ secret: true });
    const { data: created, error } = await admin.auth.admin.createUser({
      email: "Cree.Par.Admin@example.cm",
      password: "Mot-De-Passe-Admin-1",
      email_confirm: true,
      user_metadata: { full_name: "Créé Par Admin" },
    });
    expect(error).toBeNull();
    const user = created.user!;
    expect(user).toMatchObject({ email: "cree.par.admin@example.cm", user_metadata: { full_name: "Créé Par Admin" } });
    expect(user.email_confirmed_at).toBeTruthy();
    const [{ full_name }] = await stack().sql<{ full_name: string }>("select full_name from public.profiles where id = $1", [user.id]);
    expect(full_name).toBe("Créé Par Admin");

    await signInAs(stack(), "cree.par.admin@example.cm", "Mot-De-Passe-Admin-1");
    const duplicate = await admin.auth.admin.createUser({ email: "cree.par.admin@example.cm", password: "x-123456" });
    expect(duplicate.error?.code).toBe("email_exists");
    const weak = await admin.auth.admin.createUser({ email: "faible@example.cm", password: "123" });
    expect(weak.error?.code).toBe("weak_password");

    const { data: fetched } = await admin.auth.admin.getUserById(user.id);
    expect(fetched.user?.id).toBe(user.id);

    const { data: updated, error: updateError } = await admin.auth.admin.updateUserById(user.id, {
      password: "Nouveau-Mot-De-Passe-2",
      user_metadata: { preferred_locale: "en" },
    });
    expect(updateError).toBeNull();
    expect(updated.user?.user_metadata).toMatchObject({ full_name: "Créé Par Admin", preferred_locale: "en" });
    await signInAs(stack(), "cree.par.admin@example.cm", "Nouveau-Mot-De-Passe-2");

    const { error: deleteError } = await admin.auth.admin.deleteUser(user.id);
    expect(deleteError).toBeNull();
    expect((await admin.auth.admin.getUserById(user.id)).error?.status).toBe(404);
    await expect(signInAs(stack(), "cree.par.admin@example.cm", "Nouveau-Mot-De-Passe-2")).rejects.toThrow();
  });

  it("generates a recovery link that signs the user in through /verify", async () => {
    const admin = stack().client({ secret: true });
    const { data, error } = await admin.auth.admin.generateLink({
      type: "recovery",
      email: student.email,
      options: { redirectTo: "http://127.0.0.1:4421/reset-password" },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: "recovery", email_otp: expect.stringMatching(/^\d{6}$/), hashed_token: expect.any(String) });
    expect(data.user!.email).toBe(student.email);
    const response = await fetch(data.properties!.action_link, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^http:\/\/127\.0\.0\.1:4421\/reset-password#access_token=/);
  });

  it("invites a user by e-mail and generates signup and magic links", async () => {
    const admin = stack().client({ secret: true });
    const { data, error } = await admin.auth.admin.inviteUserByEmail("invite@example.cm", { data: { full_name: "Invitée" } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "invite@example.cm", invited_at: expect.any(String) });
    const [mail] = stack().emails!.messages.get("invite@example.cm")!;
    expect(mail.text ?? "").toMatch(/\/auth\/v1\/verify\?token=\w+&type=invite/);

    const signup = await admin.auth.admin.generateLink({ type: "signup", email: "lien@example.cm", password: "Mot-De-Passe-Lien-3" });
    expect(signup.error).toBeNull();
    expect(signup.data.properties!.verification_type).toBe("signup");
    const magic = await admin.auth.admin.generateLink({ type: "magiclink", email: student.email });
    expect(magic.error).toBeNull();
    const verified = await stack().client().auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: "magiclink" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(student.email);
  });

  it("lists and deletes a user's factors", async () => {
    const admin = stack().client({ secret: true });
    const { data: created } = await admin.auth.admin.createUser({ email: "facteurs@example.cm", password: "Mot-De-Passe-Fact-4", email_confirm: true });
    const client = await signInAs(stack(), "facteurs@example.cm", "Mot-De-Passe-Fact-4");
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Téléphone" });
    await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) });

    const { data: listed, error } = await admin.auth.admin.mfa.listFactors({ userId: created.user!.id });
    expect(error).toBeNull();
    expect(listed!.factors).toEqual([expect.objectContaining({ id: enrolled!.id, status: "verified", factor_type: "totp" })]);
    const { data: deleted, error: deleteError } = await admin.auth.admin.mfa.deleteFactor({ userId: created.user!.id, id: enrolled!.id });
    expect(deleteError).toBeNull();
    // supabase-js 2 wraps this one answer once more: { data: { id }, error: null }.
    expect(JSON.stringify(deleted)).toContain(enrolled!.id);
    expect((await admin.auth.admin.mfa.listFactors({ userId: created.user!.id })).data!.factors).toEqual([]);
  });
});

describe("admin user API without the secret key", () => {
  it("is refused with the publishable key (401) and a user's token (403)", async () => {
    const anon = stack().client();
    const anonymous = await anon.auth.admin.listUsers();
    expect(anonymous.error?.status).toBe(401);
    const signedIn = await signInAs(stack(), student.email, student.password);
    const token = (await signedIn.auth.getSession()).data.session!.access_token;
    const asUser = createClient(stack().url, stack().keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const refused = await asUser.auth.admin.createUser({ email: "intrus@example.cm", password: "Mot-De-Passe-5" });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe("not_admin");
    const noKey = await fetch(`${stack().url}/auth/v1/admin/users`);
    expect(noKey.status).toBe(401);
  });
});

describe("admin answers as GoTrue's", () => {
  it("changes a user's e-mail whole: the account and its e-mail identity, which then signs in", async () => {
    const admin = stack().client({ secret: true });
    const { data: created } = await admin.auth.admin.createUser({ email: "ancienne@example.cm", password: "Mot-De-Passe-Adr-6", email_confirm: true });
    const id = created.user!.id;
    const { data, error } = await admin.auth.admin.updateUserById(id, { email: "Nouvelle@Example.cm" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe("nouvelle@example.cm");
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: "email", identity_data: expect.objectContaining({ email: "nouvelle@example.cm" }) })]);
    const identities = await stack().sql<{ email: string }>("select email from auth.identities where user_id = $1", [id]);
    expect(identities).toEqual([{ email: "nouvelle@example.cm" }]);
    await signInAs(stack(), "nouvelle@example.cm", "Mot-De-Passe-Adr-6");
    await expect(signInAs(stack(), "ancienne@example.cm", "Mot-De-Passe-Adr-6")).rejects.toThrow();
  });

  it("refuses an address GoTrue refuses on every way in, and takes one it takes", async () => {
    const admin = stack().client({ secret: true });
    const invalid = "xx:;x@x.x";
    const answers = [
      (await admin.auth.admin.createUser({ email: invalid, password: "Mot-De-Passe-Inv-7" })).error,
      (await admin.auth.admin.inviteUserByEmail(invalid)).error,
      (await admin.auth.admin.generateLink({ type: "signup", email: invalid, password: "Mot-De-Passe-Inv-7" })).error,
      (await stack().client().auth.signUp({ email: invalid, password: "Mot-De-Passe-Inv-7" })).error,
      (await stack().client().auth.signInWithOtp({ email: invalid })).error,
      // lite's own check (lite-patches.ts email-format): an e-mail change by the user.
      (await (await signInAs(stack(), student.email, student.password)).auth.updateUser({ email: invalid })).error,
    ];
    for (const error of answers) expect(error?.message).toBe("Unable to validate email address: invalid format");
    const { error } = await admin.auth.admin.createUser({ email: "root@localhost", password: "Mot-De-Passe-Loc-8" });
    expect(error).toBeNull();
  });

  it("refuses a page that is not an unsigned integer", async () => {
    const { data, error } = await stack().client({ secret: true }).auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(data.users).toEqual([]);
  });

  it("generates e-mail change links for the current and the new address", async () => {
    const admin = stack().client({ secret: true });
    await admin.auth.admin.createUser({ email: "change.lien@example.cm", password: "Mot-De-Passe-Chg-9", email_confirm: true });
    for (const type of ["email_change_current", "email_change_new"] as const) {
      const { data, error } = await admin.auth.admin.generateLink({ type, email: "change.lien@example.cm", newEmail: "change.nouveau@example.cm" });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email: "change.lien@example.cm", new_email: "change.nouveau@example.cm" });
      expect(data.properties).toMatchObject({ verification_type: type, email_otp: expect.stringMatching(/^\d{6}$/) });
      expect(data.properties!.action_link).toMatch(/\/auth\/v1\/verify\?token=\w+&type=email_change&redirect_to=/);
    }
    const taken = await admin.auth.admin.generateLink({ type: "email_change_new", email: "change.lien@example.cm", newEmail: student.email });
    expect(taken.error?.code).toBe("email_exists");
  });
});

describe("features the project leaves off answer with GoTrue's errors, not lite's 404 text", () => {
  it("passkeys, SSO, identity linking, OAuth server, Web3, ID tokens, phone and WebAuthn factors", async () => {
    const { url, keys } = stack();
    const session = (await (await signInAs(stack(), student.email, student.password)).auth.getSession()).data.session!;
    const call = async (method: string, path: string, body?: unknown, bearer?: string) => {
      const response = await fetch(`${url}/auth/v1${path}`, {
        method,
        headers: { apikey: keys.publishableKey, "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { error_code?: string; msg?: string };
      return [response.status, json.error_code, json.msg];
    };
    const user = session.access_token;
    expect(await call("POST", "/passkeys/authentication/options", {})).toEqual([404, "passkey_disabled", "Passkeys are disabled"]);
    expect(await call("POST", "/sso", { domain: "uel.cm" })).toEqual([404, "saml_provider_disabled", "SAML 2.0 is disabled"]);
    expect(await call("GET", "/user/identities/authorize?provider=google", undefined, user)).toEqual([404, "manual_linking_disabled", "Manual linking is disabled"]);
    expect((await call("GET", "/user/identities/authorize?provider=google"))[0]).toBe(401);
    expect(await call("GET", "/admin/oauth/clients", undefined, keys.secretKey)).toEqual([404, "feature_disabled", "OAuth server is disabled"]);
    expect((await call("GET", "/admin/oauth/clients", undefined, user))[0]).toBe(403);
    expect(await call("POST", "/token?grant_type=web3", { chain: "solana" })).toEqual([422, "web3_provider_disabled", "Web3 provider is disabled"]);
    expect(await call("POST", "/token?grant_type=id_token", { provider: "google", id_token: "x" })).toEqual([
      400,
      "provider_disabled",
      'Provider (issuer "https://accounts.google.com") is not enabled',
    ]);
    const phone = "+237690000000";
    expect(await call("POST", "/signup", { phone, password: "Mot-De-Passe-Tel-1" })).toEqual([400, "phone_provider_disabled", "Phone signups are disabled"]);
    expect(await call("POST", "/otp", { phone })).toEqual([400, "phone_provider_disabled", "Unsupported phone provider"]);
    expect(await call("POST", "/token?grant_type=password", { phone, password: "x" })).toEqual([422, "phone_provider_disabled", "Phone logins are disabled"]);
    expect(await call("POST", "/verify", { phone, token: "123456", type: "sms" })).toEqual([403, "otp_expired", "Token has expired or is invalid"]);
    expect(await call("POST", "/factors", { factor_type: "webauthn" }, user)).toEqual([422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn"]);
  });

  it("says a wrong e-mailed code has expired or is invalid, as GoTrue does for a code (not a link)", async () => {
    const { error } = await stack().client().auth.verifyOtp({ email: student.email, token: "000000", type: "email" });
    expect(error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
  });
});
