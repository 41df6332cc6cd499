// The admin-users function (supabase/functions/admin-users) on a fresh local stack: who it
// refuses (anon, student, teacher, an admin at aal1 when MFA is required or when they have
// a factor), what each action does in auth and in SQL, the audit rows it leaves, and the
// people tables' RLS (audit_log, security_settings, the guard on one's own admin role).
import { describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { totpCode } from "../../supabase/local/auth/totp.ts";

const stack = useLocalStack({ siteUrl: "http://127.0.0.1:4421" });
const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
const signIn = (role: string) => signInAs(stack(), account(role).email, account(role).password);

async function call(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke("admin-users", { body });
  if (!error) return { status: 200, body: data as Record<string, any> };
  const response = (error as { context?: Response }).context;
  return { status: response?.status ?? 0, body: response ? ((await response.json()) as Record<string, any>) : {} };
}

// Rows written by these tests (the demo seed's audit rows are days old).
const since = new Date().toISOString();
async function auditRows(action: string, target?: string) {
  return stack().sql<{ actor_id: string | null; target_id: string; details: Record<string, unknown> }>(
    "select actor_id, target_id, details from public.audit_log where action = $1 and ($2::text is null or target_id = $2) and created_at >= $3 order by created_at",
    [action, target ?? null, since],
  );
}

const adminId = "00000000-0000-4000-a000-000000000003";

describe("admin-users: who may call it", () => {
  it("refuses anon, a student and a teacher", async () => {
    const anon = stack().client();
    expect((await call(anon, { action: "list" })).status).toBe(401);
    expect(await call(await signIn("student"), { action: "list" })).toMatchObject({ status: 403, body: { error: "not_admin" } });
    expect(await call(await signIn("teacher"), { action: "list" })).toMatchObject({ status: 403, body: { error: "not_admin" } });
  });

  it("lists accounts, server-paged and searched, with roles and no secret", async () => {
    const admin = await signIn("admin");
    const page = await call(admin, { action: "list", page: 1, per_page: 5 });
    expect(page.status).toBe(200);
    expect(page.body.users).toHaveLength(5);
    expect(page.body.total).toBeGreaterThan(50);
    const found = await call(admin, { action: "list", search: "enseignant@demo" });
    expect(found.body.users).toEqual([expect.objectContaining({ email: account("teacher").email, roles: ["teacher"], full_name: account("teacher").fullName, disabled: false })]);
    const text = JSON.stringify(page.body);
    for (const secret of ["encrypted_password", "access_token", "secret", "recovery_token", "app_metadata", "identities"]) expect(text).not.toContain(secret);
  });

  it("refuses an admin at aal1 when MFA is required, accepts them at aal2", async () => {
    const admin = await signIn("admin");
    // Another admin who will enrol a factor.
    const created = await call(admin, { action: "create", email: "second.admin@example.cm", full_name: "Second Admin", password: "Second-Admin-2026", roles: ["admin"] });
    expect(created.status).toBe(200);
    const second = await signInAs(stack(), "second.admin@example.cm", "Second-Admin-2026");
    expect((await call(second, { action: "list" })).status).toBe(200);

    // An admin without a proven factor cannot require it: they would lock themselves (and
    // every aal1 admin) out of the admin area at once.
    const { error: settingsError } = await admin.from("security_settings").update({ require_admin_mfa: true }).eq("id", true);
    expect(settingsError?.message).toMatch(/row-level security/);
    expect((await admin.from("security_settings").select("require_admin_mfa")).data).toEqual([{ require_admin_mfa: false }]);

    const { data: factor } = await second.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
    const { data: challenge } = await second.auth.mfa.challenge({ factorId: factor!.id });
    const { error: verifyError } = await second.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret) });
    expect(verifyError).toBeNull();
    expect((await call(second, { action: "list" })).status).toBe(200);
    const { error: onError } = await second.from("security_settings").update({ require_admin_mfa: true }).eq("id", true);
    expect(onError).toBeNull();

    // The same admin signed in again with the password only: aal1, refused.
    const secondAal1 = await signInAs(stack(), "second.admin@example.cm", "Second-Admin-2026");
    expect(await call(secondAal1, { action: "list" })).toMatchObject({ status: 403, body: { error: "mfa_required" } });
    // The demo admin (no factor) is refused too while the setting is on.
    expect(await call(admin, { action: "list" })).toMatchObject({ status: 403, body: { error: "mfa_enrolment_required" } });
    // ... and by the database itself (is_admin()), not only by the edge function: no role
    // granted, no audit log, no refund, no switching the setting back off; it still sees
    // the setting (the banner that asks it to enrol a factor reads it).
    const [payment] = await stack().sql<{ id: string }>("select id from public.payments where status = 'succeeded' limit 1");
    const grant = await admin.from("user_roles").insert({ user_id: "00000000-0000-4000-a000-000000000001", role: "admin" }).select();
    expect(grant.error).not.toBeNull();
    expect((await admin.from("audit_log").select("id").limit(1)).data).toEqual([]);
    expect((await admin.rpc("refund_payment", { payment: payment!.id, reason: "Essai sans second facteur" })).error?.code).toBe("42501");
    expect((await admin.from("security_settings").update({ require_admin_mfa: false }).eq("id", true).select()).data).toEqual([]);
    expect((await admin.from("security_settings").select("require_admin_mfa")).data).toEqual([{ require_admin_mfa: true }]);
    // the aal2 admin still is one
    expect((await second.from("audit_log").select("id").limit(1)).data).toHaveLength(1);

    // Switch the setting off again (as the aal2 admin), then reset the second admin's MFA.
    const { error: offError } = await second.from("security_settings").update({ require_admin_mfa: false }).eq("id", true);
    expect(offError).toBeNull();
    const reset = await call(second, { action: "reset_mfa", user_id: created.body.id, reason: "Téléphone perdu, identité vérifiée (CNI) au bureau" });
    expect(reset).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await auditRows("account.mfa_reset", created.body.id)).toHaveLength(1);
    // With the setting off, the admin without a factor is an admin at aal1 again.
    expect((await call(admin, { action: "list" })).status).toBe(200);
    expect((await admin.from("audit_log").select("id").limit(1)).data).toHaveLength(1);
    expect(await stack().sql("select 1 from public.user_roles where user_id = '00000000-0000-4000-a000-000000000001' and role = 'admin'")).toEqual([]);
    const changes = await auditRows("security.settings_changed");
    expect(changes.map((c) => c.details.require_admin_mfa)).toEqual([true, false]);
    expect(changes.map((c) => c.actor_id)).toEqual([created.body.id, created.body.id]);
  });
});

