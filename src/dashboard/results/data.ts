// Student results: the only file of the feature naming tables and RPCs (frozen_results,
// deliberations, semesters, courses, grades, semester_course_marks). A student reads its
// own published marks and its published frozen results only; the database decides.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { nullishNum, num } from "../../lib/supabase/columns.ts";

// (the database's code stays on the error: the pages tell a refusal from a failure)
const fail: Fail = failFor("results");

const frozenCourse = z.object({
  course_id: z.string(),
  code: z.string(),
  title: z.string(),
  coefficient: num,
  cc: nullishNum,
  exam: nullishNum,
  resit: nullishNum,
  mark: nullishNum,
  missing: z.optional(num),
});
const frozenUnit = z.object({
  unit_id: z.string(),
  code: z.string(),
  title_fr: z.string(),
  title_en: z.string(),
  credits: num,
  average: nullishNum,
  validated_by: z.nullable(z.enum(["average", "compensation"])),
  letter: z.nullable(z.string()),
  points: nullishNum,
  courses: z.array(frozenCourse),
});
export type FrozenUnit = z.infer<typeof frozenUnit>;
const semesterRow = z.object({
  id: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  starts_on: z.string(),
  is_current: z.boolean(),
  year: z.nullable(z.object({ label: z.string() })),
});
export type Semester = z.infer<typeof semesterRow>;
const frozenRow = z.object({
  average: nullishNum,
  gpa: nullishNum,
  credits_earned: num,
  credits_total: num,
  mention: z.nullable(z.object({ fr: z.string(), en: z.string() })),
  decision: z.enum(["validated", "resit", "deferred", "incomplete"]),
  units: z.array(frozenUnit),
  deliberation: z.object({ id: z.string(), session: z.enum(["normal", "resit"]), published_at: z.nullable(z.string()), semester_id: z.string() }),
});
export type SemesterResult = Omit<z.infer<typeof frozenRow>, "deliberation"> & { deliberationId: string; session: "normal" | "resit"; publishedAt: Date; semester: Semester };

const SEMESTER_COLUMNS = "id, name_fr, name_en, starts_on, is_current, year:academic_years(label)";

/** My published semester results, newest semester first; the resit session over the normal one. */
export async function fetchMyResults(supabase: SupabaseClient, studentId: string): Promise<SemesterResult[]> {
  const { data, error } = await supabase
    .from("frozen_results")
    .select("average, gpa, credits_earned, credits_total, mention, decision, units, deliberation:deliberations(id, session, published_at, semester_id)")
    .eq("student_id", studentId);
  if (error) fail("frozen results", error);
  const rows = z
    .array(frozenRow)
    .parse(data)
    .filter((r) => r.deliberation.published_at !== null);
  if (rows.length === 0) return [];
  const semesters = await supabase
    .from("semesters")
    .select(SEMESTER_COLUMNS)
    .in("id", [...new Set(rows.map((r) => r.deliberation.semester_id))]);
  if (semesters.error) fail("semesters", semesters.error);
  const byId = new Map(
    z
      .array(semesterRow)
      .parse(semesters.data)
      .map((s) => [s.id, s]),
  );
  const latest = new Map<string, SemesterResult>();
  for (const { deliberation, ...rest } of rows) {
    const result: SemesterResult = {
      ...rest,
      deliberationId: deliberation.id,
      session: deliberation.session,
      publishedAt: new Date(deliberation.published_at!),
      semester: byId.get(deliberation.semester_id)!,
    };
    const seen = latest.get(deliberation.semester_id);
    if (!seen || (seen.session === "normal" && result.session === "resit")) latest.set(deliberation.semester_id, result);
  }
  return [...latest.values()].sort((a, b) => b.semester.starts_on.localeCompare(a.semester.starts_on));
}

const markRow = z.object({ course_id: z.string(), cc: nullishNum, exam: nullishNum, mark: nullishNum, missing: num });
const courseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  unit: z.nullable(z.object({ code: z.string(), title_fr: z.string(), title_en: z.string(), credits: num })),
});
const gradeRow = z.object({
  score: nullishNum,
  status: z.enum(["marked", "absent", "excused"]),
  evaluation: z.object({ id: z.string(), title: z.string(), kind: z.string(), course_id: z.string(), held_on: z.nullable(z.string()) }),
});

