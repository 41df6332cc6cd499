// The registrar's tools (20260813000000_registrar_tools.sql, src/dashboard/courses/registrar.ts)
// signed in as each role against a seeded stack: admins only, every change audited (also a
// direct Data API write), reasons required, a closed semester refused (the freeze is not
// bypassed), and an enrolled student shows in the teacher's register and in the student's
// courses until withdrawn.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";
import * as registrar from "../../../src/dashboard/courses/registrar.ts";
import * as courses from "../../../src/dashboard/courses/data.ts";
import * as classes from "../../../src/dashboard/shared/classes-data.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
let w: World;
let scope: registrar.UnitScope;

beforeAll(async () => {
  w = await buildWorld(stack());
  const [c] = await sql<{ semester_id: string; programme_id: string; level_code: string }>("select semester_id, programme_id, level_code from public.courses where id = $1", [w.courseA]);
  scope = { semesterId: c.semester_id, programmeId: c.programme_id, level: c.level_code };
}, 120_000);

const audit = (action: string, target: string) =>
  sql<{ actor_id: string | null; details: Record<string, unknown> }>("select actor_id, details from public.audit_log where action = $1 and target_id = $2 order by created_at", [action, target]);
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "ok";
  } catch (e) {
    return (e as registrar.RegistrarError).code;
  }
};

describe("UEs", () => {
  it("an admin creates a UE, sets its credits and groups two courses into it, each step audited", async () => {
    const choices = await registrar.unitScopeChoices(w.clients.admin);
    expect(choices.semesters.map((s) => s.id)).toContain(scope.semesterId);
    const unit = await registrar.createUnit(w.clients.admin, scope, { code: "UE-TEST-21", titleFr: "Programmation", titleEn: "Programming", credits: 5 });
    await registrar.updateUnit(w.clients.admin, unit, { titleFr: "Programmation", titleEn: "Programming", credits: 6 });
    const [second] = await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-102'");
    await registrar.setCourseUnit(w.clients.admin, w.courseA, unit);
    await registrar.setCourseUnit(w.clients.admin, second.id, unit);
    const listed = await registrar.listScopeUnits(w.clients.admin, scope);
    const mine = listed.units.find((u) => u.id === unit)!;
    expect(mine.credits).toBe(6);
    expect(mine.courses.map((c) => c.code)).toEqual(["INF-L2-101", "INF-L2-102"]);
    expect(listed.frozen).toBe(false);
    expect((await audit("unit.created", unit))[0]).toMatchObject({ actor_id: IDS.admin, details: { code: "UE-TEST-21", credits: 5 } });
    expect((await audit("unit.changed", unit))[0].details).toMatchObject({ from: { credits: 5 }, to: { credits: 6 } });
    expect((await audit("course.unit_changed", second.id)).at(-1)!.details).toMatchObject({ to: unit });
    // a UE still grouping courses stays; out of the UE, then removed (audited)
    expect(await codeOf(registrar.deleteUnit(w.clients.admin, unit))).toBe("23503");
    await registrar.setCourseUnit(w.clients.admin, second.id, null);
    expect((await registrar.listScopeUnits(w.clients.admin, scope)).loose.map((c) => c.code)).toContain("INF-L2-102");
  });

  it("refuses what a UE cannot be, and everyone but admins", async () => {
    expect(await codeOf(registrar.createUnit(w.clients.admin, scope, { code: "UE-TEST-21", titleFr: "Double", titleEn: "Double", credits: 3 }))).toBe("23505");
    expect(await codeOf(registrar.createUnit(w.clients.admin, scope, { code: "UE-TEST-22", titleFr: "Trop", titleEn: "Too many", credits: 7 }))).toBe("22023");
    // a course of another programme does not join this UE
    const [unit] = await sql<{ id: string }>("select id from public.teaching_units where code = 'UE-TEST-21'");
    expect(await codeOf(registrar.setCourseUnit(w.clients.admin, w.courseB, unit.id))).toBe("22023");
    for (const client of [w.clients.teacherA, w.clients.studentA]) {
      expect(await codeOf(registrar.createUnit(client, scope, { code: "UE-TEST-23", titleFr: "Non", titleEn: "No", credits: 3 }))).toBe("42501");
      expect(await codeOf(registrar.setCourseUnit(client, w.courseA, null))).toBe("42501");
    }
  });

  it("a direct Data API write to a UE is audited too", async () => {
    const [unit] = await sql<{ id: string }>("select id from public.teaching_units where code = 'UE-TEST-21'");
    const { error } = await w.clients.admin.from("teaching_units").update({ title_en: "Programming I" }).eq("id", unit.id);
    expect(error).toBeNull();
    expect((await audit("unit.changed", unit.id)).at(-1)).toMatchObject({ actor_id: IDS.admin, details: { to: { title_en: "Programming I" } } });
  });
});

