// The LMD results engine (DOMAIN §2) on real rows, with figures worked out by hand.
// Settings are the institution's defaults (CC 40 %, pass mark 10, compensation on, no
// eliminatory mark, no resit cap); each test that changes one puts it back.
//
// A semester of its own: UE-A (4 credits) = course A1 (coefficient 2) + A2 (1);
// UE-B (2 credits) = course B1. Each course has a CC, an exam and a resit evaluation.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let semester: string;
const course: Record<string, string> = {};
const evaluation: Record<string, string> = {};

const sql = <T = Record<string, unknown>>(q: string, p: unknown[] = []) => stack().sql<T>(q, p);
const one = async <T = Record<string, unknown>>(q: string, p: unknown[] = []) => (await sql<T>(q, p))[0];

async function mark(student: string, key: string, score: number | null, status = "marked") {
  await sql(
    `insert into public.grades (evaluation_id, student_id, score, status) values ($1, $2, $3, $4)
     on conflict (evaluation_id, student_id) do update set score = excluded.score, status = excluded.status`,
    [evaluation[key], student, score, status],
  );
}
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function results(student: string, session = "normal") {
  const r = await one<{
    average: string;
    gpa: string;
    credits_earned: number;
    credits_total: number;
    mention: { fr: string } | null;
    decision: string;
    units: Array<{ code: string; average: string; validated_by: string | null; letter: string; points: string; courses: Array<{ code: string; mark: string }> }>;
  }>("select * from public.semester_results($1, $2) where student_id = $3", [semester, session, student]);
  return r;
}

