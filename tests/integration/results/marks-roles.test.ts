// Marks and results, signed in as each role: who may mark, read, publish, change and
// deliberate — and what each must not do.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let semester = "";
let course = "";
let evaluation = "";

beforeAll(async () => {
  w = await buildWorld(stack());
  const sql = stack().sql;
  [{ id: semester }] = await sql<{ id: string }>(
    `insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on)
     values ($1, 2, 'S test', 'S test', '2091-03-01', '2091-07-01') returning id`,
    [w.spareYear],
  );
  [{ id: course }] = await sql<{ id: string }>(
    `insert into public.courses (code, title, school_id, semester_id, teacher_id) values ('TST-DELIB', 'Délibération', $1, $2, $3) returning id`,
    [w.school, semester, w.ids.teacherA],
  );
  for (const student of [w.ids.studentA, w.ids.classmate]) {
    await sql("insert into public.course_enrollments (course_id, user_id) values ($1, $2)", [course, student]);
  }
  [{ id: evaluation }] = await sql<{ id: string }>(
    `insert into public.evaluations (course_id, title, kind) values ($1, 'Examen', 'exam') returning id`,
    [course],
  );
}, 180_000);

describe("marks", () => {
  it("the course's teacher marks its students; another teacher and students cannot", async () => {
    const byTeacherB = await w.clients.teacherB.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentA, score: 15 }).select();
    expect(byTeacherB.error).not.toBeNull();
    const byStudent = await w.clients.studentA.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentA, score: 20 }).select();
    expect(byStudent.error).not.toBeNull();
    const outsider = await w.clients.teacherA.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentB, score: 12 }).select();
    expect(outsider.error).not.toBeNull(); // studentB is not in the course
    const ok = await w.clients.teacherA.from("grades").insert([
      { evaluation_id: evaluation, student_id: w.ids.studentA, score: 11, status: "marked" },
      { evaluation_id: evaluation, student_id: w.ids.classmate, score: null, status: "absent" },
    ]).select("graded_by");
    expect(ok.error).toBeNull();
    expect(ok.data!.every((g) => g.graded_by === w.ids.teacherA)).toBe(true);
    const bad = await w.clients.teacherA.from("grades").update({ score: null }).eq("evaluation_id", evaluation).eq("student_id", w.ids.studentA);
    expect(bad.error).not.toBeNull(); // a marked mark needs a score
  });

  it("students see no mark before publication, and never a classmate's", async () => {
    const before = await w.clients.studentA.from("grades").select("score").eq("evaluation_id", evaluation);
    expect(before.data).toEqual([]);
    expect((await w.clients.teacherB.rpc("publish_evaluation", { evaluation })).error?.code).toBe("42501");
    expect((await w.clients.studentA.rpc("publish_evaluation", { evaluation })).error?.code).toBe("42501");
    const published = await w.clients.teacherA.rpc("publish_evaluation", { evaluation });
    expect(published.error).toBeNull();
    expect(published.data).toBe(2);
    const after = await w.clients.studentA.from("grades").select("student_id, score").eq("evaluation_id", evaluation);
    expect(after.data).toEqual([{ student_id: w.ids.studentA, score: 11 }]);
    const notice = await w.clients.studentA.from("student_notifications").select("title").eq("type", "grade_published").like("title", "%Délibération%");
    expect(notice.data!.length).toBe(1);
    const update = await w.clients.studentA.from("grades").update({ score: 20 }).eq("evaluation_id", evaluation).select();
    expect(update.data ?? []).toEqual([]);
    const rows = await stack().sql<{ score: string }>("select score from public.grades where evaluation_id = $1 and student_id = $2", [evaluation, w.ids.studentA]);
    expect(Number(rows[0].score)).toBe(11);
    // the engine, called by a student, computes its own marks only
    const marks = await w.clients.studentA.rpc("semester_course_marks", { semester });
    expect(marks.error).toBeNull();
    expect((marks.data as Array<{ student_id: string; mark: number }>).map((m) => [m.student_id, m.mark])).toEqual([[w.ids.studentA, 11]]);
  });

  it("a published mark changed later keeps its history and tells the student", async () => {
    const changed = await w.clients.teacherA.from("grades").update({ score: 13.5 }).eq("evaluation_id", evaluation).eq("student_id", w.ids.studentA);
    expect(changed.error).toBeNull();
    const history = await w.clients.studentA.from("grade_history").select("old_score, new_score, changed_by, changed_at").eq("evaluation_id", evaluation);
    expect(history.data).toHaveLength(1);
    expect(history.data![0]).toMatchObject({ old_score: 11, new_score: 13.5, changed_by: w.ids.teacherA });
    const notice = await w.clients.studentA.from("student_notifications").select("title").like("title", "%Délibération%").order("created_at");
    expect(notice.data!.map((n) => n.title)).toContain("Note modifiée : Délibération");
    // nobody else's history, and nobody writes it through the API
    expect((await w.clients.studentB.from("grade_history").select("id").eq("evaluation_id", evaluation)).data).toEqual([]);
    expect((await w.clients.teacherB.from("grade_history").select("id").eq("evaluation_id", evaluation)).data).toEqual([]);
    const forged = await w.clients.teacherA.from("grade_history").insert({ evaluation_id: evaluation, student_id: w.ids.studentA, new_score: 20 });
    expect(forged.error).not.toBeNull();
    const erased = await w.clients.admin.from("grade_history").delete().eq("evaluation_id", evaluation).select();
    expect(erased.data ?? []).toEqual([]);
  });
});