describe("one student, one course", () => {
  it("finds a student by name or matricule", async () => {
    const [{ student_number }] = await sql<{ student_number: string }>("select student_number from public.student_registrations where student_id = $1 limit 1", [IDS.studentB]);
    expect((await registrar.findStudents(w.clients.admin, student_number)).map((s) => s.id)).toEqual([IDS.studentB]);
    const [{ full_name }] = await sql<{ full_name: string }>("select full_name from public.profiles where id = $1", [IDS.studentB]);
    expect((await registrar.findStudents(w.clients.admin, full_name.slice(0, 6))).map((s) => s.id)).toContain(IDS.studentB);
    expect(await codeOf(registrar.findStudents(w.clients.teacherA, full_name))).toBe("42501");
  });

  it("enrolled with a reason, the student is in the teacher's register and its own courses; withdrawn, gone from both", async () => {
    expect(await codeOf(registrar.enrolStudent(w.clients.admin, w.courseA, IDS.studentB, "  "))).toBe("22023");
    expect(await codeOf(registrar.enrolStudent(w.clients.teacherA, w.courseA, IDS.studentB, "Dette de L1 à rattraper"))).toBe("42501");
    expect(await codeOf(registrar.enrolStudent(w.clients.admin, w.courseA, IDS.teacherB, "Pas un étudiant"))).toBe("22023");
    const enrolment = await registrar.enrolStudent(w.clients.admin, w.courseA, IDS.studentB, "Dette de L1 à rattraper");
    expect(await codeOf(registrar.enrolStudent(w.clients.admin, w.courseA, IDS.studentB, "Une deuxième fois"))).toBe("23505");
    expect((await audit("enrolment.added", enrolment))[0]).toMatchObject({ actor_id: IDS.admin, details: { student_id: IDS.studentB, reason: "Dette de L1 à rattraper" } });
    const register = await classes.sessionRegister(w.clients.teacherA, w.courseA, w.eventA);
    expect(register.map((l) => l.studentId)).toContain(IDS.studentB);
    expect((await courses.listStudentCourses(w.clients.studentB, IDS.studentB)).map((c) => c.id)).toContain(w.courseA);
    expect((await courses.listEnrolments(w.clients.admin, w.courseA)).find((e) => e.id === enrolment)?.status).toBe("active");

    expect(await codeOf(registrar.withdrawStudent(w.clients.admin, enrolment, "abc"))).toBe("22023");
    expect(await codeOf(registrar.withdrawStudent(w.clients.teacherA, enrolment, "Inscrit par erreur"))).toBe("42501");
    await registrar.withdrawStudent(w.clients.admin, enrolment, "Inscrit par erreur");
    expect((await audit("enrolment.changed", enrolment)).at(-1)!.details).toMatchObject({ from: "active", to: "dropped", reason: "Inscrit par erreur" });
    expect((await classes.sessionRegister(w.clients.teacherA, w.courseA, w.eventA)).map((l) => l.studentId)).not.toContain(IDS.studentB);
    expect((await courses.listStudentCourses(w.clients.studentB, IDS.studentB)).map((c) => c.id)).not.toContain(w.courseA);
    expect(await codeOf(registrar.withdrawStudent(w.clients.admin, enrolment, "Encore une fois"))).toBe("22023");
    // enrolled again: the same row, re-activated
    expect(await registrar.enrolStudent(w.clients.admin, w.courseA, IDS.studentB, "Erreur corrigée")).toBe(enrolment);
  });

  it("a direct Data API write to an enrolment is audited too (without a reason)", async () => {
    const [row] = await sql<{ id: string }>("select id from public.course_enrollments where course_id = $1 and user_id = $2", [w.courseA, IDS.studentB]);
    const { error } = await w.clients.admin.from("course_enrollments").update({ status: "dropped" }).eq("id", row.id);
    expect(error).toBeNull();
    const last = (await audit("enrolment.changed", row.id)).at(-1)!;
    expect(last).toMatchObject({ actor_id: IDS.admin, details: { to: "dropped" } });
    expect(last.details.reason).toBeUndefined();
  });
});

describe("a closed semester", () => {
  it("refuses a UE, its credits, a course's UE and an enrolment, in plain words (PT409)", async () => {
    const [unit] = await sql<{ id: string }>("select id from public.teaching_units where code = 'UE-TEST-21'");
    const [row] = await sql<{ id: string }>("select id from public.course_enrollments where course_id = $1 and user_id = $2", [w.courseA, IDS.studentA]);
    const [closed] = await sql<{ id: string }>("insert into public.deliberations (semester_id, session) values ($1, 'normal') returning id", [scope.semesterId]);
    try {
      expect((await registrar.listScopeUnits(w.clients.admin, scope)).frozen).toBe(true);
      const refused = await Promise.all([
        codeOf(registrar.createUnit(w.clients.admin, scope, { code: "UE-TEST-24", titleFr: "Close", titleEn: "Closed", credits: 3 })),
        codeOf(registrar.updateUnit(w.clients.admin, unit.id, { titleFr: "Programmation", titleEn: "Programming", credits: 4 })),
        codeOf(registrar.setCourseUnit(w.clients.admin, w.courseA, null)),
        codeOf(registrar.enrolStudent(w.clients.admin, w.courseA, IDS.studentB, "Après la clôture")),
        codeOf(registrar.withdrawStudent(w.clients.admin, row.id, "Après la clôture")),
      ]);
      expect(refused).toEqual(["PT409", "PT409", "PT409", "PT409", "PT409"]);
      const [{ credits }] = await sql<{ credits: number }>("select credits from public.teaching_units where id = $1", [unit.id]);
      expect(credits).toBe(6);
      // a title is not what decides the marks: it still changes
      await registrar.updateUnit(w.clients.admin, unit.id, { titleFr: "Programmation I", titleEn: "Programming I", credits: 6 });
    } finally {
      await sql("delete from public.deliberations where id = $1", [closed.id]);
    }
  });
});
