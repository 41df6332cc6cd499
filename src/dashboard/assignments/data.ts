// Assignments: the only file of the feature naming tables, buckets and RPCs (assignments,
// assignment_submissions, courses, course_enrollments, save_assignment, hand_in, the
// submissions and course-materials buckets). Rows are parsed at the boundary. The database decides
// who may do what and when (the server's clock, the file-folder rule); this file only asks.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { date, nullishDate, nullishNum, num } from "../../lib/supabase/columns.ts";

export const LATE_POLICIES = ["accept", "refuse", "penalty"] as const;
export type LatePolicy = (typeof LATE_POLICIES)[number];
/** Limits the database and the submissions bucket also hold. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES = 10;
export const ACCEPTED_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  txt: "text/plain",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};
/** Largest bulk download assembled in the browser (the zip is held in memory). */
export const MAX_ZIP_BYTES = 500 * 1024 * 1024;

// The code and status travel with the message: the outbox tells a refusal from a lost line.
const fail: Fail = failFor("assignments", ["code", "status"]);

const course = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type Course = z.infer<typeof course>;

const assignmentRow = z.object({
  id: z.string(),
  course_id: z.string(),
  title: z.string(),
  instructions: z.string(),
  opens_at: nullishDate,
  due_at: nullishDate,
  late_policy: z.enum(LATE_POLICIES),
  late_penalty_per_day: num,
  attachments: z.array(z.string()),
  evaluation_id: z.nullable(z.string()),
  course: course,
  evaluation: z.nullish(z.object({ coefficient: num, is_published: z.boolean() })),
});
export type Assignment = z.infer<typeof assignmentRow>;
const ASSIGNMENT_COLUMNS =
  "id, course_id, title, instructions, opens_at, due_at, late_policy, late_penalty_per_day, attachments, evaluation_id, course:courses!inner(id, code, title), evaluation:evaluations(coefficient, is_published)";

const submissionRow = z.object({
  id: z.string(),
  assignment_id: z.string(),
  student_id: z.string(),
  body: z.string(),
  file_path: z.nullable(z.string()),
  files: z.array(z.string()),
  submitted_at: date,
  score: nullishNum,
  feedback: z.nullable(z.string()),
  graded_at: nullishDate,
});
export type Submission = z.infer<typeof submissionRow>;
const SUBMISSION_COLUMNS = "id, assignment_id, student_id, body, file_path, files, submitted_at, score, feedback, graded_at";

/** Every file of a submission (the former single file_path, then files[]). */
export function filesOf(s: Pick<Submission, "file_path" | "files">): string[] {
  return [...(s.file_path && !s.files.includes(s.file_path) ? [s.file_path] : []), ...s.files];
}
export const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

// ---- teacher ------------------------------------------------------------------------------
export async function fetchTeacherCourses(supabase: SupabaseClient, teacherId: string): Promise<Course[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").eq("teacher_id", teacherId).order("code");
  if (error) fail("courses", error);
  return z.array(course).parse(data);
}

export interface TeacherAssignment extends Assignment {
  submitted: number;
  marked: number;
}

export async function fetchTeacherAssignments(supabase: SupabaseClient, teacherId: string): Promise<TeacherAssignment[]> {
  const { data, error } = await supabase
    .from("assignments")
    .select(`${ASSIGNMENT_COLUMNS}, submissions:assignment_submissions(id, graded_at)`)
    .eq("course.teacher_id", teacherId)
    .order("due_at", { ascending: false, nullsFirst: false })
    .limit(500);
  if (error) fail("teacher assignments", error);
  const rows = z.array(z.object({ ...assignmentRow.shape, submissions: z.array(z.object({ id: z.string(), graded_at: z.nullable(z.string()) })) })).parse(data);
  return rows.map(({ submissions, ...a }) => ({ ...a, submitted: submissions.length, marked: submissions.filter((s) => s.graded_at).length }));
}

export async function fetchAssignment(supabase: SupabaseClient, id: string): Promise<Assignment | null> {
  const { data, error } = await supabase.from("assignments").select(ASSIGNMENT_COLUMNS).eq("id", id).maybeSingle();
  if (error) fail("assignment", error);
  return data ? assignmentRow.parse(data) : null;
}