export interface CurrentCourse {
  id: string;
  code: string;
  title: string;
  unit: { code: string; title_fr: string; title_en: string; credits: number } | null;
  cc: number | null;
  exam: number | null;
  mark: number | null;
  /** Evaluations without a published mark yet. */
  missing: number;
  marks: { id: string; title: string; kind: string; score: number | null; status: "marked" | "absent" | "excused" }[];
}

/** The current semester, not deliberated yet: my published marks and course marks so far. */
export async function fetchCurrentSemester(supabase: SupabaseClient): Promise<{ semester: Semester; courses: CurrentCourse[] } | null> {
  const current = await supabase.from("semesters").select(SEMESTER_COLUMNS).eq("is_current", true).maybeSingle();
  if (current.error) fail("current semester", current.error);
  if (!current.data) return null;
  const semester = semesterRow.parse(current.data);
  const marks = await supabase.rpc("semester_course_marks", { semester: semester.id });
  if (marks.error) fail("course marks", marks.error);
  const perCourse = z.array(markRow).parse(marks.data);
  if (perCourse.length === 0) return { semester, courses: [] };
  const ids = perCourse.map((r) => r.course_id);
  const [courses, grades] = await Promise.all([
    supabase.from("courses").select("id, code, title, unit:teaching_units(code, title_fr, title_en, credits)").in("id", ids),
    supabase.from("grades").select("score, status, evaluation:evaluations!inner(id, title, kind, course_id, held_on)").in("evaluation.course_id", ids),
  ]);
  if (courses.error) fail("courses", courses.error);
  if (grades.error) fail("grades", grades.error);
  const info = new Map(
    z
      .array(courseRow)
      .parse(courses.data)
      .map((c) => [c.id, c]),
  );
  const published = z.array(gradeRow).parse(grades.data);
  return {
    semester,
    courses: perCourse
      .map((r) => {
        const c = info.get(r.course_id);
        return {
          id: r.course_id,
          code: c?.code ?? "",
          title: c?.title ?? "",
          unit: c?.unit ?? null,
          cc: r.cc,
          exam: r.exam,
          mark: r.mark,
          missing: r.missing,
          marks: published
            .filter((g) => g.evaluation.course_id === r.course_id)
            .sort((a, b) => (a.evaluation.held_on ?? "").localeCompare(b.evaluation.held_on ?? ""))
            .map((g) => ({ id: g.evaluation.id, title: g.evaluation.title, kind: g.evaluation.kind, score: g.score, status: g.status })),
        };
      })
      .sort((a, b) => (a.unit?.code ?? a.code).localeCompare(b.unit?.code ?? b.code) || a.code.localeCompare(b.code)),
  };
}

// ---- deliberation (admin) -------------------------------------------------------------------
const semesterListRow = semesterRow;
export async function fetchSemesters(supabase: SupabaseClient): Promise<Semester[]> {
  const { data, error } = await supabase.from("semesters").select(SEMESTER_COLUMNS).order("starts_on", { ascending: false });
  if (error) fail("semesters", error);
  return z.array(semesterListRow).parse(data);
}

const deliberationRow = z.object({
  id: z.string(),
  session: z.enum(["normal", "resit"]),
  closed_at: z.string(),
  published_at: z.nullable(z.string()),
});
export type Deliberation = z.infer<typeof deliberationRow>;

const liveRow = z.object({
  student_id: z.string(),
  average: nullishNum,
  gpa: nullishNum,
  credits_earned: num,
  credits_total: num,
  decision: z.enum(["validated", "resit", "deferred", "incomplete"]),
});
export type LiveResult = z.infer<typeof liveRow> & { name: string };

export interface SemesterDeliberation {
  sessions: Deliberation[];
  /** The session to close next (null: both closed). */
  next: "normal" | "resit" | null;
  /** The results as they stand for that session (the frozen ones once both are closed). */
  results: LiveResult[];
}

