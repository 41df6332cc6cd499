// Local auth behaves like hosted GoTrue, so nothing passes here that fails in production:
// refresh-token reuse, rate limits (small ones on this stack), admin listing order, aal2 to
// change a password once a factor is verified, password rules with GoTrue's reasons (staff
// stronger), and self sign-up with e-mail confirmation that never says whether an address
// is registered.
import { describe, expect, it } from "vitest";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { lastEmailCode, signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { totpCode } from "../../supabase/local/auth/totp.ts";

const SITE = "http://127.0.0.1:4421";
const stack = useLocalStack({
  siteUrl: SITE,
  auth: {
    rateLimits: {
      signInPerIp: { max: 40, windowSeconds: 300 },
      failedSignInPerAccount: { max: 3, windowSeconds: 900 },
      emailPerIp: { max: 8, windowSeconds: 300 },
      emailFrequencySeconds: 2, // hosted: 60
    },
  },
});
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
const teacher = DEMO_ACCOUNTS.find((a) => a.role === "teacher")!;
const fresh = () => createClient(stack().url, stack().keys.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });

async function authPost(path: string, body: unknown, token?: string) {
  const response = await fetch(`${stack().url}/auth/v1${path}`, {
    method: "POST",
    headers: { apikey: stack().keys.publishableKey, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refresh = (token: string) => authPost("/token?grant_type=refresh_token", { refresh_token: token });
const passwordSignIn = (email: string, password: string) => authPost("/token?grant_type=password", { email, password });
/** Pretends a token was revoked that long ago (the reuse interval is 10 s). */
const ageToken = (token: string, seconds: number) => stack().sql("update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1", [token, seconds]);

describe("refresh tokens (GoTrue's rotation and 10-second reuse interval)", () => {
  it("accepts a rotated token within the interval, refuses it afterwards and then revokes the whole session", async () => {
    const signIn = await passwordSignIn(teacher.email, teacher.password);
    const a = signIn.body.refresh_token as string;
    const b = (await refresh(a)).body.refresh_token as string;
    const c = (await refresh(b)).body.refresh_token as string;
    expect(new Set([a, b, c]).size).toBe(3);

    // Concurrent refreshes: a token rotated a moment ago still answers, with the current token.
    const again = await refresh(a);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(c);

    // Past the interval, a token two rotations old is taken for stolen.
    await ageToken(a, 11);
    const stolen = await refresh(a);
    expect(stolen).toMatchObject({ status: 400, body: { error_code: "refresh_token_already_used", msg: "Invalid Refresh Token: Already Used" } });
    // …and every token of that session goes with it, the current one included.
    const [current] = await stack().sql<{ token: string }>(
      "select token from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) order by created_at desc limit 1",
      [a],
    );
    expect((await refresh(current.token)).body.error_code).toBe("refresh_token_already_used");
    expect((await refresh(c)).status).toBe(400);
    const live = await stack().sql("select 1 from auth.refresh_tokens where token = any ($1) and not revoked", [[a, b, c, current.token]]);
    expect(live).toHaveLength(0);
  });

  it("gives the current token back for its parent, as GoTrue does for a client that lost its last answer", async () => {
    const a = (await passwordSignIn(teacher.email, teacher.password)).body.refresh_token as string;
    const b = (await refresh(a)).body.refresh_token as string;
    await ageToken(a, 3600);
    const lost = await refresh(a);
    expect(lost.status).toBe(200);
    expect(lost.body.refresh_token).toBe(b);
  });
});

describe("admin user list", () => {
  it("pages newest first, so a user just created is on page 1", async () => {
    const admin = stack().client({ secret: true });
    const { data: created } = await admin.auth.admin.createUser({ email: "tout.neuf@example.cm", password: "Mot-De-Passe-Neuf-1", email_confirm: true });
    const { data } = await admin.auth.admin.listUsers({ page: 1, perPage: 5 });
    expect(data.users[0].id).toBe(created.user!.id);
    const times = data.users.map((u) => Date.parse(u.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});

describe("password rules (GoTrue's weak_password reasons)", () => {
  const reasonsOf = (error: unknown) => (error as { reasons?: string[] }).reasons;

  it("asks everyone for 8 characters with letters and digits, and refuses leaked passwords", async () => {
    const short = await fresh().auth.signUp({ email: "court@example.cm", password: "abc1" });
    expect(short.error).toMatchObject({ code: "weak_password", status: 422 });
    expect(reasonsOf(short.error)).toEqual(["length"]);
    const letters = await fresh().auth.signUp({ email: "lettres@example.cm", password: "seulementdeslettres" });
    expect(reasonsOf(letters.error)).toEqual(["characters"]);
    const leaked = await fresh().auth.signUp({ email: "fuite@example.cm", password: "Password123" });
    expect(reasonsOf(leaked.error)).toEqual(["pwned"]);
    const both = await fresh().auth.signUp({ email: "faible@example.cm", password: "abc" });
    expect(reasonsOf(both.error)).toEqual(["length", "characters"]);
    const ok = await fresh().auth.signUp({ email: "solide@example.cm", password: "etudiant2026" });
    expect(ok.error).toBeNull();
  });

  it("asks more of teachers' and admins' passwords: 12 characters, lower, upper, digit and symbol", async () => {
    const admin = stack().client({ secret: true });
    const [{ id: teacherId }] = await stack().sql<{ id: string }>("select id from auth.users where email = $1", [teacher.email]);
    const weak = await admin.auth.admin.updateUserById(teacherId, { password: "enseignant2026" });
    expect(weak.error).toMatchObject({ code: "weak_password", status: 422 });
    expect(reasonsOf(weak.error)).toEqual(["characters"]);
    const short = await admin.auth.admin.updateUserById(teacherId, { password: "Ens-2026-ok" });
    expect(reasonsOf(short.error)).toEqual(["length"]);
    const strong = await admin.auth.admin.updateUserById(teacherId, { password: "Enseignant-Demo-2026" });
    expect(strong.error).toBeNull();
    // A student's password follows everyone's rule.
    const [{ id: studentId }] = await stack().sql<{ id: string }>("select id from auth.users where email = $1", [student.email]);
    expect((await admin.auth.admin.updateUserById(studentId, { password: "etudiant2026" })).error).toBeNull();
    await admin.auth.admin.updateUserById(studentId, { password: student.password });
    // Creating a teacher through the admin-users function: the function checks the staff
    // rule itself, as a hosted GoTrue only knows everyone's.
    const admin1 = await signInAs(stack(), DEMO_ACCOUNTS.find((a) => a.role === "admin")!.email, DEMO_ACCOUNTS.find((a) => a.role === "admin")!.password);
    const create = (password: string) => admin1.functions.invoke("admin-users", { body: { action: "create", email: "prof.neuf@example.cm", full_name: "Prof Neuf", password, roles: ["teacher"] } });
    const refused = await create("professeur2026");
    expect((refused.error as { context?: Response }).context?.status).toBe(400);
    expect(await (refused.error as { context: Response }).context.json()).toEqual({ error: "weak_password", reasons: ["characters"] });
    expect(await stack().sql("select 1 from auth.users where email = 'prof.neuf@example.cm'")).toHaveLength(0);
    expect((await create("Professeur-Neuf-2026")).error).toBeNull();
    // A teacher changing its own password gets the staff rule too.
    const self = await signInAs(stack(), teacher.email, teacher.password);
    const own = await self.auth.updateUser({ password: "enseignant2026" });
    expect(reasonsOf(own.error)).toEqual(["characters"]);
  });
});

describe("a password change needs aal2 once a factor is verified", () => {
  it("refuses an aal1 session with insufficient_aal and accepts the aal2 one", async () => {
    const email = "deux.facteurs@example.cm";
    const password = "Mot-De-Passe-Mfa-2026";
    await signUpConfirmed(stack(), email, password);
    const enrolled: SupabaseClient = await signInAs(stack(), email, password);
    const { data: factor } = await enrolled.auth.mfa.enroll({ factorType: "totp", friendlyName: "Téléphone" });
    const { error: verifyError } = await enrolled.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret) });
    expect(verifyError).toBeNull();

    const aal1 = await signInAs(stack(), email, password);
    const refused = await aal1.auth.updateUser({ password: "Autre-Mot-De-Passe-2026" });
    expect(refused.error).toMatchObject({ code: "insufficient_aal", status: 401 });
    const email1 = await aal1.auth.updateUser({ email: "autre.adresse@example.cm" });
    expect(email1.error?.code).toBe("insufficient_aal");

    const changed = await enrolled.auth.updateUser({ password: "Autre-Mot-De-Passe-2026", current_password: password });
    expect(changed.error).toBeNull();
  });
});

describe("self sign-up confirms the e-mail and never says whether an address is registered", () => {
  it("creates an unconfirmed account with no session, whose e-mailed link confirms and signs in", async () => {
    const email = "nouvelle@example.cm";
    const { data, error } = await fresh().auth.signUp({
      email,
      password: "Mot-De-Passe-Nouvelle-1",
      options: { data: { full_name: "Nouvelle" }, emailRedirectTo: `${SITE}/login` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, confirmation_sent_at: expect.any(String) });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const early = await passwordSignIn(email, "Mot-De-Passe-Nouvelle-1");
    expect(early.body.error_code).toBe("email_not_confirmed");
    // No role until an admin or admissions gives one.
    expect(await stack().sql("select role from public.user_roles where user_id = $1", [data.user!.id])).toEqual([]);

    const mail = stack().emails!.messages.get(email)!.at(-1)!;
    const link = /https?:\/\/\S+/.exec(mail.text ?? "")![0];
    expect(link.startsWith(`${stack().url}/auth/v1/verify?`)).toBe(true);
    const response = await fetch(link, { redirect: "manual" });
    const location = response.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${SITE}/login#access_token=`));
    await signInAs(stack(), email, "Mot-De-Passe-Nouvelle-1");
  });

  it("answers a registered address like a new one: a user, no session, no e-mail", async () => {
    const before = stack().emails!.messages.get(student.email)?.length ?? 0;
    const registered = await fresh().auth.signUp({ email: student.email, password: "Un-Autre-Mot-2026" });
    const unknown = await fresh().auth.signUp({ email: "inconnue@example.cm", password: "Un-Autre-Mot-2026" });
    for (const answer of [registered, unknown]) {
      expect(answer.error).toBeNull();
      expect(answer.data.session).toBeNull();
      expect(answer.data.user).toMatchObject({ aud: "authenticated", confirmation_sent_at: expect.any(String) });
    }
    expect(
      Object.keys(registered.data.user!)
        .filter((k) => k !== "identities")
        .sort(),
    ).toEqual(expect.arrayContaining(["id", "email", "aud", "confirmation_sent_at", "created_at", "updated_at", "app_metadata", "user_metadata"]));
    const [{ id: studentId }] = await stack().sql<{ id: string }>("select id from auth.users where email = $1", [student.email]);
    expect(registered.data.user!.id).not.toBe(studentId);
    expect(stack().emails!.messages.get(student.email)?.length ?? 0).toBe(before);
    // The real account is untouched: its own password still signs in.
    await signInAs(stack(), student.email, student.password);
  });

  it("confirms with the e-mailed code too", async () => {
    const client = await signUpConfirmed(stack(), "par.code@example.cm", "Mot-De-Passe-Code-1");
    expect((await client.auth.getUser()).data.user?.email_confirmed_at).toBeTruthy();
    expect(lastEmailCode(stack(), "par.code@example.cm")).toMatch(/^\d{6}$/);
  });
});

describe("rate limits (429 with GoTrue's error codes)", () => {
  it("stops a client that keeps failing on an account, even with the right password (other clients: auth-security.test.ts)", async () => {
    const email = "essais@example.cm";
    await signUpConfirmed(stack(), email, "Mot-De-Passe-Essais-1");
    await signInAs(stack(), email, "Mot-De-Passe-Essais-1"); // successes are not counted
    for (let i = 0; i < 3; i++) expect((await passwordSignIn(email, `faux-${i}-2026`)).body.error_code).toBe("invalid_credentials");
    const locked = await passwordSignIn(email, "Mot-De-Passe-Essais-1");
    expect(locked).toMatchObject({ status: 429, body: { error_code: "over_request_rate_limit" } });
    // Other accounts are not affected.
    await signInAs(stack(), teacher.email, teacher.password);
  });

  it("sends one e-mail of a kind per address per minute (2 s on this stack)", async () => {
    const first = await fresh().auth.resetPasswordForEmail(teacher.email, { redirectTo: `${SITE}/reset-password` });
    expect(first.error).toBeNull();
    const second = await fresh().auth.resetPasswordForEmail(teacher.email, { redirectTo: `${SITE}/reset-password` });
    expect(second.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });

  it("resends a sign-up link after the interval, never to a confirmed or unknown address", async () => {
    const email = "renvoi@example.cm";
    await fresh().auth.signUp({ email, password: "Mot-De-Passe-Renvoi-1" });
    const soon = await fresh().auth.resend({ type: "signup", email });
    expect(soon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const count = stack().emails!.messages.get(email)!.length;
    const later = await fresh().auth.resend({ type: "signup", email, options: { emailRedirectTo: `${SITE}/login` } });
    expect(later.error).toBeNull();
    expect(stack().emails!.messages.get(email)!.length).toBe(count + 1);
    const confirmed = await fresh().auth.resend({ type: "signup", email: student.email });
    expect(confirmed.error).toBeNull();
  });

  it("limits e-mail requests per address (one-time codes, recovery)", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await authPost("/otp", { email: `otp.${i}@example.cm`, create_user: false })).status);
    const refused = answers.indexOf(429);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(8);
    const last = await authPost("/otp", { email: "otp.last@example.cm", create_user: false });
    expect(last).toMatchObject({ status: 429, body: { error_code: "over_email_send_rate_limit" } });
  });

  it("limits password sign-ins per address", async () => {
    let refusedAt = -1;
    for (let i = 0; i < 41 && refusedAt < 0; i++) {
      const answer = await passwordSignIn(`personne.${i}@example.cm`, "Pas-Le-Bon-2026");
      if (answer.status === 429) {
        expect(answer.body.error_code).toBe("over_request_rate_limit");
        refusedAt = i;
      } else expect(answer.body.error_code).toBe("invalid_credentials");
    }
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect((await passwordSignIn(teacher.email, teacher.password)).status).toBe(429);
  });
});