export interface AssignmentInput {
  id: string;
  course_id: string;
  title: string;
  instructions: string;
  opens_at: string | null;
  due_at: string;
  late_policy: LatePolicy;
  late_penalty_per_day: number;
  coefficient: number;
  attachments: string[];
  /** For a new assignment: an evaluation of kind assignment created beforehand. */
  evaluation_id?: string | null;
}

/** Creates or edits an assignment with its gradebook evaluation (one SQL function). */
export async function saveAssignment(supabase: SupabaseClient, input: AssignmentInput): Promise<string> {
  const { data, error } = await supabase.rpc("save_assignment", { assignment: input });
  if (error) fail("save assignment", error);
  return z.string().parse(data);
}

/** Uploads an instruction file into the course's materials; returns its path. */
export async function uploadAttachment(supabase: SupabaseClient, courseId: string, assignmentId: string, file: File): Promise<string> {
  const path = `${courseId}/assignments/${assignmentId}/${safeName(file.name)}`;
  const { error } = await supabase.storage.from("course-materials").upload(path, file, { contentType: file.type || undefined, upsert: true });
  if (error) fail("upload attachment", error);
  return path;
}

export async function downloadAttachment(supabase: SupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await supabase.storage.from("course-materials").download(path);
  if (error || !data) fail("download attachment", error ?? { message: "empty" });
  return data;
}

const evaluationRow = z.object({ id: z.string(), course_id: z.string(), title: z.string(), coefficient: num, kind: z.string() });
export type EvaluationSeed = z.infer<typeof evaluationRow>;

/** An evaluation of kind assignment that has no assignment yet (from teacher/evaluations/new). */
export async function fetchEvaluationWithoutAssignment(supabase: SupabaseClient, id: string): Promise<EvaluationSeed | null> {
  const [evaluation, taken] = await Promise.all([
    supabase.from("evaluations").select("id, course_id, title, coefficient, kind").eq("id", id).eq("kind", "assignment").maybeSingle(),
    supabase.from("assignments").select("id").eq("evaluation_id", id).limit(1),
  ]);
  if (evaluation.error) fail("evaluation", evaluation.error);
  if (taken.error) fail("evaluation's assignment", taken.error);
  return evaluation.data && !taken.data?.length ? evaluationRow.parse(evaluation.data) : null;
}

const rosterRow = z.object({ user_id: z.string(), student: z.nullable(z.object({ full_name: z.string() })) });
export interface RosterStudent {
  id: string;
  name: string;
}

