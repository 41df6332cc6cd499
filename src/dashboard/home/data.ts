// What the student's and teacher's homes read: today's classes, deadlines, published marks,
// unread messages, the balance due. The administrator's figures are in admin-data.ts, so
// these homes do not load them.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { startOfDoualaDay } from "../../lib/format.ts";

const meeting = {
  meeting_platform: z.nullable(z.string()),
  zoom_meeting_id: z.nullable(z.string()),
  zoom_passcode: z.nullable(z.string()),
  teams_meeting_url: z.nullable(z.string()),
};

const sessionRow = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_online: z.boolean(),
  room: z.nullable(z.string()),
  zoom_meeting_id: z.nullable(z.string()),
  zoom_passcode: z.nullable(z.string()),
  teams_meeting_url: z.nullable(z.string()),
  course: z.object({ id: z.string(), code: z.string(), title: z.string(), ...meeting }),
});
export type ClassSession = z.infer<typeof sessionRow>;

/** Midnight to midnight of today in Douala (UTC+1 all year: no daylight saving). */
export function doualaDayBounds(now: Date): { from: string; to: string } {
  const from = startOfDoualaDay(now);
  return { from: from.toISOString(), to: new Date(from.getTime() + 24 * 3_600_000).toISOString() };
}

/** Today's sessions of the courses a student follows (RLS) or a teacher teaches. */
export async function fetchTodaysClasses(supabase: SupabaseClient, now: Date, teacherId?: string): Promise<ClassSession[]> {
  const { from, to } = doualaDayBounds(now);
  let query = supabase
    .from("schedule_events")
    .select(
      `id, title, start_time, end_time, is_online, room, zoom_meeting_id, zoom_passcode, teams_meeting_url,
       course:courses!inner(id, code, title, teacher_id, meeting_platform, zoom_meeting_id, zoom_passcode, teams_meeting_url)`,
    )
    .gte("start_time", from)
    .lt("start_time", to)
    .order("start_time");
  if (teacherId) query = query.eq("course.teacher_id", teacherId);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return z.array(sessionRow).parse(data);
}

const deadlineRow = z.object({ id: z.string(), title: z.string(), at: z.string(), course: z.object({ title: z.string() }) });
export type Deadline = z.infer<typeof deadlineRow> & { kind: "assignment" | "quiz" };

const myQuizRow = z.object({
  quiz_id: z.string(),
  title: z.string(),
  course_title: z.string(),
  closes_at: z.nullable(z.string()),
  max_attempts: z.coerce.number(),
  attempts_used: z.coerce.number(),
  open_attempt: z.nullable(z.string()),
});

/**
 * What the student still has to hand in, soonest first: assignments due that it has not
 * handed in, and quizzes closing that it has not taken (or has an attempt running). A quiz
 * with a copy handed in is done, even when attempts remain: another try is optional.
 */
export async function fetchNextDeadlines(supabase: SupabaseClient, now: Date, studentId: string, limit = 5): Promise<Deadline[]> {
  const since = now.toISOString();
  const [handedIn, quizzes] = await Promise.all([
    supabase.from("assignment_submissions").select("assignment_id").eq("student_id", studentId).limit(1000),
    // my_quizzes: published quizzes of the student's courses with its attempts (it may not
    // read its submitted attempts before the results are released).
    supabase.rpc("my_quizzes"),
  ]);
  if (handedIn.error) throw new Error(handedIn.error.message);
  if (quizzes.error) throw new Error(quizzes.error.message);
  const done = z
    .array(z.object({ assignment_id: z.string() }))
    .parse(handedIn.data)
    .map((s) => s.assignment_id);
  let query = supabase.from("assignments").select("id, title, at:due_at, course:courses!inner(title)").gte("due_at", since);
  if (done.length) query = query.not("id", "in", `(${done.join(",")})`);
  const assignments = await query.order("due_at").limit(limit);
  if (assignments.error) throw new Error(assignments.error.message);
  const openQuizzes = z
    .array(myQuizRow)
    .parse(quizzes.data)
    .filter((q) => q.closes_at !== null && new Date(q.closes_at) >= now && (q.open_attempt !== null || q.attempts_used === 0))
    .map((q) => ({ id: q.quiz_id, title: q.title, at: q.closes_at!, course: { title: q.course_title }, kind: "quiz" as const }));
  const all = [
    ...z
      .array(deadlineRow)
      .parse(assignments.data)
      .map((d) => ({ ...d, kind: "assignment" as const })),
    ...openQuizzes,
  ];
  return all.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime()).slice(0, limit);
}

const markRow = z.object({
  id: z.string(),
  // null for an absence or an excuse (status)
  score: z.nullable(z.coerce.number()),
  status: z.enum(["marked", "absent", "excused"]),
  graded_at: z.string(),
  evaluation: z.object({ title: z.string(), course: z.object({ title: z.string() }) }),
});
export type PublishedMark = z.infer<typeof markRow>;

/**
 * The student's latest marks of published evaluations. evaluations → courses has three
 * paths (the evaluation's course, and through assignments and quizzes, which link both):
 * the hint names the evaluation's own.
 */
export async function fetchLatestMarks(supabase: SupabaseClient, studentId: string, limit = 5): Promise<PublishedMark[]> {
  const { data, error } = await supabase
    .from("grades")
    .select("id, score, status, graded_at, evaluation:evaluations!inner(title, is_published, course:courses!evaluations_course_id_fkey!inner(title))")
    .eq("student_id", studentId)
    .eq("evaluation.is_published", true)
    .order("graded_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return z.array(markRow).parse(data);
}

/** Submissions of the teacher's courses that await a mark. */
export async function countWorkToGrade(supabase: SupabaseClient, teacherId: string): Promise<number> {
  const { count, error } = await supabase
    .from("assignment_submissions")
    .select("id, assignment:assignments!inner(course:courses!inner(teacher_id))", { count: "exact", head: true })
    .is("score", null)
    .eq("assignment.course.teacher_id", teacherId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

/** Unread messages across the user's conversations (the messages feature's summary RPC). */
export async function countUnreadMessages(supabase: SupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc("my_conversations");
  if (error) throw new Error(error.message);
  return z
    .array(z.object({ unread_count: z.coerce.number() }))
    .parse(data)
    .reduce((sum, c) => sum + c.unread_count, 0);
}

/** What the student still owes in XAF (billed less paid; 0 when nothing is billed). */
export async function fetchBalanceDue(supabase: SupabaseClient, studentId: string): Promise<number> {
  const { data, error } = await supabase.from("student_balances").select("balance_xaf").eq("student_id", studentId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? Math.max(0, z.coerce.number().parse(data.balance_xaf)) : 0;
}
