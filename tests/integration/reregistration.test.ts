// Re-registration of continuing students (issue 13 item 4) from their published results,
// and the numbered certificate of enrolment with its public verification. The demo cohort
// (supabase/seeds/20260504000000_results.sql): last year's L1 in Génie logiciel, whose 21
// students who passed are this year's L2, and three not re-registered yet: one who passed,
// one deferred after the resit and one without published results.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";
import { buildWorld, type World } from "../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
const PROGRESS = "00000000-0000-4000-e000-000000000001";
const REPEAT = "00000000-0000-4000-e000-000000000002";
const UNDECIDED = "00000000-0000-4000-e000-000000000003";
let programme = "";
let lastYear = "";
let thisYear = "";

beforeAll(async () => {
  w = await buildWorld(stack());
  programme = (await stack().sql<{ id: string }>("select id from public.programmes where slug = 'software-engineering'"))[0].id;
  thisYear = (await stack().sql<{ id: string }>("select id from public.academic_years where is_current"))[0].id;
  lastYear = (
    await stack().sql<{ id: string }>("select id from public.academic_years where starts_on < (select starts_on from public.academic_years where is_current) order by starts_on desc limit 1")
  )[0].id;
}, 120_000);

const cohort = () => ({ programme, level: "L1", year: lastYear, target_year: thisYear });

