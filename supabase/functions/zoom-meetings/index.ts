// The meeting platform, server side: POST /functions/v1/zoom-meetings with { action, … }.
//
// The Zoom Server-to-Server OAuth credentials live in private.zoom_credentials, which only
// this function reads (secret key); no answer ever carries the client secret. Without
// credentials the simulator answers (src/lib/zoom/simulator.ts) and every answer says
// simulated: true.
//
// Actions:
//   save-credentials { account_id, client_id, client_secret }  admins (aal2 when required)
//   clear-credentials                                          admins
//   test-credentials   asks Zoom for a token, keeps the result  admins
//   create-meeting     { course_id, replace? }                  the course's teacher, admins
//       creates the course's meeting (recurring over its upcoming sessions), writes the
//       course's meeting id and passcode and the host's start link (meeting_host_links:
//       its teacher and admins read it, never students), with the caller's token.
//   import-attendance  { schedule_event_id }                   the course's teacher, admins
//       reads the meeting's participants report and writes the session's register for the
//       enrolled students matched by e-mail; answers { matched, unmatched, absent, written }.
// Errors: { error: <code> } with an HTTP status.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { CORS, authenticateAdmin, env, fail, recordFunctionError, reply, serviceClient, envVars } from "../_shared/admin.ts";
import { ZoomApiError, instanceFor, type ZoomMeetings } from "../../../src/lib/zoom/meetings.ts";
import { ZoomApi, zoomBasesFromEnv } from "../../../src/lib/zoom/zoom-api.ts";
import { ZoomSimulator, simulatedReport } from "../../../src/lib/zoom/simulator.ts";
import { planAttendanceImport, type RosterEntry } from "../../../src/lib/zoom/attendance.ts";

const TIMEZONE = "Africa/Douala";
const credential = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,100}$/);
const RequestBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("save-credentials"), account_id: credential, client_id: credential, client_secret: z.string().trim().min(8).max(200) }),
  z.object({ action: z.literal("clear-credentials") }),
  z.object({ action: z.literal("test-credentials") }),
  z.object({ action: z.literal("create-meeting"), course_id: z.guid(), replace: z.boolean().default(false) }),
  z.object({ action: z.literal("import-attendance"), schedule_event_id: z.guid() }),
]);
type Body = z.infer<typeof RequestBody>;

interface Caller {
  id: string;
  admin: boolean;
  db: SupabaseClient;
}

/** A signed-in user with their roles; admins pass the same checks (aal2) as in admin functions. */
async function authenticate(request: Request, service: SupabaseClient): Promise<Caller | Response> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  if (!token || token === env("SUPABASE_ANON_KEY") || token.split(".").length !== 3) return fail(401, "not_signed_in");
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) return fail(401, "not_signed_in");
  const { data: roles, error: rolesError } = await service.from("user_roles").select("role").eq("user_id", data.user.id);
  if (rolesError) throw rolesError;
  if ((roles ?? []).some((r) => r.role === "admin")) {
    const admin = await authenticateAdmin(request, service);
    if (admin instanceof Response) return admin;
    return { id: admin.id, admin: true, db: admin.db };
  }
  const db = createClient(env("SUPABASE_URL"), env("SUPABASE_ANON_KEY"), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: data.user.id, admin: false, db };
}

/** Zoom when credentials are saved, else the simulator (with the report it should answer). */
async function platform(service: SupabaseClient, simulated?: ConstructorParameters<typeof ZoomSimulator>[0]): Promise<ZoomMeetings> {
  const { data, error } = await service.rpc("zoom_credentials");
  if (error) throw error;
  const saved = (data as { account_id: string; client_id: string; client_secret: string }[] | null)?.[0];
  if (!saved) return new ZoomSimulator(simulated);
  return new ZoomApi({ ...zoomBasesFromEnv(envVars()), accountId: saved.account_id, clientId: saved.client_id, clientSecret: saved.client_secret });
}

export default async function zoomMeetings(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  let body: Body;
  try {
    const parsed = RequestBody.safeParse(await request.json());
    if (!parsed.success) return fail(400, "invalid_request", { issues: parsed.error.issues.map((i) => i.path.join(".")) });
    body = parsed.data;
  } catch {
    return fail(400, "invalid_request");
  }
  try {
    const caller = await authenticate(request, service);
    if (caller instanceof Response) return caller;
    switch (body.action) {
      case "save-credentials":
      case "clear-credentials":
      case "test-credentials":
        if (!caller.admin) return fail(403, "not_admin");
        return await credentials(service, caller, body);
      case "create-meeting":
        return await createMeeting(service, caller, body);
      case "import-attendance":
        return await importAttendance(service, caller, body);
    }
  } catch (error) {
    if (error instanceof ZoomApiError) return fail(502, "zoom_error", { zoom_status: error.status, zoom_code: error.code ?? null });
    await recordFunctionError(service, `zoom-meetings ${body.action}`, error).catch(() => undefined);
    return fail(500, "server_error");
  }
}

async function credentials(service: SupabaseClient, caller: Caller, body: Extract<Body, { action: "save-credentials" | "clear-credentials" | "test-credentials" }>) {
  if (body.action === "save-credentials") {
    const { error } = await service.rpc("zoom_save_credentials", {
      account_id: body.account_id,
      client_id: body.client_id,
      client_secret: body.client_secret,
      actor: caller.id,
    });
    if (error) throw error;
    return reply(200, { saved: true });
  }
  if (body.action === "clear-credentials") {
    const { error } = await service.rpc("zoom_clear_credentials", { actor: caller.id });
    if (error) throw error;
    return reply(200, { cleared: true });
  }
  const zoom = await platform(service);
  if (zoom.name === "simulator") return fail(409, "not_configured");
  let ok = true;
  let message = "token issued";
  try {
    await zoom.check();
  } catch (error) {
    if (!(error instanceof ZoomApiError) && !(error instanceof TypeError)) throw error;
    ok = false;
    message = error instanceof ZoomApiError ? error.message : `network: ${error.message}`;
  }
  const { error } = await service.rpc("zoom_record_test", { ok, message });
  if (error) throw error;
  return reply(200, { ok, message });
}

