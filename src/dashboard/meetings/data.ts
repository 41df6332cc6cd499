// Meeting platform settings: the only file of the feature naming its tables, RPCs and
// function (institution_settings, zoom_status, courses, meeting_host_links,
// schedule_events, zoom-meetings). Rows are parsed at the boundary with zod.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { FunctionRefusal, invokeFunction } from "../../lib/supabase/functions.ts";
import { MEETING_PLATFORMS, type MeetingPlatform, type ZoomCredentialsForm } from "../../lib/forms/zoom.ts";

/** A refusal of the zoom-meetings function, by code (not_admin, meeting_exists, zoom_error…). */
export class ZoomMeetingsError extends FunctionRefusal {
  constructor(code: string, status: number) {
    super("zoom-meetings", code, status);
  }
}

const invoke = <T>(supabase: SupabaseClient, body: Record<string, unknown>, schema: z.ZodMiniType<T>): Promise<T> =>
  invokeFunction(supabase, "zoom-meetings", body, schema, (code, status) => new ZoomMeetingsError(code, status));

// ---- default platform -------------------------------------------------------------------
export async function fetchDefaultPlatform(supabase: SupabaseClient): Promise<MeetingPlatform> {
  const { data, error } = await supabase.from("institution_settings").select("default_meeting_platform").single();
  if (error) throw error;
  return z.object({ default_meeting_platform: z.enum(MEETING_PLATFORMS) }).parse(data).default_meeting_platform;
}

export async function saveDefaultPlatform(supabase: SupabaseClient, platform: MeetingPlatform): Promise<void> {
  const { data, error } = await supabase.from("institution_settings").update({ default_meeting_platform: platform }).eq("id", true).select("id");
  if (error) throw error;
  if (!data?.length) throw new ZoomMeetingsError("not_admin", 403);
}

// ---- credentials ----------------------------------------------------------------------------
const status = z.object({
  configured: z.boolean(),
  account_id_end: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  tested_at: z.nullable(z.string()),
  test_ok: z.nullable(z.boolean()),
  test_message: z.nullable(z.string()),
});
export type ZoomStatus = z.infer<typeof status>;

export async function fetchZoomStatus(supabase: SupabaseClient): Promise<ZoomStatus> {
  const { data, error } = await supabase.rpc("zoom_status");
  if (error) throw error;
  return status.parse(data);
}

export const saveCredentials = (supabase: SupabaseClient, values: ZoomCredentialsForm) => invoke(supabase, { action: "save-credentials", ...values }, z.object({ saved: z.boolean() }));
export const clearCredentials = (supabase: SupabaseClient) => invoke(supabase, { action: "clear-credentials" }, z.object({ cleared: z.boolean() }));
export const testCredentials = (supabase: SupabaseClient) => invoke(supabase, { action: "test-credentials" }, z.object({ ok: z.boolean(), message: z.string() }));

// ---- courses and their meetings -------------------------------------------------------------
const courseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  meeting_platform: z.nullable(z.string()),
  zoom_meeting_id: z.nullable(z.string()),
  zoom_passcode: z.nullable(z.string()),
});
export type MeetingCourse = z.infer<typeof courseRow> & { host_url: string | null };

/** Courses whose code or title contains the search (20 at most), with their host link when the caller may read it. */
export async function fetchMeetingCourses(supabase: SupabaseClient, search: string): Promise<MeetingCourse[]> {
  let query = supabase.from("courses").select("id, code, title, meeting_platform, zoom_meeting_id, zoom_passcode").order("code").limit(20);
  const term = search
    .trim()
    .replace(/[%_,()*]/g, " ")
    .trim();
  if (term) query = query.or(`code.ilike.%${term}%,title.ilike.%${term}%`);
  const { data, error } = await query;
  if (error) throw error;
  const courses = z.array(courseRow).parse(data);
  if (!courses.length) return [];
  const links = await supabase
    .from("meeting_host_links")
    .select("course_id, start_url")
    .is("schedule_event_id", null)
    .in(
      "course_id",
      courses.map((c) => c.id),
    );
  if (links.error) throw links.error;
  const hostUrl = new Map(
    z
      .array(z.object({ course_id: z.string(), start_url: z.string() }))
      .parse(links.data)
      .map((l) => [l.course_id, l.start_url]),
  );
  return courses.map((c) => ({ ...c, host_url: hostUrl.get(c.id) ?? null }));
}

const created = z.object({
  meeting_id: z.string(),
  join_url: z.string(),
  passcode: z.nullable(z.string()),
  sessions: z.number(),
  simulated: z.boolean(),
});
export type CreatedMeeting = z.infer<typeof created>;
export const createCourseMeeting = (supabase: SupabaseClient, courseId: string, replace: boolean) => invoke(supabase, { action: "create-meeting", course_id: courseId, replace }, created);

// ---- attendance import ------------------------------------------------------------------------
const sessionRow = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  zoom_meeting_id: z.nullable(z.string()),
  course: z.object({ code: z.string(), title: z.string(), zoom_meeting_id: z.nullable(z.string()) }),
});
export type PastSession = z.infer<typeof sessionRow>;

/** The latest ended sessions (last 30 days) whose course or session has a Zoom meeting. */
export async function fetchPastMeetingSessions(supabase: SupabaseClient, now = new Date()): Promise<PastSession[]> {
  const { data, error } = await supabase
    .from("schedule_events")
    .select("id, title, start_time, zoom_meeting_id, course:courses!inner(code, title, zoom_meeting_id)")
    .lt("start_time", now.toISOString())
    .gt("start_time", new Date(now.getTime() - 30 * 86_400_000).toISOString())
    .order("start_time", { ascending: false })
    .limit(200);
  if (error) throw error;
  return z
    .array(sessionRow)
    .parse(data)
    .filter((s) => s.zoom_meeting_id || s.course.zoom_meeting_id)
    .slice(0, 20);
}

const imported = z.object({
  matched: z.number(),
  unmatched: z.number(),
  absent: z.number(),
  written: z.number(),
  participants: z.number(),
  simulated: z.boolean(),
});
export type ImportResult = z.infer<typeof imported>;
export const importAttendance = (supabase: SupabaseClient, eventId: string) => invoke(supabase, { action: "import-attendance", schedule_event_id: eventId }, imported);