/** The course's students (active or completed), by name. */
export async function fetchRoster(supabase: SupabaseClient, courseId: string): Promise<RosterStudent[]> {
  const { data, error } = await supabase.from("course_enrollments").select("user_id, student:profiles(full_name)").eq("course_id", courseId).in("status", ["active", "completed"]).limit(1000);
  if (error) fail("roster", error);
  return z
    .array(rosterRow)
    .parse(data)
    .map((r) => ({ id: r.user_id, name: r.student?.full_name || r.user_id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function fetchSubmissions(supabase: SupabaseClient, assignmentId: string): Promise<Submission[]> {
  const { data, error } = await supabase.from("assignment_submissions").select(SUBMISSION_COLUMNS).eq("assignment_id", assignmentId).limit(1000);
  if (error) fail("submissions", error);
  return z.array(submissionRow).parse(data);
}

/** The teacher's mark and feedback; the database copies the mark into the gradebook. */
export async function markSubmission(supabase: SupabaseClient, id: string, score: number | null, feedback: string): Promise<void> {
  const { data, error } = await supabase
    .from("assignment_submissions")
    .update({ score, feedback: feedback.trim() || null })
    .eq("id", id)
    .select("id");
  if (error) fail("mark", error);
  if (!data?.length) fail("mark", { message: "not allowed" });
}

export async function downloadSubmissionFile(supabase: SupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await supabase.storage.from("submissions").download(path);
  if (error || !data) fail("download submission", error ?? { message: "empty" });
  return data;
}

// ---- student ------------------------------------------------------------------------------
export interface StudentAssignment extends Assignment {
  submission: Submission | null;
}

export async function fetchMyAssignments(supabase: SupabaseClient, studentId: string): Promise<StudentAssignment[]> {
  const [assignments, submissions] = await Promise.all([
    supabase.from("assignments").select(ASSIGNMENT_COLUMNS).order("due_at", { ascending: true, nullsFirst: false }).limit(500),
    supabase.from("assignment_submissions").select(SUBMISSION_COLUMNS).eq("student_id", studentId).limit(500),
  ]);
  if (assignments.error) fail("my assignments", assignments.error);
  if (submissions.error) fail("my submissions", submissions.error);
  const mine = z.array(submissionRow).parse(submissions.data);
  return z
    .array(assignmentRow)
    .parse(assignments.data)
    .map((a) => ({ ...a, submission: mine.find((s) => s.assignment_id === a.id) ?? null }));
}

/** A file name safe as an object key: letters, digits, dot, dash, underscore. */
export function safeName(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  const base =
    (dot > 0 ? name.slice(0, dot) : name)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "fichier";
  const ext =
    dot > 0
      ? name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")
          .slice(0, 10)
      : "";
  return ext ? `${base}.${ext}` : base;
}

/** Where a file handed in lies: the student's own folder, under the file's (safe) name. */
export const submissionPath = (a: Pick<Assignment, "id" | "course_id">, studentId: string, name: string) => `${a.course_id}/${a.id}/${studentId}/${safeName(name)}`;

/** Uploads a file into the student's own folder; returns its path. The path is the file's name, overwritten: sent twice, it is one file. */
export async function uploadSubmissionFile(supabase: SupabaseClient, a: Pick<Assignment, "id" | "course_id">, studentId: string, name: string, file: Blob): Promise<string> {
  const path = submissionPath(a, studentId, name);
  const { error } = await supabase.storage.from("submissions").upload(path, file, { contentType: file.type || undefined, upsert: true });
  if (error) fail("upload submission file", error);
  return path;
}

/** Hands in (or revises) the work: the text and the files already uploaded. `key` was made when the student pressed send: given again, the server writes nothing and returns the same submission. */
export async function handIn(supabase: SupabaseClient, assignmentId: string, body: string, files: string[], key: string): Promise<string> {
  const { data, error, status } = await supabase.rpc("hand_in", { p_assignment: assignmentId, p_body: body, p_files: files, p_idempotency_key: key });
  if (error) fail("hand in", { ...error, status });
  return z.string().parse(data);
}

/** The submission a key already wrote (an earlier send whose answer was lost), or null. */
export async function submissionOfKey(supabase: SupabaseClient, key: string): Promise<string | null> {
  const { data, error } = await supabase.from("assignment_submissions").select("id").eq("idempotency_key", key).maybeSingle();
  if (error) fail("submission of key", error);
  return data ? z.string().parse(data.id) : null;
}

export interface Work {
  assignment: Pick<Assignment, "id" | "course_id">;
  studentId: string;
  body: string;
  /** Files of the copy already handed in that stay in it. */
  kept: string[];
  /** New files to upload. */
  files: { name: string; blob: Blob }[];
  /** Every file of the copy before this send: those no longer named leave the folder. */
  previous: string[];
  key: string;
  /** An earlier send of this key may have arrived: look for it before uploading. */
  replay?: boolean;
}

/**
 * The whole hand-in, safe to repeat with the same key: on a replay, a key already used
 * returns its submission before anything is uploaded; otherwise the files (same paths,
 * overwritten), then hand_in (which answers a used key without writing), then the files
 * taken off the copy leave the folder (best effort).
 */
export async function handInOnce(supabase: SupabaseClient, work: Work): Promise<string> {
  const done = work.replay ? await submissionOfKey(supabase, work.key) : null;
  if (done) return done;
  const uploaded: string[] = [];
  for (const file of work.files) uploaded.push(await uploadSubmissionFile(supabase, work.assignment, work.studentId, file.name, file.blob));
  const files = [...new Set([...work.kept, ...uploaded])];
  const id = await handIn(supabase, work.assignment.id, work.body, files, work.key);
  for (const dropped of work.previous.filter((p) => !files.includes(p))) await removeSubmissionFile(supabase, dropped).catch(() => undefined);
  return id;
}

export async function removeSubmissionFile(supabase: SupabaseClient, path: string): Promise<void> {
  const { error } = await supabase.storage.from("submissions").remove([path]);
  if (error) fail("remove file", error);
}