async function courseFor(service: SupabaseClient, caller: Caller, courseId: string) {
  const { data: course, error } = await service.from("courses").select("id, code, title, teacher_id, zoom_meeting_id").eq("id", courseId).maybeSingle();
  if (error) throw error;
  if (!course) return fail(404, "course_not_found");
  if (!caller.admin && course.teacher_id !== caller.id) return fail(403, "not_course_teacher");
  return course as { id: string; code: string; title: string; teacher_id: string | null; zoom_meeting_id: string | null };
}

/** Zoom numbers days 1 (Sunday) to 7 (Saturday); the day is the one in Douala. */
function zoomWeekday(date: Date): number {
  const day = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: TIMEZONE }).format(date);
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(day) + 1;
}

async function createMeeting(service: SupabaseClient, caller: Caller, body: Extract<Body, { action: "create-meeting" }>) {
  const course = await courseFor(service, caller, body.course_id);
  if (course instanceof Response) return course;
  if (course.zoom_meeting_id && !body.replace) return fail(409, "meeting_exists");
  const { data: sessions, error } = await service
    .from("schedule_events")
    .select("start_time, end_time")
    .eq("course_id", course.id)
    .gt("start_time", new Date().toISOString())
    .order("start_time")
    .limit(500);
  if (error) throw error;
  const upcoming = (sessions ?? []).map((s) => ({ start: new Date(s.start_time), end: new Date(s.end_time) }));
  const first = upcoming[0];
  const zoom = await platform(service);
  const meeting = await zoom.createMeeting({
    topic: `${course.code} · ${course.title}`,
    start: first?.start,
    durationMinutes: first ? Math.max(15, Math.round((first.end.getTime() - first.start.getTime()) / 60_000)) : 120,
    timezone: TIMEZONE,
    recurrence: upcoming.length > 1 ? { weeklyDays: [...new Set(upcoming.map((s) => zoomWeekday(s.start)))].sort(), endTimes: Math.min(upcoming.length, 60) } : undefined,
  });
  // Written as the caller: RLS and the course guard apply, and the change is theirs.
  const { error: courseError } = await caller.db.from("courses").update({ meeting_platform: "zoom", zoom_meeting_id: meeting.meetingId, zoom_passcode: meeting.passcode }).eq("id", course.id);
  if (courseError) throw courseError;
  const { data: link, error: linkError } = await caller.db.from("meeting_host_links").select("id").eq("course_id", course.id).is("schedule_event_id", null).maybeSingle();
  if (linkError) throw linkError;
  const { error: writeError } = link
    ? await caller.db.from("meeting_host_links").update({ start_url: meeting.startUrl }).eq("id", link.id)
    : await caller.db.from("meeting_host_links").insert({ course_id: course.id, start_url: meeting.startUrl });
  if (writeError) throw writeError;
  return reply(200, {
    meeting_id: meeting.meetingId,
    join_url: meeting.joinUrl,
    passcode: meeting.passcode,
    sessions: upcoming.length,
    simulated: zoom.name === "simulator",
  });
}

async function importAttendance(service: SupabaseClient, caller: Caller, body: Extract<Body, { action: "import-attendance" }>) {
  const { data: event, error } = await service.from("schedule_events").select("id, course_id, start_time, end_time, zoom_meeting_id").eq("id", body.schedule_event_id).maybeSingle();
  if (error) throw error;
  if (!event) return fail(404, "session_not_found");
  const course = await courseFor(service, caller, event.course_id);
  if (course instanceof Response) return course;
  const start = new Date(event.start_time);
  const end = new Date(event.end_time);
  if (start.getTime() > Date.now()) return fail(409, "session_not_started");
  const meetingId = (event.zoom_meeting_id ?? course.zoom_meeting_id)?.replace(/\s+/g, "");
  if (!meetingId) return fail(409, "no_meeting");
  const { data: rows, error: rosterError } = await service.rpc("zoom_session_roster", { event: event.id });
  if (rosterError) throw rosterError;
  const roster = (rows ?? []) as (RosterEntry & { full_name: string })[];
  const zoom = await platform(service, {
    report: () =>
      simulatedReport(
        start,
        end,
        roster.map((r) => ({ email: r.email ?? "", name: r.full_name, joinedAt: r.joined_at ? new Date(r.joined_at) : null })),
      ),
  });
  const instance = instanceFor(await zoom.pastInstances(meetingId), start);
  const report = await zoom.pastParticipants(instance?.uuid ?? meetingId);
  const plan = planAttendanceImport(roster, report, start);
  if (plan.writes.length) {
    const { error: writeError } = await caller.db.from("attendance").upsert(
      plan.writes.map((w) => ({ schedule_event_id: event.id, ...w })),
      { onConflict: "schedule_event_id,student_id" },
    );
    if (writeError) throw writeError;
  }
  return reply(200, {
    matched: plan.matched,
    unmatched: plan.unmatched,
    absent: plan.absent,
    written: plan.writes.length,
    participants: report.length,
    simulated: zoom.name === "simulator",
  });
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(zoomMeetings);
