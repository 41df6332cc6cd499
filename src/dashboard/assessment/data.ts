// Gradebook: the only file of the feature naming tables and RPCs (courses, evaluations,
// course_enrollments, grades, publish_evaluation, semester_course_marks). The course mark
// comes from the database's results engine, never from rules written here.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { nullableNum, num } from "../../lib/supabase/columns.ts";

export const MARK_STATUSES = ["marked", "absent", "excused"] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

const fail: Fail = failFor("gradebook");

const courseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  semester_id: z.nullable(z.string()),
  semester: z.nullable(z.object({ name_fr: z.string(), name_en: z.string(), is_current: z.boolean(), starts_on: z.string() })),
});
export type GradebookCourse = z.infer<typeof courseRow>;

/** My courses, the current semester's first, then the most recent. */
export async function fetchTeacherCourses(supabase: SupabaseClient, teacherId: string): Promise<GradebookCourse[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title, semester_id, semester:semesters(name_fr, name_en, is_current, starts_on)").eq("teacher_id", teacherId).order("code");
  if (error) fail("courses", error);
  const rows = z.array(courseRow).parse(data);
  const rank = (c: GradebookCourse) => (c.semester?.is_current ? "9" : "0") + (c.semester?.starts_on ?? "");
  return rows.sort((a, b) => rank(b).localeCompare(rank(a)) || a.code.localeCompare(b.code));
}

const evaluationRow = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  coefficient: num,
  held_on: z.nullable(z.string()),
  is_published: z.boolean(),
});
export type Evaluation = z.infer<typeof evaluationRow>;

const studentRow = z.object({ user_id: z.string(), profile: z.nullable(z.object({ full_name: z.string() })) });
const gradeRow = z.object({ evaluation_id: z.string(), student_id: z.string(), score: nullableNum, status: z.enum(MARK_STATUSES) });
export type Grade = z.infer<typeof gradeRow>;
const courseMarkRow = z.object({ student_id: z.string(), course_id: z.string(), mark: nullableNum, missing: num });

export interface Gradebook {
  evaluations: Evaluation[];
  students: { id: string; name: string }[];
  /** "<evaluation>:<student>" → the mark. */
  grades: Map<string, Grade>;
  /** Student → course mark from the engine (null: incomplete). */
  courseMarks: Map<string, number | null>;
}

export const cellKey = (evaluationId: string, studentId: string) => `${evaluationId}:${studentId}`;

export async function fetchGradebook(supabase: SupabaseClient, course: GradebookCourse): Promise<Gradebook> {
  const [evaluations, students] = await Promise.all([
    supabase.from("evaluations").select("id, title, kind, coefficient, held_on, is_published").eq("course_id", course.id).order("held_on", { nullsFirst: false }).order("title"),
    supabase.from("course_enrollments").select("user_id, profile:profiles!course_enrollments_user_id_fkey(full_name)").eq("course_id", course.id).in("status", ["active", "completed"]),
  ]);
  if (evaluations.error) fail("evaluations", evaluations.error);
  if (students.error) fail("students", students.error);
  const evals = z.array(evaluationRow).parse(evaluations.data);
  const people = z
    .array(studentRow)
    .parse(students.data)
    .map((s) => ({ id: s.user_id, name: s.profile?.full_name ?? "—" }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  const grades = new Map<string, Grade>();
  if (evals.length > 0) {
    const { data, error } = await supabase
      .from("grades")
      .select("evaluation_id, student_id, score, status")
      .in(
        "evaluation_id",
        evals.map((e) => e.id),
      );
    if (error) fail("grades", error);
    for (const g of z.array(gradeRow).parse(data)) grades.set(cellKey(g.evaluation_id, g.student_id), g);
  }
  const courseMarks = new Map<string, number | null>();
  if (course.semester_id) {
    const { data, error } = await supabase.rpc("semester_course_marks", { semester: course.semester_id });
    if (error) fail("course marks", error);
    for (const r of z.array(courseMarkRow).parse(data)) if (r.course_id === course.id) courseMarks.set(r.student_id, r.mark);
  }
  return { evaluations: evals, students: people, grades, courseMarks };
}

/** Writes one mark (null entry: removes it). The database signs and dates it. */
export async function saveMark(supabase: SupabaseClient, evaluationId: string, studentId: string, entry: { status: MarkStatus; score: number | null } | null): Promise<void> {
  if (entry === null) {
    const { error } = await supabase.from("grades").delete().eq("evaluation_id", evaluationId).eq("student_id", studentId);
    if (error) fail("remove mark", error);
    return;
  }
  const { error } = await supabase.from("grades").upsert({ evaluation_id: evaluationId, student_id: studentId, score: entry.score, status: entry.status }, { onConflict: "evaluation_id,student_id" });
  if (error) fail("save mark", error);
}

export async function publishEvaluation(supabase: SupabaseClient, evaluationId: string): Promise<number> {
  const { data, error } = await supabase.rpc("publish_evaluation", { evaluation: evaluationId });
  if (error) fail("publish", error);
  return Number(data);
}

/** Writes several marks in one request (all or none): the import of a checked CSV. */
export async function saveMarks(supabase: SupabaseClient, marks: { evaluationId: string; studentId: string; status: MarkStatus; score: number | null }[]): Promise<void> {
  const { error } = await supabase.from("grades").upsert(
    marks.map((m) => ({ evaluation_id: m.evaluationId, student_id: m.studentId, status: m.status, score: m.score })),
    { onConflict: "evaluation_id,student_id" },
  );
  if (error) fail("import marks", error);
}
