// Deciding with care (issue 21 items 1–3): the reviewer admits to a programme, level and
// specialty of its choice (the applicant's choice kept as asked), a decision is corrected
// until enrolment and each one is audited, acceptance ends the applicant's withdrawal, the
// notices have a title and a body of their own, and registration brings the admitted level's
// current courses (or says beforehand that none exist).
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { admissionCourseCount, fetchAdmissionTargets, fetchNextSteps } from "../../../src/dashboard/admissions/data.ts";
import { signInAs, signUpConfirmed, useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const PASSWORD = "Candidat-2026-ok";

let admin: SupabaseClient;
let applicant: SupabaseClient;
let applicantId: string;
let id: string;
let programme: string; // software-engineering
let dataScience: string;
let audit: string; // audit-management-control (accounting-finance)

beforeAll(async () => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  admin = await signInAs(stack(), account.email, account.password);
  applicant = await signUpConfirmed(stack(), "mireille.m1@example.cm", PASSWORD, { full_name: "Mireille Ebongue" });
  applicantId = (await applicant.auth.getUser()).data.user!.id;
  [{ id: programme }] = await sql<{ id: string }>("select id from public.programmes where slug = 'software-engineering'");
  [{ id: dataScience }] = await sql<{ id: string }>("select id from public.specialties where slug = 'data-science'");
  [{ id: audit }] = await sql<{ id: string }>("select id from public.specialties where slug = 'audit-management-control'");
  // She asks for M1 with a Bac C (a submitted file, as the form leaves it).
  [{ id }] = await sql<{ id: string }>(
    `insert into public.applications (kind, status, applicant_id, full_name, email, programme_id, level_code, study_mode)
     values ('general', 'submitted', $1, 'Mireille Ebongue', 'mireille.m1@example.cm', $2, 'M1', 'online') returning id`,
    [applicantId, programme],
  );
});

const decisions = () =>
  sql<{ details: { from_status: string; to_status: string; correction: boolean; admitted: { level: string } | null } }>(
    "select details from public.audit_log where action = 'admissions.decided' and target_id = $1 order by created_at",
    [id],
  );

describe("deciding", () => {
  it("the reviewer admits to another level than asked; the request stays as asked; audited", async () => {
    const done = await admin.rpc("decide_applications", { applications: [id], decision: "admitted", reason: "Bac C : je propose L1", programme, level: "L1" });
    expect(done.error).toBeNull();
    const [row] = await sql("select level_code, admitted_level_code, admitted_programme_id, status from public.applications where id = $1", [id]);
    expect(row).toEqual({ level_code: "M1", admitted_level_code: "L1", admitted_programme_id: programme, status: "admitted" });
    expect((await decisions()).map((d) => d.details)).toMatchObject([{ from_status: "submitted", to_status: "admitted", correction: false, admitted: { level: "L1" } }]);
    const [history] = await sql<{ note: string }>("select note from public.application_status_history where application_id = $1 and to_status = 'admitted'", [id]);
    expect(history.note).toBe("L1 — Bac C : je propose L1");
  });

  it("the page offers the programme's levels and the specialties that open each", async () => {
    const targets = await fetchAdmissionTargets(admin, { programme: null, specialty: null });
    const se = targets.find((t) => t.id === programme)!;
    expect(se.degree).toBe("licence-master");
    expect(
      se.specialties
        .find((s) => s.id === dataScience)!
        .levels.map((l) => l.level_code)
        .sort(),
    ).toEqual(["L3", "M1", "M2"]);
  });

  it("a target the programme does not open is refused; level choices are for one file being accepted", async () => {
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "admitted", programme, level: "L1", specialty: dataScience })).error?.message).toMatch(/specialty/);
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "admitted", programme, level: "M1", specialty: audit })).error?.message).toMatch(/specialty/);
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "waitlisted", level: "L1" })).error?.code).toBe("22023");
  });

  it("the applicant can no longer withdraw once accepted", async () => {
    const attempt = await applicant.from("applications").update({ status: "withdrawn" }).eq("id", id);
    expect(attempt.error?.code).toBe("42501");
    const [row] = await sql<{ status: string }>("select status from public.applications where id = $1", [id]);
    expect(row.status).toBe("admitted");
  });

  it("a decision is corrected until enrolment, each correction audited", async () => {
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "rejected", reason: "Erreur de dossier" })).error).toBeNull();
    const [rejected] = await sql("select status, admitted_level_code from public.applications where id = $1", [id]);
    expect(rejected).toEqual({ status: "rejected", admitted_level_code: null });
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "admitted", programme, level: "M1", specialty: dataScience })).error).toBeNull();
    const trail = (await decisions()).map((d) => d.details);
    expect(trail.map((d) => `${d.from_status}>${d.to_status}:${d.correction}`)).toEqual(["submitted>admitted:false", "admitted>rejected:true", "rejected>admitted:true"]);
    expect(trail.at(-1)!.admitted).toEqual({ programme_id: programme, level: "M1", specialty_id: dataScience });
  });

  it("each notice has a title and a body of its own; acceptance's says what comes next", async () => {
    const { data } = await applicant.from("student_notifications").select("title, message, data").eq("type", "application");
    const accepted = data!.filter((n) => (n.data as { status: string }).status === "admitted");
    expect(accepted.length).toBeGreaterThan(0);
    for (const n of data!) expect(n.message).not.toBe(n.title);
    expect(accepted[0].message).toMatch(/frais.*matricule.*rentrée/);
  });
});