describe("admin-users: actions", () => {
  it("resets a locked-out student's factors only with the identity check written down, audited, and tells the student by e-mail", async () => {
    const email = "telephone.perdu@example.cm";
    const admin = await signIn("admin");
    const created = await call(admin, { action: "create", email, full_name: "Étudiant Sans Téléphone", password: "Telephone-Perdu-2026", roles: ["student"] });
    const student = await signInAs(stack(), email, "Telephone-Perdu-2026");
    const { data: factor } = await student.auth.mfa.enroll({ factorType: "totp", friendlyName: "Téléphone" });
    expect((await student.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret) })).error).toBeNull();

    expect(await call(admin, { action: "reset_mfa", user_id: created.body.id })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect((await call(admin, { action: "reset_mfa", user_id: created.body.id, reason: "ok" })).status).toBe(400);
    expect(await stack().sql("select 1 from auth.mfa_factors where user_id = $1", [created.body.id])).toHaveLength(1);
    // A student cannot reset anyone's factors.
    expect((await call(student, { action: "reset_mfa", user_id: created.body.id, reason: "Je me réinitialise moi-même" })).status).toBe(403);

    const reason = "Rappel au numéro enregistré, CNI présentée au bureau";
    expect(await call(admin, { action: "reset_mfa", user_id: created.body.id, reason })).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await stack().sql("select 1 from auth.mfa_factors where user_id = $1", [created.body.id])).toEqual([]);
    expect(await auditRows("account.mfa_reset", created.body.id)).toEqual([expect.objectContaining({ actor_id: adminId, details: { factors: 1, reason } })]);
    const mails = await stack().sql<{ recipient: string; subject: string; status: string }>("select recipient, subject, status from public.outbox_messages where user_id = $1 and kind = 'security'", [
      created.body.id,
    ]);
    expect(mails).toEqual([expect.objectContaining({ recipient: email, subject: "Votre vérification en deux étapes a été réinitialisée" })]);
    // The student signs in with the password alone again.
    const { data: level } = await (await signInAs(stack(), email, "Telephone-Perdu-2026")).auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
  });

  it("creates an account with a role, which signs in; the grant is audited", async () => {
    const admin = await signIn("admin");
    const created = await call(admin, { action: "create", email: "Nouveau.Prof@example.cm", full_name: "Nouveau Prof", password: "Nouveau-Prof-2026", roles: ["teacher"] });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const teacher = await signInAs(stack(), "nouveau.prof@example.cm", "Nouveau-Prof-2026");
    const { data: roles } = await teacher.from("user_roles").select("role").eq("user_id", id);
    expect(roles).toEqual([{ role: "teacher" }]);
    expect(await auditRows("account.created", id)).toEqual([expect.objectContaining({ actor_id: adminId })]);
    expect(await auditRows("role.granted", id)).toEqual([expect.objectContaining({ actor_id: adminId, details: { role: "teacher" } })]);
    const again = await call(admin, { action: "create", email: "nouveau.prof@example.cm", full_name: "Encore", password: "Nouveau-Prof-2026" });
    expect(again).toMatchObject({ status: 409, body: { error: "account_exists" } });
  });

  it("invites by e-mail: the person receives a link", async () => {
    const admin = await signIn("admin");
    const invited = await call(admin, {
      action: "create",
      email: "invite.moi@example.cm",
      full_name: "Invitée",
      invite: true,
      roles: ["student"],
      redirect_to: "http://127.0.0.1:4421/update-password",
    });
    expect(invited.status).toBe(200);
    const mails = stack().emails!.messages.get("invite.moi@example.cm") ?? [];
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]+&type=invite/);
    expect(await auditRows("account.invited", invited.body.id)).toHaveLength(1);
    const listed = await call(admin, { action: "list", search: "invite.moi" });
    expect(listed.body.users[0]).toMatchObject({ invited: true, roles: ["student"] });
  });

  it("grants and removes roles, but never one's own admin role (function and SQL)", async () => {
    const admin = await signIn("admin");
    const studentId = "00000000-0000-4000-a000-000000000001";
    expect((await call(admin, { action: "set_role", user_id: studentId, role: "teacher", granted: true })).status).toBe(200);
    expect((await call(admin, { action: "set_role", user_id: studentId, role: "teacher", granted: false })).status).toBe(200);
    expect((await auditRows("role.removed", studentId)).map((r) => r.details)).toEqual([{ role: "teacher" }]);

    expect(await call(admin, { action: "set_role", user_id: adminId, role: "admin", granted: false })).toMatchObject({ status: 409, body: { error: "own_admin_role" } });
    const { error } = await admin.from("user_roles").delete().eq("user_id", adminId).eq("role", "admin");
    expect(error?.message).toMatch(/own admin role/);
    const { error: updateError } = await admin.from("user_roles").update({ role: "student" }).eq("user_id", adminId).eq("role", "admin");
    expect(updateError?.message).toMatch(/own admin role/);
    const [{ n }] = await stack().sql<{ n: number }>("select count(*)::int as n from public.user_roles where user_id = $1 and role = 'admin'", [adminId]);
    expect(n).toBe(1);
  });

  it("disables an account (it can no longer sign in) and enables it again", async () => {
    const admin = await signIn("admin");
    const created = await call(admin, { action: "create", email: "a.bannir@example.cm", full_name: "À Bannir", password: "A-Bannir-2026" });
    const id = created.body.id as string;
    expect((await call(admin, { action: "disable", user_id: id })).status).toBe(200);
    await expect(signInAs(stack(), "a.bannir@example.cm", "A-Bannir-2026")).rejects.toThrow();
    expect((await call(admin, { action: "list", search: "a.bannir" })).body.users[0].disabled).toBe(true);
    expect((await call(admin, { action: "enable", user_id: id })).status).toBe(200);
    await signInAs(stack(), "a.bannir@example.cm", "A-Bannir-2026");
    expect(await auditRows("account.disabled", id)).toHaveLength(1);
    expect(await auditRows("account.enabled", id)).toHaveLength(1);
    expect(await call(admin, { action: "disable", user_id: adminId })).toMatchObject({ status: 409, body: { error: "own_account" } });
  });

  it("sends a password-reset link", async () => {
    const admin = await signIn("admin");
    const teacherId = "00000000-0000-4000-a000-000000000002";
    expect((await call(admin, { action: "reset_password", user_id: teacherId, redirect_to: "http://127.0.0.1:4421/reset-password" })).status).toBe(200);
    const mails = stack().emails!.messages.get(account("teacher").email) ?? [];
    expect(mails.at(-1)?.text).toMatch(/type=recovery/);
    expect(await auditRows("account.password_reset_sent", teacherId)).toHaveLength(1);
  });

  it("imports students from CSV rows: a dry run reports errors, the import creates the good rows", async () => {
    const admin = await signIn("admin");
    const rows = [
      { full_name: "Étudiante Importée", email: "importee@example.cm", programme: "software-engineering", level: "L1" },
      { full_name: "Par Téléphone", phone: "+237 6 55 44 33 22", programme: "accounting-finance", level: "l2", matricule: "26UO9001" },
      { full_name: "", email: "pas-un-email", programme: "inconnu", level: "L9" },
      { full_name: "Déjà Là", email: account("student").email, programme: "software-engineering", level: "L1" },
    ];
    const dry = await call(admin, { action: "import_students", dry_run: true, rows });
    expect(dry.status).toBe(200);
    expect(dry.body.rows.map((r: any) => r.errors.map((e: any) => e.code))).toEqual([[], [], ["required", "invalid_email", "invalid_level"], ["email_taken"]]);
    expect(await stack().sql("select 1 from auth.users where email = 'importee@example.cm'")).toHaveLength(0);

    const done = await call(admin, { action: "import_students", dry_run: false, rows });
    expect(done.status).toBe(200);
    expect(done.body.created).toHaveLength(2);
    const registered = await stack().sql<{ full_name: string; student_number: string; level_code: string; role: string }>(
      `select p.full_name, r.student_number, r.level_code, ur.role from public.student_registrations r
       join public.profiles p on p.id = r.student_id join public.academic_years ay on ay.id = r.academic_year_id and ay.is_current
       join public.user_roles ur on ur.user_id = r.student_id
       where p.full_name in ('Étudiante Importée', 'Par Téléphone') order by r.level_code`,
    );
    expect(registered).toEqual([
      { full_name: "Étudiante Importée", student_number: expect.stringMatching(/^[0-9]{2}UO[0-9]{4}$/), level_code: "L1", role: "student" },
      { full_name: "Par Téléphone", student_number: "26UO9001", level_code: "L2", role: "student" },
    ]);
    expect(await auditRows("students.imported")).toEqual([expect.objectContaining({ actor_id: adminId, details: { rows: 4, created: 2, rejected: 2 } })]);
    // Importing the same file again creates nobody.
    const again = await call(admin, { action: "import_students", dry_run: true, rows: rows.slice(0, 2) });
    expect(again.body.rows.map((r: any) => r.errors.map((e: any) => e.code))).toEqual([["email_taken"], ["matricule_taken"]]);
  });
});