beforeAll(async () => {
  w = await buildWorld(stack());
  semester = (
    await one<{ id: string }>(
      `insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on)
       values ($1, 1, 'Semestre test', 'Test semester', '2090-10-01', '2091-02-28') returning id`,
      [w.spareYear],
    )
  ).id;
  const unit = async (code: string, credits: number) =>
    (
      await one<{ id: string }>(
        `insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id)
         values ($1, $1, $1, $2, $3, $4) returning id`,
        [code, credits, semester, w.school],
      )
    ).id;
  const ueA = await unit("UE-TST-A", 4);
  const ueB = await unit("UE-TST-B", 2);
  for (const [code, ue, coefficient] of [
    ["A1", ueA, 2],
    ["A2", ueA, 1],
    ["B1", ueB, 1],
  ] as const) {
    course[code] = (
      await one<{ id: string }>(
        `insert into public.courses (code, title, school_id, semester_id, teacher_id, coefficient, teaching_unit_id)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [`TST-${code}`, `Cours ${code}`, w.school, semester, w.ids.teacherA, coefficient, ue],
      )
    ).id;
    for (const kind of ["continuous", "exam", "resit"]) {
      evaluation[`${code}-${kind}`] = (
        await one<{ id: string }>(`insert into public.evaluations (course_id, title, kind, coefficient) values ($1, $2, $3, 1) returning id`, [course[code], `${code} ${kind}`, kind])
      ).id;
    }
    for (const student of [w.ids.studentA, w.ids.classmate]) {
      await sql("insert into public.course_enrollments (course_id, user_id, status) values ($1, $2, 'active')", [course[code], student]);
    }
  }
  // studentA: A1 12/8 → 9.60; A2 10/6 → 7.60; UE-A (9.6×2 + 7.6)/3 = 8.93;
  //           B1 15/14 → 14.40; semester (8.93×4 + 14.4×2)/6 = 10.75.
  for (const [key, score] of [
    ["A1-continuous", 12],
    ["A1-exam", 8],
    ["A2-continuous", 10],
    ["A2-exam", 6],
    ["B1-continuous", 15],
    ["B1-exam", 14],
  ] as const) {
    await mark(w.ids.studentA, key, score);
  }
  // classmate: A1 8/9 → 8.60; A2 10/4 → 6.40; UE-A 23.6/3 = 7.87; B1 10/9 → 9.40;
  //            semester (7.87×4 + 9.4×2)/6 = 8.38.
  for (const [key, score] of [
    ["A1-continuous", 8],
    ["A1-exam", 9],
    ["A2-continuous", 10],
    ["A2-exam", 4],
    ["B1-continuous", 10],
    ["B1-exam", 9],
  ] as const) {
    await mark(w.ids.classmate, key, score);
  }
}, 180_000);

afterEach(async () => {
  await sql("update public.institution_settings set eliminatory_mark = null, resit_cap = null, compensation = true");
});

describe("results engine", () => {
  it("course marks weigh CC 40 % and the exam 60 %", async () => {
    const rows = await sql<{ course_id: string; cc: string; exam: string; mark: string }>("select * from public.semester_course_marks($1) where student_id = $2", [semester, w.ids.studentA]);
    const byCourse = Object.fromEntries(rows.map((r) => [r.course_id, num(r.mark)]));
    expect(byCourse[course.A1]).toBe(9.6);
    expect(byCourse[course.A2]).toBe(7.6);
    expect(byCourse[course.B1]).toBe(14.4);
  });

  it("each course weighs by its own CC/exam weights (issue 20 §7): B1 at CC 20 %, exam 80 %", async () => {
    // B1 15/14 → 15×0.2 + 14×0.8 = 14.20; UE-B 14.20; semester (8.93×4 + 14.2×2)/6 = 10.69.
    const admin = w.clients.admin;
    expect((await w.clients.teacherA.from("courses").update({ cc_weight: 20 }).eq("id", course.B1).select()).error?.code).toBe("42501");
    expect((await admin.from("courses").update({ cc_weight: 45 }).eq("id", course.B1).select()).error?.message).toMatch(/cc_weight/);
    expect((await admin.from("courses").update({ cc_weight: 20 }).eq("id", course.B1).select("cc_weight")).data).toEqual([{ cc_weight: 20 }]);
    try {
      const r = await results(w.ids.studentA);
      const b = r.units.find((u) => u.code === "UE-TST-B")!;
      expect(num(b.courses[0].mark)).toBe(14.2);
      expect(b.courses[0]).toMatchObject({ cc_weight: 20, exam_weight: 80 });
      expect(num(b.average)).toBe(14.2);
      expect(num(r.units.find((u) => u.code === "UE-TST-A")!.average)).toBe(8.93); // A1, A2 keep 40/60
      expect(num(r.average)).toBe(10.69);
    } finally {
      await sql("update public.courses set cc_weight = 40 where id = $1", [course.B1]);
    }
    // a new course takes the institution's weights, which are within DOMAIN's 20–40 % too
    try {
      for (const outside of [0, 19, 41, 100]) {
        await expect(sql("update public.institution_settings set cc_weight = $1", [outside])).rejects.toThrow(/cc_weight/);
      }
      for (const [setting, expected] of [
        [30, 30],
        [20, 20],
      ] as const) {
        await sql("update public.institution_settings set cc_weight = $1", [setting]);
        const row = await one<{ cc_weight: number }>("insert into public.courses (code, title, school_id, semester_id) values ($1, 'Poids', $2, $3) returning cc_weight", [
          `TST-W${setting}`,
          w.school,
          semester,
        ]);
        expect(row.cc_weight).toBe(expected);
      }
    } finally {
      await sql("update public.institution_settings set cc_weight = 40");
      await sql("delete from public.courses where code like 'TST-W%'");
    }
  });

  it("validates a UE under 10 by compensation when the semester average reaches 10", async () => {
    const r = await results(w.ids.studentA);
    expect(num(r.average)).toBe(10.75);
    const ueA = r.units.find((u) => u.code === "UE-TST-A")!;
    expect(num(ueA.average)).toBe(8.93);
    expect(ueA.validated_by).toBe("compensation");
    expect(r.units.find((u) => u.code === "UE-TST-B")!.validated_by).toBe("average");
    expect(r.credits_earned).toBe(6);
    expect(r.credits_total).toBe(6);
    expect(r.decision).toBe("validated");
    expect(r.mention?.fr).toBe("Passable");
  });

  it("refuses the same compensation under an eliminatory mark, and without compensation", async () => {
    await sql("update public.institution_settings set eliminatory_mark = 9");
    let r = await results(w.ids.studentA);
    expect(r.units.find((u) => u.code === "UE-TST-A")!.validated_by).toBeNull();
    expect(r.credits_earned).toBe(2);
    expect(r.decision).toBe("resit");
    // at 8.93 ≥ 8.5 the eliminatory mark does not bite
    await sql("update public.institution_settings set eliminatory_mark = 8.5");
    r = await results(w.ids.studentA);
    expect(r.units.find((u) => u.code === "UE-TST-A")!.validated_by).toBe("compensation");
    await sql("update public.institution_settings set eliminatory_mark = null, compensation = false");
    r = await results(w.ids.studentA);
    expect(r.units.find((u) => u.code === "UE-TST-A")!.validated_by).toBeNull();
  });

  it("GPA on 4.0: UE-A 8.93 (44.65 %) D+ 1.3, UE-B 14.40 (72 %) B+ 3.3 → (1.3×4 + 3.3×2)/6 = 1.97", async () => {
    const r = await results(w.ids.studentA);
    const ueA = r.units.find((u) => u.code === "UE-TST-A")!;
    expect([ueA.letter, num(ueA.points)]).toEqual(["D+", 1.3]);
    const ueB = r.units.find((u) => u.code === "UE-TST-B")!;
    expect([ueB.letter, num(ueB.points)]).toEqual(["B+", 3.3]);
    expect(num(r.gpa)).toBe(1.97);
  });

  it("a resit replaces the exam mark with the CC kept, capped when the option is on", async () => {
    let r = await results(w.ids.classmate);
    expect(num(r.average)).toBe(8.38);
    expect(r.decision).toBe("resit");
    await mark(w.ids.classmate, "A1-resit", 16);
    await mark(w.ids.classmate, "B1-resit", 12);
    // the normal session ignores resit marks
    expect(num((await results(w.ids.classmate)).average)).toBe(8.38);
    // A1 8×0.4 + 16×0.6 = 12.80; UE-A (12.8×2 + 6.4)/3 = 10.67; B1 4 + 7.2 = 11.20;
    // semester (10.67×4 + 11.2×2)/6 = 10.85
    r = await results(w.ids.classmate, "resit");
    expect(r.units.find((u) => u.code === "UE-TST-A")!.courses.find((c) => c.code === "TST-A1")!.mark).toBe(12.8);
    expect(num(r.average)).toBe(10.85);
    expect(r.decision).toBe("validated");
    // capped at 10: A1 10, UE-A (20 + 6.4)/3 = 8.80, B1 10; semester (35.2 + 20)/6 = 9.20
    await sql("update public.institution_settings set resit_cap = 10");
    r = await results(w.ids.classmate, "resit");
    const ueA = r.units.find((u) => u.code === "UE-TST-A")!;
    expect(ueA.courses.find((c) => c.code === "TST-A1")!.mark).toBe(10);
    expect(num(ueA.average)).toBe(8.8);
    expect(num(r.average)).toBe(9.2);
    expect(ueA.validated_by).toBeNull();
    expect(r.units.find((u) => u.code === "UE-TST-B")!.validated_by).toBe("average");
    expect(r.credits_earned).toBe(2);
    expect(r.decision).toBe("deferred");
    expect(r.mention).toBeNull();
  });

  it("counts an absence as 0, leaves an excused mark out, and reports missing marks", async () => {
    const student = w.ids.studentB;
    await sql("insert into public.course_enrollments (course_id, user_id, status) values ($1, $2, 'active')", [course.B1, student]);
    let row = await one<{ mark: string | null; missing: number }>("select * from public.semester_course_marks($1) where student_id = $2", [semester, student]);
    expect(row.mark).toBeNull();
    expect(row.missing).toBe(2);
    expect((await results(student)).decision).toBe("incomplete");
    await mark(student, "B1-continuous", null, "excused");
    await mark(student, "B1-exam", 12);
    row = await one("select * from public.semester_course_marks($1) where student_id = $2", [semester, student]);
    expect(num(row.mark)).toBe(12); // the exam alone
    // the teacher's students page leaves the excused mark out of its average too
    const mine = await w.clients.teacherA.from("my_students").select("average").eq("course_id", course.B1).eq("student_id", student);
    expect(mine.data).toEqual([{ average: 12 }]);
    await mark(student, "B1-continuous", null, "absent");
    row = await one("select * from public.semester_course_marks($1) where student_id = $2", [semester, student]);
    expect(num(row.mark)).toBe(7.2); // 0 × 0.4 + 12 × 0.6
    await mark(student, "B1-exam", null, "excused");
    row = await one("select * from public.semester_course_marks($1) where student_id = $2", [semester, student]);
    expect(row.mark).toBeNull(); // excused from the exam: to be sat later
    await sql("delete from public.course_enrollments where course_id = $1 and user_id = $2", [course.B1, student]);
  });
});

describe("rules", () => {
  it("mention bands at their edges", async () => {
    const rows = await sql<{ a: string; m: string | null }>(
      `select a::text, private.mention(a, s.mention_bands) ->> 'fr' as m
       from unnest(array[9.99, 10, 11.99, 12, 13.99, 14, 15.99, 16, 20]::numeric[]) a, public.institution_settings s`,
    );
    expect(rows.map((r) => r.m)).toEqual([null, "Passable", "Passable", "Assez bien", "Assez bien", "Bien", "Bien", "Très bien", "Très bien"]);
  });

  it("grade points at their edges (the table is out of 100: mark × 5)", async () => {
    const rows = await sql<{ g: { letter: string; points: number } }>(
      `select private.grade_point(a, s.grade_points) as g
       from unnest(array[20, 16, 15.99, 14, 10, 9.99, 7, 6.99, 0]::numeric[]) with ordinality as t(a, i), public.institution_settings s
       order by i`,
    );
    expect(rows.map((r) => `${r.g.letter} ${Number(r.g.points)}`)).toEqual(["A 4", "A 4", "A- 3.7", "B+ 3.3", "C 2", "C- 1.7", "D 1", "F 0", "F 0"]);
  });

  it("course and resit marks", async () => {
    const r = await one<Record<string, string>>(
      `select private.course_mark(12, 8, 40) as a, private.course_mark(null, 13, 40) as b, private.course_mark(11, null, 40) as c,
              private.resit_mark(8, 16, 40, null) as d, private.resit_mark(8, 16, 40, 10) as e, private.resit_mark(8, 9, 40, 10) as f,
              private.course_mark(12, 8, 30) as g`,
    );
    expect(Object.values(r).map(num)).toEqual([9.6, 13, 11, 12.8, 10, 8.6, 9.2]);
  });
});
