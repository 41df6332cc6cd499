// Evaluations and quizzes: the only file of the feature naming tables and RPCs
// (teacher_evaluations, courses, create_evaluation, quizzes, quiz_questions,
// quiz_answer_keys, quiz_attempts, start_quiz_attempt, quiz_attempt_questions,
// save_quiz_answer, submit_quiz_attempt, my_quizzes, quiz_review, review_quiz_attempt,
// release_quiz_results, close_expired_quiz_attempts). Marking happens in the database.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { date, nullableDate, nullableNum, num } from "../../lib/supabase/columns.ts";
import { questionRows, type QuestionForm, type QuizSettings } from "../../lib/forms/evaluation.ts";

const stringList = z.nullable(z.array(z.string()));

const fail: Fail = failFor("quizzes");

// ---- teacher: evaluations -------------------------------------------------------------
const evaluationRow = z.object({
  id: z.string(),
  course_id: z.string(),
  course_code: z.string(),
  course_title: z.string(),
  title: z.string(),
  kind: z.string(),
  coefficient: num,
  held_on: z.nullable(z.string()),
  status: z.enum(["draft", "marking", "published"]),
  quiz_id: z.nullable(z.string()),
  marks_count: num,
});
export type TeacherEvaluation = z.infer<typeof evaluationRow>;

export async function fetchTeacherEvaluations(supabase: SupabaseClient): Promise<TeacherEvaluation[]> {
  const { data, error } = await supabase
    .from("teacher_evaluations")
    .select("id, course_id, course_code, course_title, title, kind, coefficient, held_on, status, quiz_id, marks_count")
    .order("held_on", { ascending: false, nullsFirst: false })
    .order("created_at", { ascending: false });
  if (error) fail("evaluations", error);
  return z.array(evaluationRow).parse(data);
}

const courseRow = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type TeacherCourse = z.infer<typeof courseRow>;
export async function fetchMyCourses(supabase: SupabaseClient, teacherId: string): Promise<TeacherCourse[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").eq("teacher_id", teacherId).order("code");
  if (error) fail("courses", error);
  return z.array(courseRow).parse(data);
}

export async function createEvaluation(
  supabase: SupabaseClient,
  e: { course: string; title: string; kind: string; coefficient: number; held_on: string },
): Promise<{ evaluation_id: string; quiz_id: string | null }> {
  const { data, error } = await supabase.rpc("create_evaluation", {
    course: e.course,
    title: e.title,
    kind: e.kind,
    coefficient: e.coefficient,
    held_on: e.held_on === "" ? null : e.held_on,
  });
  if (error) fail("create evaluation", error);
  return z.array(z.object({ evaluation_id: z.string(), quiz_id: z.nullable(z.string()) })).parse(data)[0];
}

// ---- teacher: the quiz builder ----------------------------------------------------------
const quizRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  opens_at: nullableDate,
  closes_at: nullableDate,
  time_limit_minutes: z.nullable(num),
  max_attempts: num,
  shuffle: z.boolean(),
  is_published: z.boolean(),
  results_released_at: nullableDate,
  course: z.nullable(z.object({ code: z.string(), title: z.string() })),
});
export type Quiz = z.infer<typeof quizRow>;

const questionRow = z.object({
  id: z.string(),
  position: num,
  prompt: z.string(),
  kind: z.enum(["single", "multiple", "true_false", "short", "numeric"]),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  points: num,
  key: z.nullable(z.object({ correct: z.array(z.union([z.string(), z.number()])), tolerance: num })),
});
export type Question = z.infer<typeof questionRow>;

/** Title, coefficient and date of one of my evaluations (RLS: the course's teacher and admins). */
export async function updateEvaluation(supabase: SupabaseClient, id: string, e: { title: string; coefficient: number; held_on: string }): Promise<void> {
  const { data, error } = await supabase
    .from("evaluations")
    .update({ title: e.title, coefficient: e.coefficient, held_on: e.held_on || null })
    .eq("id", id)
    .select("id");
  if (error) fail("update evaluation", error);
  if (!data?.length) fail("update evaluation", { message: "not allowed", code: "42501" });
}

/** Deletes an evaluation without marks (the database refuses one that holds marks). */
export async function deleteEvaluation(supabase: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await supabase.from("evaluations").delete().eq("id", id).select("id");
  if (error) fail("delete evaluation", error);
  if (!data?.length) fail("delete evaluation", { message: "not allowed", code: "42501" });
}