describe("people tables under RLS", () => {
  it("admins read the audit log and settings; students and teachers read nothing and write nothing", async () => {
    const admin = await signIn("admin");
    const { data: log } = await admin.from("audit_log").select("action").limit(5);
    expect(log!.length).toBeGreaterThan(0);
    const { data: settings } = await admin.from("security_settings").select("require_admin_mfa");
    expect(settings).toEqual([{ require_admin_mfa: false }]);
    for (const role of ["student", "teacher"]) {
      const client = await signIn(role);
      expect((await client.from("audit_log").select("id")).data).toEqual([]);
      expect((await client.from("security_settings").select("require_admin_mfa")).data).toEqual([]);
      const { data: changed } = await client.from("security_settings").update({ require_admin_mfa: true }).eq("id", true).select();
      expect(changed ?? []).toEqual([]);
      expect((await client.from("audit_log").insert({ action: "x.y", target_type: "user" })).error).not.toBeNull();
      expect((await client.rpc("record_audit", { action: "fake.entry", target_type: "user" })).error).not.toBeNull();
    }
    expect((await admin.from("audit_log").insert({ action: "x.y", target_type: "user" })).error).not.toBeNull();
    expect((await admin.from("audit_log").delete().neq("action", "")).error ?? { code: "none" }).toBeTruthy();
    const [{ n }] = await stack().sql<{ n: number }>("select count(*)::int as n from public.audit_log");
    expect(n).toBeGreaterThan(0);
    const { data: id, error } = await admin.rpc("record_audit", { action: "test.entry", target_type: "user", target_id: "x", details: { ok: true } });
    expect(error).toBeNull();
    expect((await stack().sql("select actor_id from public.audit_log where id = $1", [id]))[0]).toEqual({ actor_id: adminId });
  });

  it("computes attendance rate, weighted average, this week's hours and the balance", async () => {
    // A course of its own: a new teacher, one student, three sessions this week.
    const admin = await signIn("admin");
    const made = await call(admin, { action: "create", email: "prof.calcul@example.cm", full_name: "Prof Calcul", password: "Prof-Calcul-2026", roles: ["teacher"] });
    const teacherId = made.body.id as string;
    const studentId = "00000000-0000-4000-a000-000000000001";
    const [{ id: course }] = await stack().sql<{ id: string }>(
      `insert into public.courses (code, title, school_id, teacher_id)
       select 'TST-CALC', 'Calcul', id, $1 from public.schools where slug = 'open-university' returning id`,
      [teacherId],
    );
    await stack().sql("insert into public.course_enrollments (course_id, user_id, status) values ($1, $2, 'active')", [course, studentId]);
    // Monday 08:00 Douala of this week, then +1 and +2 days: 2 h, 1 h 30, 1 h.
    const events = await stack().sql<{ id: string }>(
      `with week as (select (date_trunc('week', now() at time zone 'Africa/Douala') + interval '8 hours') at time zone 'Africa/Douala' as monday)
       insert into public.schedule_events (course_id, title, start_time, end_time)
       select $1, 'Séance ' || n, monday + (n || ' days')::interval, monday + (n || ' days')::interval + d
       from week, (values (0, interval '2 hours'), (1, interval '90 minutes'), (2, interval '1 hour')) as v (n, d)
       returning id`,
      [course],
    );
    await stack().sql(`insert into public.attendance (schedule_event_id, student_id, status) values ($1, $4, 'present'), ($2, $4, 'absent'), ($3, $4, 'excused')`, [
      ...events.map((e) => e.id),
      studentId,
    ]);
    const evaluations = await stack().sql<{ id: string }>(
      "insert into public.evaluations (course_id, title, kind, coefficient) values ($1, 'CC', 'continuous', 1), ($1, 'Examen', 'exam', 3) returning id",
      [course],
    );
    await stack().sql("insert into public.grades (evaluation_id, student_id, score) values ($1, $3, 10), ($2, $3, 14)", [...evaluations.map((e) => e.id), studentId]);

    const teacher = await signInAs(stack(), "prof.calcul@example.cm", "Prof-Calcul-2026");
    const { data: mine } = await teacher.from("my_students").select("student_id, attendance_rate, average, sessions_recorded, marks_count");
    expect(mine).toEqual([{ student_id: studentId, attendance_rate: 0.5, average: 13, sessions_recorded: 3, marks_count: 2 }]);
    const { data: load } = await admin.from("admin_teachers").select("weekly_hours, courses").eq("teacher_id", teacherId);
    expect(Number(load![0].weekly_hours)).toBe(4.5);
    expect(load![0].courses).toEqual([{ id: course, code: "TST-CALC", title: "Calcul" }]);

    // Balance: billed (registration + tuition − discount) less succeeded payments only.
    const [{ id: schedule }] = await stack().sql<{ id: string }>(
      `insert into public.fee_schedules (academic_year_id, programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
       select ay.id, p.id, 'Test', 'Test', 10000, 90000 from public.academic_years ay, public.programmes p
       where ay.is_current and p.slug = 'business-law' returning id`,
    );
    const fresh = await call(admin, { action: "create", email: "solde@example.cm", full_name: "Solde Test", password: "Solde-Test-2026" });
    const payer = fresh.body.id as string;
    await stack().sql("insert into public.student_fees (student_id, fee_schedule_id, discount_xaf) values ($1, $2, 5000)", [payer, schedule]);
    await stack().sql(`insert into public.payments (student_id, amount_xaf, method, status, paid_at) values ($1, 30000, 'cash', 'succeeded', now()), ($1, 20000, 'cash', 'failed', null)`, [payer]);
    const { data: balance } = await admin.from("student_balances").select("billed_xaf, paid_xaf, balance_xaf").eq("student_id", payer);
    expect(balance).toEqual([{ billed_xaf: 95000, paid_xaf: 30000, balance_xaf: 65000 }]);
  });

  it("the students, teachers and my-students views answer each role with its rows", async () => {
    const admin = await signIn("admin");
    const { data: students, count } = await admin.from("admin_students").select("*", { count: "exact" }).eq("is_current", true).eq("programme_slug", "software-engineering").range(0, 9);
    expect(count).toBeGreaterThan(20);
    expect(students![0]).toMatchObject({ school_slug: "open-university", balance_xaf: expect.any(Number) });
    const { data: teachers } = await admin.from("admin_teachers").select("*").eq("teacher_id", "00000000-0000-4000-a000-000000000002");
    expect(teachers![0].courses.length).toBeGreaterThan(0);
    expect(Number(teachers![0].weekly_hours)).toBeGreaterThanOrEqual(0);

    const teacher = await signIn("teacher");
    const { data: mine } = await teacher.from("my_students").select("*");
    expect(mine!.length).toBeGreaterThan(0);
    expect(new Set(mine!.map((r) => r.course_code)).size).toBeGreaterThan(1);
    const { data: asTeacher } = await teacher.from("admin_students").select("registration_id");
    expect(asTeacher).toEqual([]);
    const student = await signIn("student");
    expect((await student.from("my_students").select("*")).data).toEqual([]);
    expect((await student.from("admin_students").select("student_id")).data!.every((r) => r.student_id === "00000000-0000-4000-a000-000000000001")).toBe(true);
  });
});
