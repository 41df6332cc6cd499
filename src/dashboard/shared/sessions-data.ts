// Timetable reads and writes: sessions of my courses (RLS decides which: a student's
// active or completed courses, a teacher's own), planning sessions through create_sessions
// (refused on a double-booking), cancelling, and the private calendar feed. The only file
// naming the timetable's tables, RPCs and functions; shared by the timetable, the virtual
// classes, the courses and the home pages.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const sessionRow = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_online: z.boolean(),
  room: z.nullable(z.string()),
  recording_url: z.nullable(z.string()),
  series_id: z.nullable(z.string()),
  zoom_meeting_id: z.nullable(z.string()),
  zoom_passcode: z.nullable(z.string()),
  teams_meeting_url: z.nullable(z.string()),
  course: z.object({
    id: z.string(),
    code: z.string(),
    title: z.string(),
    teacher_id: z.nullable(z.string()),
    semester_id: z.nullable(z.string()),
    meeting_platform: z.nullable(z.string()),
    zoom_meeting_id: z.nullable(z.string()),
    zoom_passcode: z.nullable(z.string()),
    teams_meeting_url: z.nullable(z.string()),
  }),
});
export type Session = z.infer<typeof sessionRow>;

const SESSION_COLUMNS = `id, title, start_time, end_time, is_online, room, recording_url, series_id, zoom_meeting_id, zoom_passcode, teams_meeting_url,
  course:courses!inner(id, code, title, teacher_id, semester_id, meeting_platform, zoom_meeting_id, zoom_passcode, teams_meeting_url)`;

/** The meeting details that apply to a session: its own, else its course's. */
export function meetingOf(s: Session) {
  return {
    meeting_platform: s.course.meeting_platform,
    zoom_meeting_id: s.zoom_meeting_id ?? s.course.zoom_meeting_id,
    zoom_passcode: s.zoom_passcode ?? s.course.zoom_passcode,
    teams_meeting_url: s.teams_meeting_url ?? s.course.teams_meeting_url,
  };
}

export interface SessionQuery {
  from: string;
  to: string;
  /** Only the courses this teacher teaches. */
  teacherId?: string;
  semesterId?: string;
  courseId?: string;
  /** Admin filters: school and programme ids, teacher, online or in a room. */
  schoolId?: string;
  programmeId?: string;
  mode?: "online" | "in_person";
}

/** Sessions starting in [from, to), soonest first (at most 1000). */
export async function listSessions(supabase: SupabaseClient, q: SessionQuery): Promise<Session[]> {
  let query = supabase.from("schedule_events").select(SESSION_COLUMNS).gte("start_time", q.from).lt("start_time", q.to).order("start_time").limit(1000);
  if (q.teacherId) query = query.eq("course.teacher_id", q.teacherId);
  if (q.semesterId) query = query.eq("course.semester_id", q.semesterId);
  if (q.courseId) query = query.eq("course_id", q.courseId);
  if (q.schoolId) query = query.eq("course.school_id", q.schoolId);
  if (q.programmeId) query = query.eq("course.programme_id", q.programmeId);
  if (q.mode) query = query.eq("is_online", q.mode === "online");
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return z.array(sessionRow).parse(data);
}

// ---- planning ------------------------------------------------------------------------------
export interface NewSession {
  title: string;
  start_time: string;
  end_time: string;
  is_online: boolean;
  room?: string | null;
}

const conflictRow = z.object({
  slot: z.number(),
  event_id: z.optional(z.string()),
  kind: z.enum(["batch", "teacher", "cohort"]),
  course_code: z.optional(z.string()),
  start_time: z.optional(z.string()),
  end_time: z.optional(z.string()),
  other_slot: z.optional(z.number()),
});
export type SessionConflict = z.infer<typeof conflictRow>;

/** One line per clash: a session that is both the teacher's and the cohort's is the teacher's. */
export function dedupeConflicts(list: SessionConflict[]): SessionConflict[] {
  const byKey = new Map<string, SessionConflict>();
  for (const c of list) {
    const key = `${c.slot}:${c.event_id ?? c.other_slot}`;
    const kept = byKey.get(key);
    if (!kept || (kept.kind === "cohort" && c.kind === "teacher")) byKey.set(key, c);
  }
  return [...byKey.values()].sort((a, b) => a.slot - b.slot);
}

/** Refused because the sessions overlap others of the teacher or the cohort. */
export class ConflictError extends Error {
  readonly conflicts: SessionConflict[];
  constructor(conflicts: SessionConflict[]) {
    super("schedule conflict");
    this.conflicts = conflicts;
  }
}

/** What the database would refuse, before saving. */
export async function checkConflicts(supabase: SupabaseClient, courseId: string, slots: { start_time: string; end_time: string }[], ignore: string[] = []): Promise<SessionConflict[]> {
  const { data, error } = await supabase.rpc("schedule_conflicts", { course: courseId, slots, ignore });
  if (error) throw new Error(error.message);
  return dedupeConflicts(z.array(conflictRow).parse(data));
}