describe("deliberation", () => {
  let deliberation = "";
  it("only an admin closes a session; the results are frozen and the marks locked", async () => {
    expect((await w.clients.teacherA.rpc("close_deliberation", { semester, session: "normal" })).error?.code).toBe("42501");
    expect((await w.clients.studentA.rpc("close_deliberation", { semester, session: "normal" })).error?.code).toBe("42501");
    expect((await w.clients.admin.rpc("close_deliberation", { semester, session: "resit" })).error).not.toBeNull();
    const closed = await w.clients.admin.rpc("close_deliberation", { semester, session: "normal" });
    expect(closed.error).toBeNull();
    deliberation = closed.data as string;
    expect((await w.clients.admin.rpc("close_deliberation", { semester, session: "normal" })).error).not.toBeNull();
    const frozen = await w.clients.admin.from("frozen_results").select("student_id, average, decision").eq("deliberation_id", deliberation).order("average");
    expect(frozen.data).toEqual([
      { student_id: w.ids.classmate, average: 0, decision: "resit" },
      { student_id: w.ids.studentA, average: 13.5, decision: "validated" },
    ]);
    const locked = await w.clients.teacherA.from("grades").update({ score: 19 }).eq("evaluation_id", evaluation).eq("student_id", w.ids.studentA);
    expect(locked.error?.message).toMatch(/frozen/);
  });

  it("students read their own frozen result once published, never a classmate's", async () => {
    expect((await w.clients.studentA.from("frozen_results").select("average").eq("deliberation_id", deliberation)).data).toEqual([]);
    expect((await w.clients.teacherA.rpc("publish_deliberation", { deliberation })).error?.code).toBe("42501");
    const published = await w.clients.admin.rpc("publish_deliberation", { deliberation });
    expect(published.data).toBe(2);
    const mine = await w.clients.studentA.from("frozen_results").select("student_id, average").eq("deliberation_id", deliberation);
    expect(mine.data).toEqual([{ student_id: w.ids.studentA, average: 13.5 }]);
    const forged = await w.clients.studentA.from("frozen_results").update({ average: 20 }).eq("deliberation_id", deliberation).select();
    expect(forged.data ?? []).toEqual([]);
  });
});
