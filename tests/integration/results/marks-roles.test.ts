// Marks and results, signed in as each role: who may mark, read, publish, change and
// deliberate — and what each must not do.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type World } from "../../fixtures/rls-world.ts";
import { totpCode } from "../../../supabase/local/auth/totp.ts";

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
  [{ id: course }] = await sql<{ id: string }>(`insert into public.courses (code, title, school_id, semester_id, teacher_id) values ('TST-DELIB', 'Délibération', $1, $2, $3) returning id`, [
    w.school,
    semester,
    w.ids.teacherA,
  ]);
  for (const student of [w.ids.studentA, w.ids.classmate]) {
    await sql("insert into public.course_enrollments (course_id, user_id) values ($1, $2)", [course, student]);
  }
  [{ id: evaluation }] = await sql<{ id: string }>(`insert into public.evaluations (course_id, title, kind) values ($1, 'Examen', 'exam') returning id`, [course]);
}, 180_000);

describe("marks", () => {
  it("the course's teacher marks its students; another teacher and students cannot", async () => {
    const byTeacherB = await w.clients.teacherB.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentA, score: 15 }).select();
    expect(byTeacherB.error).not.toBeNull();
    const byStudent = await w.clients.studentA.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentA, score: 20 }).select();
    expect(byStudent.error).not.toBeNull();
    const outsider = await w.clients.teacherA.from("grades").insert({ evaluation_id: evaluation, student_id: w.ids.studentB, score: 12 }).select();
    expect(outsider.error).not.toBeNull(); // studentB is not in the course
    const ok = await w.clients.teacherA
      .from("grades")
      .insert([
        { evaluation_id: evaluation, student_id: w.ids.studentA, score: 11, status: "marked" },
        { evaluation_id: evaluation, student_id: w.ids.classmate, score: null, status: "absent" },
      ])
      .select("graded_by");
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

