// Assignments and reports (issue 12 §2, §7), tried through supabase-js as each role:
// the server's clock decides when work is taken, a submission names only its student's
// files, a classmate reads nothing of it, a teacher marks only its courses (the mark goes
// into the gradebook, penalised when late), and the report functions refuse other roles
// and give hand-checked figures on a small fixture.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let classmate: SupabaseClient;
beforeAll(async () => {
  w = await buildWorld(stack());
  const [row] = await stack().sql<{ email: string }>("select email from auth.users where id = $1", [IDS.classmate]);
  classmate = await signInAs(stack(), row.email, "Rls-Test-Password-42");
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const pdf = () => new Blob(["%PDF-1.4 copie"], { type: "application/pdf" });

/** A fresh assignment of courseA; `fields` is SQL for the extra columns. */
async function assignment(fields: Record<string, unknown> = {}): Promise<string> {
  const columns = ["course_id", "title", ...Object.keys(fields)];
  const values = [w.courseA, "Devoir", ...Object.values(fields)];
  const [row] = await sql<{ id: string }>(`insert into public.assignments (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")}) returning id`, values);
  return row.id;
}
const folder = (a: string, student: string) => `${w.courseA}/${a}/${student}`;

describe("assignments", () => {
  it("the server's clock decides: not before opening, not after the deadline when late work is refused", async () => {
    const student = w.clients.studentA;
    const future = await assignment({ opens_at: new Date(Date.now() + 86_400_000).toISOString(), due_at: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const early = await student.from("assignment_submissions").insert({ assignment_id: future, student_id: IDS.studentA, body: "Trop tôt" });
    expect(early.error?.message).toMatch(/takes no work now/);
    expect((await student.storage.from("submissions").upload(`${folder(future, IDS.studentA)}/a.pdf`, pdf(), { contentType: "application/pdf" })).error).not.toBeNull();

    const past = new Date(Date.now() - 3600_000).toISOString();
    const refused = await assignment({ due_at: past, late_policy: "refuse" });
    const late = await student.from("assignment_submissions").insert({ assignment_id: refused, student_id: IDS.studentA, body: "En retard" });
    expect(late.error?.message).toMatch(/takes no work now/);
    expect((await student.storage.from("submissions").upload(`${folder(refused, IDS.studentA)}/a.pdf`, pdf(), { contentType: "application/pdf" })).error).not.toBeNull();

    // still open: handed in, then the deadline passes (as the server sees it) and no revision is taken
    const open = await assignment({ due_at: new Date(Date.now() + 3600_000).toISOString(), late_policy: "refuse" });
    const path = `${folder(open, IDS.studentA)}/copie.pdf`;
    expect((await student.storage.from("submissions").upload(path, pdf(), { contentType: "application/pdf" })).error).toBeNull();
    const handed = await student
      .from("assignment_submissions")
      .insert({ assignment_id: open, student_id: IDS.studentA, files: [path] })
      .select("id")
      .single();
    expect(handed.error).toBeNull();
    await sql("update public.assignments set due_at = now() - interval '1 minute' where id = $1", [open]);
    const revised = await student.from("assignment_submissions").update({ body: "Après coup" }).eq("id", handed.data!.id);
    expect(revised.error?.message).toMatch(/takes no work now/);
    expect((await student.storage.from("submissions").upload(path, pdf(), { contentType: "application/pdf", upsert: true })).error).not.toBeNull();

    // accepted late work is taken
    const accepting = await assignment({ due_at: past, late_policy: "accept" });
    expect((await student.from("assignment_submissions").insert({ assignment_id: accepting, student_id: IDS.studentA, body: "Tard" })).error).toBeNull();
  });

  it("a submission names only files in its student's own folder, whoever writes it", async () => {
    const a = await assignment({ due_at: new Date(Date.now() + 86_400_000).toISOString() });
    const theirs = `${folder(a, IDS.classmate)}/copie.pdf`;
    expect((await classmate.storage.from("submissions").upload(theirs, pdf(), { contentType: "application/pdf" })).error).toBeNull();
    const student = w.clients.studentA;
    for (const attempt of [
      { file_path: theirs },
      { files: [theirs] },
      { files: [`${folder(a, IDS.studentA)}/../${IDS.classmate}/copie.pdf`] },
      { file_path: `${w.courseB}/${a}/${IDS.studentA}/x.pdf` },
    ]) {
      const { error } = await student.from("assignment_submissions").insert({ assignment_id: a, student_id: IDS.studentA, ...attempt });
      expect(error?.message, JSON.stringify(attempt)).toMatch(/own folder/);
    }
    const mine = `${folder(a, IDS.studentA)}/copie.pdf`;
    const ok = await student
      .from("assignment_submissions")
      .insert({ assignment_id: a, student_id: IDS.studentA, files: [mine] })
      .select("id")
      .single();
    expect(ok.error).toBeNull();
    // the teacher cannot point it at the classmate's file either
    const moved = await w.clients.teacherA.from("assignment_submissions").update({ file_path: theirs }).eq("id", ok.data!.id);
    expect(moved.error?.message).toMatch(/own folder/);

    // a classmate reads neither the row nor the file
    expect((await classmate.from("assignment_submissions").select("id").eq("id", ok.data!.id)).data).toEqual([]);
    expect((await student.storage.from("submissions").upload(mine, pdf(), { contentType: "application/pdf" })).error).toBeNull();
    expect((await classmate.storage.from("submissions").download(mine)).error).not.toBeNull();
    expect((await w.clients.teacherA.storage.from("submissions").download(mine)).error).toBeNull();
  });

  it("a teacher marks only its courses; the mark reaches the gradebook, penalised per day late, with history once published", async () => {
    const [ev] = await sql<{ id: string }>("insert into public.evaluations (course_id, title, kind, coefficient) values ($1, 'Devoir noté', 'assignment', 1) returning id", [w.courseA]);
    // an assignment cannot borrow another kind of evaluation
    await expect(assignment({ evaluation_id: w.evaluationDraft })).rejects.toThrow(/assignment of the same course/);
    const a = await assignment({ evaluation_id: ev.id, due_at: new Date(Date.now() - 36 * 3600_000).toISOString(), late_policy: "penalty", late_penalty_per_day: 2 });
    const handed = await w.clients.studentA.from("assignment_submissions").insert({ assignment_id: a, student_id: IDS.studentA, body: "Copie" }).select("id").single();
    expect(handed.error).toBeNull();
    const id = handed.data!.id;

    // teacherB does not teach courseA: nothing changes
    const foreign = await w.clients.teacherB.from("assignment_submissions").update({ score: 20, feedback: "?" }).eq("id", id).select("id");
    expect(foreign.data ?? []).toEqual([]);
    // the student cannot mark itself
    expect((await w.clients.studentA.from("assignment_submissions").update({ score: 20 }).eq("id", id).select("id")).data ?? []).toEqual([]);

    const marked = await w.clients.teacherA.from("assignment_submissions").update({ score: 15, feedback: "Bien argumenté" }).eq("id", id).select("id");
    expect(marked.data).toHaveLength(1);
    // 36 hours late = 2 started days × 2 marks
    const grade = async () =>
      (
        await sql<{ score: string; comment: string; graded_by: string }>("select score::text, comment, graded_by from public.grades where evaluation_id = $1 and student_id = $2", [
          ev.id,
          IDS.studentA,
        ])
      )[0];
    expect(await grade()).toEqual({ score: "11.00", comment: "Bien argumenté", graded_by: IDS.teacherA });

    expect((await w.clients.teacherA.rpc("publish_evaluation", { evaluation: ev.id })).error).toBeNull();
    expect((await w.clients.teacherA.from("assignment_submissions").update({ score: 17 }).eq("id", id)).error).toBeNull();
    expect((await grade()).score).toBe("13.00");
    const history = await sql<{ old_score: string; new_score: string; changed_by: string }>("select old_score::text, new_score::text, changed_by from public.grade_history where evaluation_id = $1", [
      ev.id,
    ]);
    expect(history).toEqual([{ old_score: "11.00", new_score: "13.00", changed_by: IDS.teacherA }]);
    // the student reads its published mark
    expect((await w.clients.studentA.from("grades").select("score").eq("evaluation_id", ev.id)).data).toEqual([{ score: 13 }]);
  });
  it("save_assignment sets an assignment with its gradebook evaluation, for the course's teacher only; the demo one is seeded", async () => {
    const input = {
      id: crypto.randomUUID(),
      course_id: w.courseA,
      title: "Exposé",
      instructions: "Dix minutes.",
      opens_at: null,
      due_at: "2030-01-10T22:59:00Z",
      late_policy: "penalty",
      late_penalty_per_day: 1,
      coefficient: 2,
      attachments: [`${w.courseA}/assignments/x/notes.pdf`],
    };
    // instruction files lie in the assignment's own folder
    expect((await w.clients.teacherA.rpc("save_assignment", { assignment: input })).error?.message).toMatch(/own folder/);
    input.attachments = [`${w.courseA}/assignments/${input.id}/notes.pdf`];
    expect((await w.clients.teacherB.rpc("save_assignment", { assignment: input })).error).not.toBeNull();
    const saved = await w.clients.teacherA.rpc("save_assignment", { assignment: input });
    expect(saved.error).toBeNull();
    const [row] = await sql<{ kind: string; coefficient: string; held_on: string; late_policy: string; title: string }>(
      `select e.kind, e.coefficient::text, e.held_on::text, a.late_policy, e.title from public.assignments a
       join public.evaluations e on e.id = a.evaluation_id where a.id = $1`,
      [saved.data],
    );
    expect(row).toEqual({ kind: "assignment", coefficient: "2.00", held_on: "2030-01-10", late_policy: "penalty", title: "Exposé" });
    // edited: the same evaluation follows
    expect((await w.clients.teacherA.rpc("save_assignment", { assignment: { ...input, title: "Exposé oral", coefficient: 1 } })).error).toBeNull();
    expect(await sql("select e.title, e.coefficient::text from public.assignments a join public.evaluations e on e.id = a.evaluation_id where a.id = $1", [input.id])).toEqual([
      { title: "Exposé oral", coefficient: "1.00" },
    ]);

    // an evaluation of kind assignment created first (teacher/evaluations/new) is linked; another kind is refused
    const [made] = await sql<{ id: string }>("insert into public.evaluations (course_id, title, kind) values ($1, 'Devoir lié', 'assignment') returning id", [w.courseA]);
    const linked = { ...input, id: crypto.randomUUID(), attachments: [], title: "Devoir lié" };
    expect((await w.clients.teacherA.rpc("save_assignment", { assignment: { ...linked, evaluation_id: w.evaluationDraft } })).error).not.toBeNull();
    expect((await w.clients.teacherA.rpc("save_assignment", { assignment: { ...linked, evaluation_id: made.id } })).error).toBeNull();
    expect(await sql("select evaluation_id from public.assignments where id = $1", [linked.id])).toEqual([{ evaluation_id: made.id }]);

    const demo = await sql<{ submitted: string; marked: string; grades: string }>(
      `select count(s.id)::text as submitted, count(s.graded_at)::text as marked,
         (select count(*) from public.grades g where g.evaluation_id = a.evaluation_id)::text as grades
       from public.assignments a join public.courses c on c.id = a.course_id
       left join public.assignment_submissions s on s.assignment_id = a.id
       where c.code = 'INF-L2-102' and a.evaluation_id is not null group by a.id`,
    );
    expect(demo).toEqual([{ submitted: "2", marked: "1", grades: "1" }]);
  });
});

describe("reports", () => {
  it("course_report: the course's teacher and admins only; hand-checked figures", async () => {
    const [course] = await sql<{ id: string }>("insert into public.courses (code, title, school_id, teacher_id) values ('RPT-101', 'Rapport', $1, $2) returning id", [w.school, IDS.teacherA]);
    const students = [IDS.studentA, IDS.classmate, IDS.studentB];
    for (const s of students) await sql("insert into public.course_enrollments (course_id, user_id) values ($1, $2)", [course.id, s]);
    const [cc] = await sql<{ id: string }>("insert into public.evaluations (course_id, title, kind, coefficient) values ($1, 'CC', 'continuous', 1) returning id", [course.id]);
    const [exam] = await sql<{ id: string }>("insert into public.evaluations (course_id, title, kind, coefficient) values ($1, 'Examen', 'exam', 2) returning id", [course.id]);
    const grade = (ev: string, s: string, status: string, score: number | null) =>
      sql("insert into public.grades (evaluation_id, student_id, status, score) values ($1, $2, $3, $4)", [ev, s, status, score]);
    // A: (12 + 2×15)/3 = 14.00; classmate: (8 + 2×0)/3 = 2.67; B: excused CC, exam 9 → 9.00
    await grade(cc.id, IDS.studentA, "marked", 12);
    await grade(exam.id, IDS.studentA, "marked", 15);
    await grade(cc.id, IDS.classmate, "marked", 8);
    await grade(exam.id, IDS.classmate, "absent", null);
    await grade(cc.id, IDS.studentB, "excused", null);
    await grade(exam.id, IDS.studentB, "marked", 9);
    const events: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [e] = await sql<{ id: string }>(
        `insert into public.schedule_events (course_id, title, start_time, end_time) values ($1, 'Séance', now() - interval '${i + 1} days', now() - interval '${i + 1} days' + interval '2 hours') returning id`,
        [course.id],
      );
      events.push(e.id);
    }
    const register = {
      [IDS.studentA]: ["present", "present", "present", "present"],
      [IDS.classmate]: ["absent", "absent", "absent", "present"],
      [IDS.studentB]: ["late", "excused", "absent", "present"],
    };
    for (const [s, statuses] of Object.entries(register))
      for (const [i, status] of statuses.entries()) await sql("insert into public.attendance (schedule_event_id, student_id, status) values ($1, $2, $3)", [events[i], s, status]);

    for (const who of [w.clients.studentA, w.clients.teacherB]) {
      const refused = await who.rpc("course_report", { course: course.id });
      expect(refused.error?.code).toBe("42501");
    }
    const { data, error } = await w.clients.teacherA.rpc("course_report", { course: course.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ students: 3, marked: 3, average: 8.56, pass_rate: 0.3333, attendance_rate: 0.6364, pass_mark: 10 });
    const counts = (data.distribution as { from: number; count: number }[]).map((b) => b.count);
    expect(counts).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect((data.at_risk as { student_id: string; below_pass: boolean; often_absent: boolean }[]).map((r) => [r.student_id, r.below_pass, r.often_absent]).sort()).toEqual(
      [
        [IDS.classmate, true, true],
        [IDS.studentB, true, false],
      ].sort(),
    );
    expect((await w.clients.admin.rpc("course_report", { course: course.id })).error).toBeNull();
  });

  it("institution_report: admins only; enrolment, pass rate, credits, attendance and revenue per programme and level", async () => {
    const year = w.spareYear;
    const [semester] = await sql<{ id: string }>(
      "insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on) values ($1, 1, 'S1', 'S1', '2090-10-01', '2091-02-28') returning id",
      [year],
    );
    let n = 9001;
    for (const s of [IDS.classmate, IDS.studentB])
      await sql("insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, level_code) values ($1, $2, $3, $4, 'L2')", [
        s,
        year,
        `90UO${n++}`,
        w.programme,
      ]);
    const [normal] = await sql<{ id: string }>("insert into public.deliberations (semester_id, session) values ($1, 'normal') returning id", [semester.id]);
    const [resit] = await sql<{ id: string }>("insert into public.deliberations (semester_id, session) values ($1, 'resit') returning id", [semester.id]);
    const result = (d: string, s: string, decision: string, credits: number) =>
      sql("insert into public.frozen_results (deliberation_id, student_id, credits_earned, credits_total, decision, units) values ($1, $2, $3, 30, $4, '[]')", [d, s, credits, decision]);
    // the resit session's result counts: classmate validated (30), B deferred (24)
    await result(normal.id, IDS.classmate, "resit", 20);
    await result(resit.id, IDS.classmate, "validated", 30);
    await result(normal.id, IDS.studentB, "resit", 18);
    await result(resit.id, IDS.studentB, "deferred", 24);
    const [course] = await sql<{ id: string }>("insert into public.courses (code, title, school_id, semester_id) values ('RPT-901', 'Rapport 2090', $1, $2) returning id", [w.school, semester.id]);
    const events: string[] = [];
    for (const day of ["2090-10-05", "2090-10-12"]) {
      const [e] = await sql<{ id: string }>(
        "insert into public.schedule_events (course_id, title, start_time, end_time) values ($1, 'Séance', $2::timestamptz, $2::timestamptz + interval '2 hours') returning id",
        [course.id, `${day}T08:00:00Z`],
      );
      events.push(e.id);
    }
    for (const [s, e, status] of [
      [IDS.classmate, 0, "present"],
      [IDS.classmate, 1, "absent"],
      [IDS.studentB, 0, "present"],
      [IDS.studentB, 1, "late"],
    ] as const)
      await sql("insert into public.attendance (schedule_event_id, student_id, status) values ($1, $2, $3)", [events[e], s, status]);
    for (const [s, amount, status, paid] of [
      [IDS.classmate, 50000, "succeeded", "2090-10-01"],
      [IDS.studentB, 25000, "succeeded", "2091-03-01"],
      [IDS.studentB, 10000, "failed", null],
      [IDS.studentB, 7000, "succeeded", "2092-01-01"],
    ] as const)
      await sql("insert into public.payments (student_id, amount_xaf, method, status, paid_at) values ($1, $2, 'cash', $3, $4)", [s, amount, status, paid]);

    for (const who of [w.clients.studentA, w.clients.teacherA]) {
      expect((await who.rpc("institution_report", { year })).error?.code).toBe("42501");
    }
    const { data, error } = await w.clients.admin.rpc("institution_report", { year });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      school_id: w.school,
      level_code: "L2",
      enrolled: 2,
      results: 2,
      validated: 1,
      pass_rate: 0.5,
      credits_earned: 54,
      attendance_rate: 0.75,
      revenue_xaf: 75000,
    });
  });
});