export async function fetchDeliberation(supabase: SupabaseClient, semesterId: string): Promise<SemesterDeliberation> {
  // (a reopened session is history: the audit log keeps it; the session is to close again)
  const sessions = await supabase.from("deliberations").select("id, session, closed_at, published_at").eq("semester_id", semesterId).is("reopened_at", null).order("closed_at");
  if (sessions.error) fail("deliberations", sessions.error);
  const rows = z.array(deliberationRow).parse(sessions.data);
  const next = !rows.some((d) => d.session === "normal") ? "normal" : !rows.some((d) => d.session === "resit") ? "resit" : null;
  const live = await supabase.rpc("semester_results", { semester: semesterId, session: next ?? "resit" });
  if (live.error) fail("semester results", live.error);
  const results = z.array(liveRow).parse(live.data);
  const names = new Map<string, string>();
  if (results.length > 0) {
    const people = await supabase
      .from("profiles")
      .select("id, full_name")
      .in(
        "id",
        results.map((r) => r.student_id),
      );
    if (people.error) fail("names", people.error);
    for (const p of z.array(z.object({ id: z.string(), full_name: z.string() })).parse(people.data)) names.set(p.id, p.full_name);
  }
  return {
    sessions: rows,
    next,
    results: results.map((r) => ({ ...r, name: names.get(r.student_id) ?? "—" })).sort((a, b) => a.name.localeCompare(b.name, "fr")),
  };
}

const gapsRow = z.object({
  complete: z.boolean(),
  /** Students without a mark on at least one published evaluation of the session. */
  students: num,
  marks: num,
  evaluations: z.array(z.object({ id: z.string(), title: z.string(), kind: z.string(), course_code: z.string(), course_title: z.string(), held_on: z.nullable(z.string()), missing: num })),
  exams_ahead: z.array(z.object({ id: z.string(), title: z.string(), course_code: z.string(), course_title: z.string(), held_on: z.string() })),
});
export type DeliberationGaps = z.infer<typeof gapsRow>;

/** What the session still lacks (marks missing on published evaluations, exams to come). */
export async function fetchDeliberationGaps(supabase: SupabaseClient, semesterId: string, session: "normal" | "resit"): Promise<DeliberationGaps> {
  const { data, error } = await supabase.rpc("deliberation_gaps", { semester: semesterId, session });
  if (error) fail("gaps", error);
  return gapsRow.parse(data);
}

/** Closes the session; while something is missing the database wants override and a reason (audited). */
export async function closeDeliberation(supabase: SupabaseClient, semesterId: string, session: "normal" | "resit", override?: { reason: string }): Promise<void> {
  const { error } = await supabase.rpc("close_deliberation", {
    semester: semesterId,
    session,
    ...(override ? { override: true, reason: override.reason } : {}),
  });
  if (error) fail("close", error);
}

export async function publishDeliberation(supabase: SupabaseClient, deliberationId: string): Promise<number> {
  const { data, error } = await supabase.rpc("publish_deliberation", { deliberation: deliberationId });
  if (error) fail("publish", error);
  return Number(data);
}

// ---- reopening (the registrar's, audited) ----------------------------------------------------
/** The reason reopen_deliberation requires: 5 to 1000 characters once trimmed. */
export const reopenReasonSchema = z.string().check(z.trim(), z.minLength(5), z.maxLength(1000));

/** The session a registrar may reopen: the resit one while it is closed, else the normal one. */
export function reopenableSession(sessions: Deliberation[]): Deliberation | null {
  return sessions.find((d) => d.session === "resit") ?? sessions.find((d) => d.session === "normal") ?? null;
}

/**
 * Reopens a closed (even published) session: its frozen results go to the audit log with the
 * reason, the marks of the semester unfreeze. Admins at aal2 only (the database decides).
 */
export async function reopenDeliberation(supabase: SupabaseClient, deliberationId: string, reason: string): Promise<void> {
  const { error } = await supabase.rpc("reopen_deliberation", { deliberation: deliberationId, reason: reason.trim() });
  if (error) fail("reopen", error);
}

/** Why the database refused a reopening, as a key of the feature's messages (null: not a refusal). */
export type ReopenRefusal = "aal2" | "reason" | "resitFirst" | "already" | null;
export function reopenRefusal(error: unknown): ReopenRefusal {
  const { code, message = "" } = (error ?? {}) as { code?: string; message?: string };
  if (code === "42501") return "aal2";
  if (code === "22023") return "reason";
  if (code === "PT409") return /resit/.test(message) ? "resitFirst" : "already";
  return null;
}

// ---- relevé de notes ------------------------------------------------------------------------
const transcriptRow = z.object({ number: z.string(), verification_code: z.string(), issued_at: z.string(), snapshot: z.record(z.string(), z.unknown()) });

/** The numbered relevé of a published session (the same one each time it is asked for). */
export async function issueTranscript(supabase: SupabaseClient, deliberationId: string) {
  const { data, error } = await supabase.rpc("issue_transcript", { deliberation: deliberationId });
  if (error) fail("relevé", error);
  const [row] = z.array(transcriptRow).parse(data);
  return row;
}