/** Saves sessions (one, or a weekly series); all or nothing. */
export async function createSessions(supabase: SupabaseClient, courseId: string, sessions: NewSession[], asSeries: boolean): Promise<string[]> {
  const { data, error } = await supabase.rpc("create_sessions", { course: courseId, sessions, as_series: asSeries });
  if (error) throw conflictOr(error);
  return z.array(z.string()).parse(data);
}

export async function updateSession(supabase: SupabaseClient, id: string, patch: Partial<NewSession> & { recording_url?: string | null }): Promise<void> {
  const { data, error } = await supabase.from("schedule_events").update(patch).eq("id", id).select("id");
  if (error) throw new Error(error.message);
  if (!data?.length) throw Object.assign(new Error("not allowed"), { code: "42501" });
}

/** Throws ConflictError for the database's PT409 (the conflicts are in `details`). */
function conflictOr(error: { code?: string; details?: string | null; message: string }): Error {
  if (error.code === "PT409") return new ConflictError(dedupeConflicts(z.array(conflictRow).parse(JSON.parse(error.details ?? "[]"))));
  return Object.assign(new Error(error.message), { code: error.code });
}

/** Edits one session (reschedule_session): refused with ConflictError on a double-booking; its students are told. */
export async function rescheduleSession(supabase: SupabaseClient, id: string, s: NewSession): Promise<void> {
  const { error } = await supabase.rpc("reschedule_session", { event: id, title: s.title, start_time: s.start_time, end_time: s.end_time, is_online: s.is_online, room: s.room ?? null });
  if (error) throw conflictOr(error);
}

/** Moves every session of a course starting in [from, to) by N minutes, all or nothing; returns how many moved. */
export async function shiftSessions(supabase: SupabaseClient, courseId: string, from: string, to: string, byMinutes: number): Promise<number> {
  const { data, error } = await supabase.rpc("shift_sessions", { course: courseId, range_from: from, range_to: to, by_minutes: byMinutes });
  if (error) throw conflictOr(error);
  return z.number().parse(data);
}

/** Cancels a session: it leaves the timetable and its students are told. */
export async function cancelSession(supabase: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await supabase.from("schedule_events").delete().eq("id", id).select("id");
  if (error) throw new Error(error.message);
  if (!data?.length) throw Object.assign(new Error("not allowed"), { code: "42501" });
}

// ---- calendar feed -------------------------------------------------------------------------
/** When my current feed link was made, or null when I have none. */
export async function feedCreatedAt(supabase: SupabaseClient): Promise<string | null> {
  const { data, error } = await supabase.rpc("calendar_feed_created_at");
  if (error) throw new Error(error.message);
  return z.nullable(z.string()).parse(data);
}

/** A new private link (the old one stops working); shown once. */
export async function createFeed(supabase: SupabaseClient, apiUrl: string, publishableKey: string): Promise<string> {
  const { data, error } = await supabase.rpc("create_calendar_feed");
  if (error) throw new Error(error.message);
  return feedUrl(apiUrl, publishableKey, z.string().parse(data));
}

export function feedUrl(apiUrl: string, publishableKey: string, token: string): string {
  const url = new URL("/functions/v1/calendar-feed", apiUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("apikey", publishableKey);
  return url.toString();
}

export async function revokeFeed(supabase: SupabaseClient): Promise<void> {
  const { error } = await supabase.rpc("revoke_calendar_feed");
  if (error) throw new Error(error.message);
}

// ---- exams and deadlines (the teacher's month) ----------------------------------------------
const deadlineRow = z.object({ id: z.string(), title: z.string(), due_at: z.string(), course: z.object({ code: z.string() }) });
const examRow = z.object({ id: z.string(), title: z.string(), held_on: z.string(), course: z.object({ code: z.string() }) });
export interface Dated {
  id: string;
  title: string;
  at: string;
  kind: "exam" | "deadline";
}

/** Assignments due and evaluations held in [from, to) in the courses I may read. */
export async function listExamsAndDeadlines(supabase: SupabaseClient, from: string, to: string, teacherId?: string): Promise<Dated[]> {
  let assignments = supabase.from("assignments").select("id, title, due_at, course:courses!inner(code, teacher_id)").gte("due_at", from).lt("due_at", to).limit(500);
  // evaluations → courses has three paths (assignments and quizzes link both): the hint names the evaluation's course.
  let exams = supabase
    .from("evaluations")
    .select("id, title, held_on, course:courses!evaluations_course_id_fkey!inner(code, teacher_id)")
    .gte("held_on", from.slice(0, 10))
    .lt("held_on", to.slice(0, 10))
    .limit(500);
  if (teacherId) {
    assignments = assignments.eq("course.teacher_id", teacherId);
    exams = exams.eq("course.teacher_id", teacherId);
  }
  const [a, e] = await Promise.all([assignments, exams]);
  if (a.error) throw new Error(a.error.message);
  if (e.error) throw new Error(e.error.message);
  return [
    ...z
      .array(deadlineRow)
      .parse(a.data)
      .map((r) => ({ id: r.id, title: `${r.course.code} — ${r.title}`, at: r.due_at, kind: "deadline" as const })),
    ...z
      .array(examRow)
      .parse(e.data)
      .map((r) => ({ id: r.id, title: `${r.course.code} — ${r.title}`, at: r.held_on, kind: "exam" as const })),
  ];
}