export async function fetchQuizOfEvaluation(supabase: SupabaseClient, evaluationId: string): Promise<{ quiz: Quiz; questions: Question[] } | null> {
  const { data, error } = await supabase
    .from("quizzes")
    .select("id, title, description, opens_at, closes_at, time_limit_minutes, max_attempts, shuffle, is_published, results_released_at, course:courses(code, title)")
    .eq("evaluation_id", evaluationId)
    .maybeSingle();
  if (error) fail("quiz", error);
  if (!data) return null;
  const quiz = quizRow.parse(data);
  const questions = await supabase.from("quiz_questions").select("id, position, prompt, kind, choices, points, key:quiz_answer_keys(correct, tolerance)").eq("quiz_id", quiz.id).order("position");
  if (questions.error) fail("questions", questions.error);
  return { quiz, questions: z.array(questionRow).parse(questions.data) };
}

export async function saveQuizSettings(supabase: SupabaseClient, quizId: string, s: QuizSettings & { is_published?: boolean }): Promise<void> {
  const { error } = await supabase
    .from("quizzes")
    .update({
      description: s.description,
      opens_at: s.opens_at.toISOString(),
      closes_at: s.closes_at.toISOString(),
      time_limit_minutes: s.time_limit_minutes,
      max_attempts: s.max_attempts,
      shuffle: s.shuffle,
      ...(s.is_published === undefined ? {} : { is_published: s.is_published }),
    })
    .eq("id", quizId);
  if (error) fail("quiz settings", error);
}

export async function setQuizPublished(supabase: SupabaseClient, quizId: string, published: boolean): Promise<void> {
  const { error } = await supabase.from("quizzes").update({ is_published: published }).eq("id", quizId);
  if (error) fail("publish quiz", error);
}

/** Adds (no id) or replaces a question and its answer key. */
export async function saveQuestion(supabase: SupabaseClient, quizId: string, position: number, q: QuestionForm, id?: string): Promise<void> {
  const rows = questionRows(q);
  const fields = { prompt: q.prompt, kind: q.kind, choices: rows.choices, points: q.points };
  const saved = id
    ? await supabase.from("quiz_questions").update(fields).eq("id", id).select("id").single()
    : await supabase
        .from("quiz_questions")
        .insert({ ...fields, quiz_id: quizId, position })
        .select("id")
        .single();
  if (saved.error) fail("question", saved.error);
  const key = await supabase.from("quiz_answer_keys").upsert({ question_id: saved.data.id, correct: rows.correct, tolerance: rows.tolerance }, { onConflict: "question_id" });
  if (key.error) fail("answer key", key.error);
}

export async function deleteQuestion(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("quiz_questions").delete().eq("id", id);
  if (error) fail("delete question", error);
}

const attemptRow = z.object({
  id: z.string(),
  student_id: z.string(),
  started_at: date,
  submitted_at: nullableDate,
  score: nullableNum,
  student: z.nullable(z.object({ full_name: z.string() })),
});
export type Attempt = z.infer<typeof attemptRow>;

export async function fetchAttempts(supabase: SupabaseClient, quizId: string): Promise<Attempt[]> {
  const closed = await supabase.rpc("close_expired_quiz_attempts", { quiz: quizId });
  if (closed.error) fail("close expired attempts", closed.error);
  const { data, error } = await supabase
    .from("quiz_attempts")
    .select("id, student_id, started_at, submitted_at, score, student:profiles!quiz_attempts_student_id_fkey(full_name)")
    .eq("quiz_id", quizId)
    .order("started_at");
  if (error) fail("attempts", error);
  return z.array(attemptRow).parse(data);
}

export async function releaseResults(supabase: SupabaseClient, quizId: string): Promise<number> {
  const { data, error } = await supabase.rpc("release_quiz_results", { quiz: quizId });
  if (error) fail("release", error);
  return Number(data);
}

export async function reviewAttempt(supabase: SupabaseClient, attemptId: string, points: Record<string, number | null>, feedback: string): Promise<number> {
  const { data, error } = await supabase.rpc("review_quiz_attempt", { attempt: attemptId, points, feedback });
  if (error) fail("review", error);
  return Number(data);
}