// Issue 20 §2 and §6 (security review M2): the closed session above freezes everything that
// decides its marks, until a registrar reopens it; closing again is deliberate.
describe("a closed session freezes what decides its marks", () => {
  const sql = () => stack().sql;
  const frozen = /frozen|closed/;

  it("refuses moving an evaluation out or in, changing its coefficient or kind, adding or removing one", async () => {
    const teacher = w.clients.teacherA;
    // the review's path: move out to a current course, change the mark, move back
    const out = await teacher.from("evaluations").update({ course_id: w.courseA }).eq("id", evaluation).select();
    expect(out.error?.message).toMatch(frozen);
    expect((await teacher.from("evaluations").update({ coefficient: 3 }).eq("id", evaluation).select()).error?.message).toMatch(frozen);
    expect((await teacher.from("evaluations").update({ kind: "continuous" }).eq("id", evaluation).select()).error?.message).toMatch(frozen);
    expect((await teacher.from("evaluations").delete().eq("id", evaluation).select()).error).not.toBeNull();
    const added = await teacher.from("evaluations").insert({ course_id: course, title: "Nouveau devoir", kind: "continuous", is_published: true }).select();
    expect(added.error?.message).toMatch(frozen);
    // a current evaluation (with or without marks) cannot enter the closed semester
    const moveIn = await teacher.from("evaluations").update({ course_id: course }).eq("id", w.evaluationDraft).select();
    expect(moveIn.error?.message).toMatch(frozen);
    // a title is not a mark; the resit session is still open for resit evaluations
    expect((await teacher.from("evaluations").update({ title: "Examen final" }).eq("id", evaluation).select()).error).toBeNull();
    const resit = await teacher.from("evaluations").insert({ course_id: course, title: "Rattrapage", kind: "resit" }).select("id").single();
    expect(resit.error).toBeNull();
    expect((await teacher.from("evaluations").update({ kind: "exam" }).eq("id", resit.data!.id).select()).error?.message).toMatch(frozen);
    expect((await teacher.from("evaluations").delete().eq("id", resit.data!.id).select()).error).toBeNull();
    // a gradebook import (several marks in one request) is refused whole
    const imported = await teacher.from("grades").upsert(
      [
        { evaluation_id: evaluation, student_id: w.ids.studentA, score: 20, status: "marked" },
        { evaluation_id: evaluation, student_id: w.ids.classmate, score: 20, status: "marked" },
      ],
      { onConflict: "evaluation_id,student_id" },
    );
    expect(imported.error?.message).toMatch(frozen);
    // the course keeps its weights, coefficient, credits and semester (admin or not)
    for (const patch of [{ cc_weight: 30 }, { coefficient: 2 }, { credits: 5 }, { semester_id: null }]) {
      expect((await w.clients.admin.from("courses").update(patch).eq("id", course).select()).error?.message).toMatch(frozen);
    }
    const [{ score }] = await sql()<{ score: string }>("select score::text from public.grades where evaluation_id = $1 and student_id = $2", [evaluation, w.ids.studentA]);
    expect(score).toBe("13.50"); // as it was frozen
  });

  it("only an admin at aal2 reopens it, with a reason, audited; then the marks unfreeze and closing again is deliberate", async () => {
    const [deliberation] = await sql()<{ id: string }>("select id from public.deliberations where semester_id = $1 and session = 'normal'", [semester]);
    const reason = "Erreur de saisie signalée par le jury";
    expect((await w.clients.teacherA.rpc("reopen_deliberation", { deliberation: deliberation.id, reason })).error?.code).toBe("42501");
    // the demo admin has no factor: aal1 is not enough to reopen
    expect((await w.clients.admin.rpc("reopen_deliberation", { deliberation: deliberation.id, reason })).error?.code).toBe("42501");
    const admin = w.clients.admin;
    const { data: factor } = await admin.auth.mfa.enroll({ factorType: "totp", friendlyName: "registrar" });
    const { data: challenge } = await admin.auth.mfa.challenge({ factorId: factor!.id });
    expect((await admin.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret) })).error).toBeNull();
    expect((await admin.rpc("reopen_deliberation", { deliberation: deliberation.id, reason: " " })).error?.code).toBe("22023");
    expect((await admin.rpc("reopen_deliberation", { deliberation: deliberation.id, reason })).error).toBeNull();
    expect((await admin.rpc("reopen_deliberation", { deliberation: deliberation.id, reason })).error).not.toBeNull();
    const [audit] = await sql()<{ actor_id: string; details: { reason: string; session: string; frozen_results: unknown[] } }>(
      "select actor_id, details from public.audit_log where action = 'results.deliberation_reopened' and target_id = $1",
      [deliberation.id],
    );
    expect(audit).toMatchObject({ actor_id: w.ids.admin, details: { reason, session: "normal" } });
    expect(audit.details.frozen_results).toHaveLength(2);
    expect(await sql()("select 1 from public.frozen_results where deliberation_id = $1", [deliberation.id])).toEqual([]);
    expect((await admin.rpc("publish_deliberation", { deliberation: deliberation.id })).error?.code).toBe("PT409");

    // unfrozen: a CC evaluation with one mark missing, and the exam moved to a later date
    const teacher = w.clients.teacherA;
    const cc = await teacher.from("evaluations").insert({ course_id: course, title: "Devoir", kind: "continuous", is_published: true }).select("id").single();
    expect(cc.error).toBeNull();
    expect((await teacher.from("grades").insert({ evaluation_id: cc.data!.id, student_id: w.ids.studentA, score: 15, status: "marked" })).error).toBeNull();
    expect((await teacher.from("evaluations").update({ held_on: "2099-01-25" }).eq("id", evaluation)).error).toBeNull();

    // a quiz of the course with a submitted attempt, marked into the gradebook while open
    const [quizEvaluation] = await sql()<{ id: string }>("insert into public.evaluations (course_id, title, kind) values ($1, 'Quiz', 'quiz') returning id", [course]);
    const [quiz] = await sql()<{ id: string }>("insert into public.quizzes (course_id, title, evaluation_id) values ($1, 'Quiz', $2) returning id", [course, quizEvaluation.id]);
    const [question] = await sql()<{ id: string }>(
      `insert into public.quiz_questions (quiz_id, position, prompt, kind, choices) values ($1, 1, '2 + 2 ?', 'single', '[{"id":"a","label":"4"},{"id":"b","label":"5"}]') returning id`,
      [quiz.id],
    );
    await sql()("insert into public.quiz_answer_keys (question_id, correct) values ($1, '[\"a\"]')", [question.id]);
    const [attempt] = await sql()<{ id: string }>(
      "insert into public.quiz_attempts (quiz_id, student_id, started_at, submitted_at, answers) values ($1, $2, now() - interval '5 minutes', now(), $3::jsonb) returning id",
      [quiz.id, w.ids.studentA, JSON.stringify({ [question.id]: ["a"] })],
    );
    expect(await sql()("select score::float from public.grades where evaluation_id = $1", [quizEvaluation.id])).toEqual([{ score: 20 }]);

    // closing now says what is missing and needs an override with a reason
    const gaps = await admin.rpc("deliberation_gaps", { semester, session: "normal" });
    expect(gaps.data).toMatchObject({
      complete: false,
      students: 1,
      marks: 1,
      evaluations: [{ id: cc.data!.id, title: "Devoir", course_code: "TST-DELIB", missing: 1 }],
      exams_ahead: [{ id: evaluation, held_on: "2099-01-25" }],
    });
    expect((await teacher.rpc("deliberation_gaps", { semester, session: "normal" })).error?.code).toBe("42501");
    const refused = await admin.rpc("close_deliberation", { semester, session: "normal" });
    expect(refused.error?.code).toBe("PT409");
    expect(JSON.parse(refused.error!.details)).toMatchObject({ students: 1, marks: 1 });
    expect((await admin.rpc("close_deliberation", { semester, session: "normal", override: true })).error?.code).toBe("22023");
    const closed = await admin.rpc("close_deliberation", { semester, session: "normal", override: true, reason: "Jury exceptionnel : examen reporté" });
    expect(closed.error).toBeNull();
    const [entry] = await sql()<{ details: Record<string, unknown> }>("select details from public.audit_log where action = 'results.deliberation_closed' and target_id = $1 and details ? 'override'", [
      semester,
    ]);
    expect(entry.details).toMatchObject({ override: true, reason: "Jury exceptionnel : examen reporté", missing_students: 1, missing_marks: 1, students: 2 });
    expect(entry.details.evaluations).toHaveLength(1);
    expect(entry.details.exams_ahead).toHaveLength(1);
    // frozen again: evaluations, and quiz re-marking (the review would change the mark)
    expect((await teacher.from("evaluations").update({ coefficient: 2 }).eq("id", cc.data!.id).select()).error?.message).toMatch(frozen);
    const remark = await teacher.rpc("review_quiz_attempt", { attempt: attempt.id, points: { [question.id]: 0 } });
    expect(remark.error?.message).toMatch(frozen);
    expect(await sql()("select score::float from public.grades where evaluation_id = $1", [quizEvaluation.id])).toEqual([{ score: 20 }]);
  });

  // (the session above is closed again)
  it("keeps the course's enrolments: none added, dropped, removed or moved; a status that still counts may change", async () => {
    const admin = w.clients.admin;
    const enrolled = () => sql()<{ user_id: string; status: string }>("select user_id, status from public.course_enrollments where course_id = $1 order by user_id", [course]);
    const before = await enrolled();
    expect((await admin.from("course_enrollments").insert({ course_id: course, user_id: w.ids.studentB }).select()).error?.message).toMatch(frozen);
    expect((await admin.from("course_enrollments").update({ status: "dropped" }).eq("course_id", course).eq("user_id", w.ids.classmate).select()).error?.message).toMatch(frozen);
    expect((await admin.from("course_enrollments").delete().eq("course_id", course).eq("user_id", w.ids.classmate).select()).error?.message).toMatch(frozen);
    expect((await admin.from("course_enrollments").update({ course_id: w.courseA }).eq("course_id", course).eq("user_id", w.ids.classmate).select()).error?.message).toMatch(frozen);
    // a current course's enrolment cannot be moved into the closed semester either
    const moveIn = await admin.from("course_enrollments").update({ course_id: course }).eq("course_id", w.courseB).eq("user_id", w.ids.studentB).select();
    expect(moveIn.error?.message).toMatch(frozen);
    expect(await enrolled()).toEqual(before);
    // active → completed changes nothing the engine sees
    const completed = await admin.from("course_enrollments").update({ status: "completed" }).eq("course_id", course).eq("user_id", w.ids.classmate).select("status");
    expect(completed.error).toBeNull();
    expect(completed.data).toEqual([{ status: "completed" }]);
  });

  it("keeps the evaluation a quiz of the closed semester marks", async () => {
    const [quiz] = await sql()<{ id: string; evaluation_id: string }>("select id, evaluation_id from public.quizzes where course_id = $1", [course]);
    const unlinked = await w.clients.teacherA.from("quizzes").update({ evaluation_id: null }).eq("id", quiz.id).select();
    expect(unlinked.error?.message).toMatch(frozen);
    expect(await sql()("select evaluation_id from public.quizzes where id = $1", [quiz.id])).toEqual([{ evaluation_id: quiz.evaluation_id }]);
    // other fields of the quiz are not marks
    expect((await w.clients.teacherA.from("quizzes").update({ title: "Quiz (corrigé)" }).eq("id", quiz.id).select()).error).toBeNull();
  });
});
