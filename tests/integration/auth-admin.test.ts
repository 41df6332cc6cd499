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