// ---- review (teacher at any time, student once released) ------------------------------
const reviewRow = z.object({
  question_id: z.string(),
  question_position: num,
  prompt: z.string(),
  kind: z.string(),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  points: num,
  answer: stringList,
  earned: num,
  is_right: z.boolean(),
  overridden: z.boolean(),
  correct: z.nullable(z.array(z.union([z.string(), z.number()]))),
  tolerance: nullableNum,
  score: nullableNum,
  feedback: z.nullable(z.string()),
});
export type ReviewRow = z.infer<typeof reviewRow>;
export async function fetchReview(supabase: SupabaseClient, attemptId: string): Promise<ReviewRow[]> {
  const { data, error } = await supabase.rpc("quiz_review", { attempt: attemptId });
  if (error) fail("review", error);
  return z.array(reviewRow).parse(data);
}

// ---- student ------------------------------------------------------------------------
const myQuizRow = z.object({
  quiz_id: z.string(),
  course_code: z.string(),
  course_title: z.string(),
  title: z.string(),
  description: z.string(),
  opens_at: nullableDate,
  closes_at: nullableDate,
  time_limit_minutes: z.nullable(num),
  max_attempts: num,
  attempts_used: num,
  open_attempt: z.nullable(z.string()),
  released: z.boolean(),
  best_score: nullableNum,
  server_now: date,
});
export type MyQuiz = z.infer<typeof myQuizRow>;
export async function fetchMyQuizzes(supabase: SupabaseClient): Promise<MyQuiz[]> {
  const { data, error } = await supabase.rpc("my_quizzes");
  if (error) fail("my quizzes", error);
  return z.array(myQuizRow).parse(data);
}

/** The caller's submitted attempts of a quiz (for the review once released). */
export async function fetchMySubmittedAttempts(supabase: SupabaseClient, quizId: string, studentId: string): Promise<{ id: string }[]> {
  const { data, error } = await supabase
    .from("quiz_attempts")
    .select("id, score")
    .eq("quiz_id", quizId)
    .eq("student_id", studentId)
    .not("submitted_at", "is", null)
    .order("score", { ascending: false, nullsFirst: false });
  if (error) fail("my attempts", error);
  return z.array(z.object({ id: z.string() })).parse(data);
}

/**
 * The caller's running attempt, to resume it (nothing is started): its start, and its
 * deadline as the database computes it (quiz_attempt_deadline: the closing time or the
 * end of the time limit, whichever comes first).
 */
export async function fetchRunningAttempt(supabase: SupabaseClient, quiz: MyQuiz): Promise<StartedAttempt | null> {
  if (!quiz.open_attempt) return null;
  const { data, error } = await supabase.from("quiz_attempts").select("id, started_at").eq("id", quiz.open_attempt).is("submitted_at", null).maybeSingle();
  if (error) fail("running attempt", error);
  if (!data) return null;
  const started = new Date(z.object({ started_at: z.string() }).parse(data).started_at);
  const ends = [quiz.closes_at, quiz.time_limit_minutes === null ? null : new Date(started.getTime() + quiz.time_limit_minutes * 60_000)].filter((d): d is Date => d !== null);
  const deadline = ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
  return { attempt_id: quiz.open_attempt, started_at: started, deadline, server_now: quiz.server_now };
}

const startedRow = z.object({ attempt_id: z.string(), started_at: date, deadline: nullableDate, server_now: date });
export type StartedAttempt = z.infer<typeof startedRow>;
export async function startAttempt(supabase: SupabaseClient, quizId: string): Promise<StartedAttempt> {
  const { data, error } = await supabase.rpc("start_quiz_attempt", { quiz: quizId });
  if (error) fail("start attempt", error);
  return z.array(startedRow).parse(data)[0];
}

const attemptQuestionRow = z.object({
  id: z.string(),
  question_position: num,
  prompt: z.string(),
  kind: z.enum(["single", "multiple", "true_false", "short", "numeric"]),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  points: num,
  answer: stringList,
});
export type AttemptQuestion = z.infer<typeof attemptQuestionRow>;
export async function fetchAttemptQuestions(supabase: SupabaseClient, attemptId: string): Promise<AttemptQuestion[]> {
  const { data, error } = await supabase.rpc("quiz_attempt_questions", { attempt: attemptId });
  if (error) fail("attempt questions", error);
  return z.array(attemptQuestionRow).parse(data);
}

export async function saveAnswer(supabase: SupabaseClient, attemptId: string, questionId: string, answer: string[]): Promise<void> {
  const { error } = await supabase.rpc("save_quiz_answer", { attempt: attemptId, question: questionId, answer });
  if (error) fail("save answer", error);
}

export async function submitAttempt(supabase: SupabaseClient, attemptId: string): Promise<void> {
  const { error } = await supabase.rpc("submit_quiz_attempt", { attempt: attemptId });
  if (error) fail("submit", error);
}
