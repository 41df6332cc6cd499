// Virtual classes: joining (attendance with the join time), a session's register for its
// teacher, the host's start links (teacher and admins only: RLS), and the semesters. The
// only file naming their tables and RPCs; shared by the virtual classes, the timetable's
// join button, the courses and the home pages.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

export const ATTENDANCE_STATUSES = ["present", "late", "absent", "excused"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

const joined = z.object({ status: z.enum(ATTENDANCE_STATUSES), joined_at: z.string() });

/** A student joins a session: its attendance (present, or late after 10 minutes) with the time. */
export async function joinSession(supabase: SupabaseClient, eventId: string): Promise<z.infer<typeof joined>> {
  const { data, error } = await supabase.rpc("join_session", { event: eventId });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return joined.parse(data);
}

const myAttendanceRow = z.object({ schedule_event_id: z.string(), status: z.enum(ATTENDANCE_STATUSES), joined_at: z.nullable(z.string()) });
export type MyAttendance = z.infer<typeof myAttendanceRow>;

/** The signed-in student's attendance for these sessions. */
export async function myAttendance(supabase: SupabaseClient, userId: string, eventIds: string[]): Promise<MyAttendance[]> {
  if (!eventIds.length) return [];
  const { data, error } = await supabase.from("attendance").select("schedule_event_id, status, joined_at").eq("student_id", userId).in("schedule_event_id", eventIds);
  if (error) throw new Error(error.message);
  return z.array(myAttendanceRow).parse(data);
}

const registerRow = z.object({
  user_id: z.string(),
  profile: z.object({ full_name: z.string() }),
});
const attendanceRow = z.object({ student_id: z.string(), status: z.enum(ATTENDANCE_STATUSES), joined_at: z.nullable(z.string()) });
export interface RegisterLine {
  studentId: string;
  name: string;
  status: AttendanceStatus | null;
  joinedAt: string | null;
}

/** A session's register: every active student of its course, with what was recorded. */
export async function sessionRegister(supabase: SupabaseClient, courseId: string, eventId: string): Promise<RegisterLine[]> {
  const [students, records] = await Promise.all([
    supabase.from("course_enrollments").select("user_id, profile:profiles!course_enrollments_user_id_fkey(full_name)").eq("course_id", courseId).eq("status", "active"),
    supabase.from("attendance").select("student_id, status, joined_at").eq("schedule_event_id", eventId),
  ]);
  if (students.error) throw new Error(students.error.message);
  if (records.error) throw new Error(records.error.message);
  const byStudent = new Map(
    z
      .array(attendanceRow)
      .parse(records.data)
      .map((r) => [r.student_id, r]),
  );
  return z
    .array(registerRow)
    .parse(students.data)
    .map((s) => ({ studentId: s.user_id, name: s.profile.full_name, status: byStudent.get(s.user_id)?.status ?? null, joinedAt: byStudent.get(s.user_id)?.joined_at ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
}

/** The teacher marks (or corrects) one student's attendance. */
export async function setAttendance(supabase: SupabaseClient, eventId: string, studentId: string, status: AttendanceStatus): Promise<void> {
  const { error } = await supabase.from("attendance").upsert({ schedule_event_id: eventId, student_id: studentId, status }, { onConflict: "schedule_event_id,student_id" });
  if (error) throw new Error(error.message);
}

/**
 * "Tous présents": every listed student without a record is marked present, in one statement;
 * what joining recorded (late) and what the teacher already set (absent, excused) stay.
 */
export async function markUnrecordedPresent(supabase: SupabaseClient, eventId: string, studentIds: string[]): Promise<void> {
  if (!studentIds.length) return;
  const { error } = await supabase.from("attendance").upsert(
    studentIds.map((studentId) => ({ schedule_event_id: eventId, student_id: studentId, status: "present" })),
    {
      onConflict: "schedule_event_id,student_id",
      ignoreDuplicates: true,
    },
  );
  if (error) throw new Error(error.message);
}

const hostLinkRow = z.object({ id: z.string(), course_id: z.string(), schedule_event_id: z.nullable(z.string()), start_url: z.string() });
export type HostLink = z.infer<typeof hostLinkRow>;

/** The host's start links of my courses (never readable by students). */
export async function hostLinks(supabase: SupabaseClient, courseIds: string[]): Promise<HostLink[]> {
  if (!courseIds.length) return [];
  const { data, error } = await supabase.from("meeting_host_links").select("id, course_id, schedule_event_id, start_url").in("course_id", courseIds);
  if (error) throw new Error(error.message);
  return z.array(hostLinkRow).parse(data);
}

/** The start link that applies to a session: its own, else its course's. */
export function hostLinkFor(links: HostLink[], courseId: string, eventId: string): string | null {
  return links.find((l) => l.schedule_event_id === eventId)?.start_url ?? links.find((l) => l.course_id === courseId && !l.schedule_event_id)?.start_url ?? null;
}

const semesterRow = z.object({ id: z.string(), name_fr: z.string(), name_en: z.string(), starts_on: z.string(), ends_on: z.string(), is_current: z.boolean() });
export type Semester = z.infer<typeof semesterRow>;

export async function getSemester(supabase: SupabaseClient, id: string): Promise<Semester | null> {
  const { data, error } = await supabase.from("semesters").select("id, name_fr, name_en, starts_on, ends_on, is_current").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? semesterRow.parse(data) : null;
}

export async function currentSemester(supabase: SupabaseClient): Promise<Semester | null> {
  const { data, error } = await supabase.from("semesters").select("id, name_fr, name_en, starts_on, ends_on, is_current").eq("is_current", true).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? semesterRow.parse(data) : null;
}

/** A student's attendance in one course: sessions recorded, present or late among them (excused left out). */
export async function myCourseAttendance(supabase: SupabaseClient, userId: string, courseId: string): Promise<{ counted: number; attended: number }> {
  const { data, error } = await supabase.from("attendance").select("status, session:schedule_events!inner(course_id)").eq("student_id", userId).eq("session.course_id", courseId);
  if (error) throw new Error(error.message);
  const rows = z
    .array(z.object({ status: z.enum(ATTENDANCE_STATUSES) }))
    .parse(data)
    .filter((r) => r.status !== "excused");
  return { counted: rows.length, attended: rows.filter((r) => r.status === "present" || r.status === "late").length };
}

const courseOption = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type CourseOption = z.infer<typeof courseOption>;

/** The courses of a semester that I may read (every course for an admin), by code. */
export async function listSemesterCourses(supabase: SupabaseClient, semesterId: string): Promise<CourseOption[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").eq("semester_id", semesterId).order("code").limit(1000);
  if (error) throw new Error(error.message);
  return z.array(courseOption).parse(data);
}

/** A school's id by its slug (open-university, professional-school, extension-school). */
export async function schoolIdBySlug(supabase: SupabaseClient, slug: string): Promise<string | null> {
  const { data, error } = await supabase.from("schools").select("id").eq("slug", slug).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? z.object({ id: z.string() }).parse(data).id : null;
}