describe("re-registration", () => {
  it("proposes the next level, a repeat or nothing from the results, and only admins may act", async () => {
    const listed = await w.clients.admin.rpc("reregistration_candidates", { ...cohort(), page_offset: 0, page_size: 50 });
    expect(listed.error).toBeNull();
    const rows = listed.data as Array<{ student_id: string; outcome: string; proposed_level: string | null; target_level: string | null; total: number }>;
    const by = (id: string) => rows.find((r) => r.student_id === id)!;
    expect(by(PROGRESS)).toMatchObject({ outcome: "progress", proposed_level: "L2", target_level: null });
    expect(by(REPEAT)).toMatchObject({ outcome: "repeat", proposed_level: "L1" });
    expect(by(UNDECIDED)).toMatchObject({ outcome: "undecided", proposed_level: null });
    // the whole of last year's L1: the 21 who passed and are this year's L2 already, and these three
    expect(Number(rows[0].total)).toBe(24);
    expect(rows.filter((r) => r.target_level === "L2" && r.outcome === "progress")).toHaveLength(21);

    for (const client of [w.clients.studentA, w.clients.teacherA]) {
      expect((await client.rpc("reregistration_candidates", cohort())).error?.code).toBe("42501");
      expect((await client.rpc("reregister_student", { student: PROGRESS, target_year: thisYear })).error?.code).toBe("42501");
      expect((await client.rpc("reregister_cohort", cohort())).error?.code).toBe("42501");
    }
    expect((await w.clients.anon.rpc("reregister_student", { student: PROGRESS, target_year: thisYear })).error).not.toBeNull();
    expect(await stack().sql("select 1 from public.student_registrations where academic_year_id = $1 and student_id = $2", [thisYear, PROGRESS])).toEqual([]);
  });

  it("counts the whole year: a student who passed the first semester and skipped the second does not move up", async () => {
    const outcome = async (student: string) => (await stack().sql<{ outcome: string; semesters: number }>("select outcome, semesters from private.year_outcome($1, $2)", [student, lastYear]))[0];
    // One of the 21 who passed both semesters (this year's L2 already): as if the second had been skipped.
    const [{ student_id: skipper }] = await stack().sql<{ student_id: string }>(
      `select r.student_id from public.student_registrations r
       where r.academic_year_id = $1 and r.level_code = 'L2' and r.student_id <> all ($2) order by r.student_number limit 1`,
      [thisYear, [PROGRESS, REPEAT, UNDECIDED]],
    );
    expect(await outcome(skipper)).toEqual({ outcome: "progress", semesters: 2 });
    const [s2] = await stack().sql<{ id: string }>("select id from public.semesters where academic_year_id = $1 and number = 2", [lastYear]);
    await stack().sql("update public.course_enrollments e set status = 'dropped' from public.courses c where c.id = e.course_id and c.semester_id = $1 and e.user_id = $2", [s2.id, skipper]);
    await stack().sql("delete from public.frozen_results fr using public.deliberations d where d.id = fr.deliberation_id and d.semester_id = $1 and fr.student_id = $2", [s2.id, skipper]);
    expect(await outcome(skipper)).toEqual({ outcome: "undecided", semesters: 2 });
  });

  it("refuses a level past the programme's last and a registration that is not active", async () => {
    await stack().sql("update public.student_registrations set level_code = 'M2' where student_id = $1", [PROGRESS]);
    const past = await w.clients.admin.rpc("reregister_student", { student: PROGRESS, target_year: thisYear });
    expect(past.error?.message).toMatch(/programme's last/);
    await stack().sql("update public.student_registrations set level_code = 'L1', status = 'suspended' where student_id = $1", [PROGRESS]);
    const suspended = await w.clients.admin.rpc("reregister_student", { student: PROGRESS, target_year: thisYear });
    expect(suspended.error?.message).toMatch(/suspended, not active/);
    await stack().sql("update public.student_registrations set status = 'active' where student_id = $1", [PROGRESS]);
  });

  it("re-registers a cohort with one outcome each: up a level with courses and fees, a repeat, an undecided refused", async () => {
    const bulk = await w.clients.admin.rpc("reregister_cohort", cohort());
    expect(bulk.error).toBeNull();
    const outcomes = bulk.data as Array<{ student_id: string; ok: boolean; level_code: string | null; error: string | null }>;
    expect(outcomes.find((o) => o.student_id === PROGRESS)).toMatchObject({ ok: true, level_code: "L2" });
    expect(outcomes.find((o) => o.student_id === REPEAT)).toMatchObject({ ok: true, level_code: "L1" });
    expect(outcomes.find((o) => o.student_id === UNDECIDED)).toMatchObject({ ok: false, level_code: null });
    expect(outcomes.find((o) => o.student_id === UNDECIDED)!.error).toMatch(/no published results/);

    const [moved] = await stack().sql<{ student_number: string; level_code: string; courses: number; fees: number }>(
      `select r.student_number, r.level_code,
         (select count(*)::int from public.course_enrollments e join public.courses c on c.id = e.course_id
          where e.user_id = r.student_id and c.level_code = 'L2' and e.status = 'active') as courses,
         (select count(*)::int from public.student_fees f join public.fee_schedules s on s.id = f.fee_schedule_id
          where f.student_id = r.student_id and s.academic_year_id = r.academic_year_id and s.level_code = 'L2') as fees
       from public.student_registrations r where r.student_id = $1 and r.academic_year_id = $2`,
      [PROGRESS, thisYear],
    );
    expect(moved).toMatchObject({ student_number: expect.stringMatching(/UO0901$/), level_code: "L2", fees: 1 });
    expect(moved.courses).toBeGreaterThanOrEqual(5);
    const audited = await stack().sql<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'admissions.reregistered' and details ->> 'student_id' = $1", [PROGRESS]);
    expect(audited[0].n).toBe(1);

    const twice = await w.clients.admin.rpc("reregister_student", { student: REPEAT, target_year: thisYear, same_level: true, reason: "Demande" });
    expect(twice.error?.code).toBe("23505");
    const noReason = await w.clients.admin.rpc("reregister_student", { student: UNDECIDED, target_year: thisYear, same_level: true, reason: " " });
    expect(noReason.error?.message).toMatch(/reason/);
    const held = await w.clients.admin.rpc("reregister_student", { student: UNDECIDED, target_year: thisYear, same_level: true, reason: "Résultats attendus" });
    expect(held.error).toBeNull();
    expect(held.data).toMatchObject({ level_code: "L1", outcome: "undecided" });
  });
});

describe("certificate of enrolment", () => {
  it("numbers certificates in sequence per year, the same one twice, the holder's own only", async () => {
    const [mine] = await stack().sql<{ id: string }>("select id from public.student_registrations where student_id = $1 and academic_year_id = $2", [w.ids.studentA, thisYear]);
    const [his] = await stack().sql<{ id: string }>("select id from public.student_registrations where student_id = $1 and academic_year_id = $2", [PROGRESS, thisYear]);
    const first = await w.clients.admin.rpc("issue_enrolment_certificate", { registration: his.id });
    expect(first.error).toBeNull();
    const a = (first.data as Array<{ number: string; verification_code: string; snapshot: Record<string, unknown> }>)[0];
    const match = a.number.match(/^AI-(\d{4})-(\d{5})$/)!;
    expect(a.snapshot).toMatchObject({ holder: "Ibrahim Bello", level_fr: "Licence 2", programme_fr: "Génie logiciel", matricule: expect.stringMatching(/UO0901$/) });

    const second = await w.clients.studentA.rpc("issue_enrolment_certificate", { registration: mine.id });
    const b = (second.data as Array<{ number: string; verification_code: string }>)[0];
    expect(b.number).toBe(`AI-${match[1]}-${String(Number(match[2]) + 1).padStart(5, "0")}`);
    const again = await w.clients.studentA.rpc("issue_enrolment_certificate", { registration: mine.id });
    expect((again.data as Array<{ number: string }>)[0].number).toBe(b.number);
    const stolen = await w.clients.studentB.rpc("issue_enrolment_certificate", { registration: mine.id });
    expect(stolen.error?.message).toMatch(/no such registration/);
    expect((await w.clients.teacherA.rpc("issue_enrolment_certificate", { registration: mine.id })).error?.message).toMatch(/no such registration/);
    expect((await w.clients.studentB.from("enrolment_certificates").select("number")).data).toEqual([]);

    const checked = await w.clients.anon.rpc("verify_enrolment_certificate", { code: b.verification_code });
    const rows = checked.data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(["academic_year", "holder", "institution", "issued_at", "level_en", "level_fr", "number", "programme_en", "programme_fr", "valid"]);
    expect(rows[0]).toMatchObject({ number: b.number, holder: "Awa Ngono", level_fr: "Licence 2", valid: true });
    expect((await w.clients.anon.rpc("verify_enrolment_certificate", { code: "0".repeat(32) })).data).toEqual([]);
    expect((await w.clients.anon.rpc("verify_enrolment_certificate", { code: "not-a-code" })).data).toEqual([]);
  });
});