describe("registering", () => {
  it("says beforehand how many current courses the admitted level and specialty bring; reviewers only", async () => {
    const count = { data: await admissionCourseCount(admin, id) };
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int n from public.courses c join public.semesters s on s.id = c.semester_id
       where s.is_current and c.programme_id = $1 and c.level_code = 'M1' and (c.specialty_id is null or c.specialty_id = $2)`,
      [programme, dataScience],
    );
    expect(n).toBeGreaterThan(0);
    expect(count.data).toBe(n);
    expect((await applicant.rpc("admission_course_count", { application: id })).error?.code).toBe("42501");
  });

  it("registers the admitted level and specialty with its current courses and fees; then no more decision", async () => {
    const admitted = await admin.rpc("admit_application", { application: id });
    expect(admitted.error).toBeNull();
    expect(admitted.data).toMatchObject({ level: "M1", already: false });
    expect(admitted.data.courses).toBeGreaterThan(0);
    const [reg] = await sql("select level_code, specialty_id, programme_id from public.student_registrations where application_id = $1", [id]);
    expect(reg).toEqual({ level_code: "M1", specialty_id: dataScience, programme_id: programme });
    const codes = await sql<{ code: string }>("select c.code from public.course_enrollments e join public.courses c on c.id = e.course_id where e.user_id = $1 order by c.code", [applicantId]);
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(["INF-M1-201", "INF-M1-202"]));
    const fees = await sql<{ level_code: string }>("select fs.level_code from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id where sf.student_id = $1", [
      applicantId,
    ]);
    expect(fees.map((f) => f.level_code)).toEqual(["M1"]);
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "rejected", reason: "trop tard" })).error?.message).toMatch(/enrolled/);
    const { data } = await applicant.from("student_notifications").select("title, message").eq("type", "application").eq("data->>status", "enrolled");
    expect(data![0].message).toContain(admitted.data.matricule);
  });

  it("the admitted applicant's next steps: registration, and the fees with the due dates that apply to it", async () => {
    const s = (await fetchNextSteps(applicant, id)) as unknown as {
      level: string;
      asked_level: string;
      registration: { matricule: string; registered_on: string };
      fees: { grace_days: number; instalments: { scheduled_on: string; due_on: string }[] };
    };
    expect(s).toMatchObject({ level: "M1", asked_level: "M1" });
    const [reg] = await sql<{ student_number: string; day: string }>(
      "select student_number, to_char((registered_at at time zone 'Africa/Douala')::date, 'YYYY-MM-DD') as day from public.student_registrations where application_id = $1",
      [id],
    );
    expect(s.registration).toEqual({ matricule: reg.student_number, registered_on: reg.day });
    // the same dates as the student's own bill (student_dues)
    const dues = await applicant.from("student_dues").select("scheduled_due_on, due_on").not("instalment_id", "is", null).order("position");
    expect(s.fees.instalments.map((i) => [i.scheduled_on, i.due_on])).toEqual(dues.data!.map((d) => [d.scheduled_due_on, d.due_on]));
    for (const i of s.fees.instalments) {
      if (i.scheduled_on < reg.day) {
        const expected = new Date(`${reg.day}T00:00:00Z`);
        expected.setUTCDate(expected.getUTCDate() + s.fees.grace_days);
        expect(i.due_on).toBe(expected.toISOString().slice(0, 10));
      } else expect(i.due_on).toBe(i.scheduled_on);
    }
    // nobody else reads them
    const stranger = await signUpConfirmed(stack(), "curieux@example.cm", PASSWORD, { full_name: "Curieux" });
    const denied = await stranger.rpc("admission_next_steps", { application: id });
    expect(denied.error?.message).toMatch(/no such application/);
  });
});
