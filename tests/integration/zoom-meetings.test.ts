// /admin/zoom's server side (20260702000000_zoom_settings.sql, functions/zoom-meetings)
// signed in as each role (the cast of tests/fixtures/rls-world.ts, built lighter here): the credentials and the
// host's link never reach a student; only a course's teacher or an admin creates its
// meeting or imports its attendance; the simulator answers without credentials, Zoom's
// API (a local contract server) with them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { IDS } from "../fixtures/rls-world.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { startZoomContract, type ZoomContract } from "../fixtures/zoom-contract.ts";
import { SIMULATED_GUEST } from "../../src/lib/zoom/simulator.ts";
import { fetchAdminFigures } from "../../src/dashboard/home/admin-data.ts";

const stack = useLocalStack();
const PASSWORD = "Zoom-Test-Password-42";
let w: { clients: Record<"anon" | "studentA" | "studentB" | "teacherA" | "teacherB" | "admin", SupabaseClient>; courseA: string; courseB: string };
let zoom: ZoomContract;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const MINUTE = 60_000;

beforeAll(async () => {
  await sql("update auth.users set encrypted_password = extensions.crypt($1, extensions.gen_salt('bf', 4)) where id = any ($2::uuid[])", [PASSWORD, [IDS.studentB, IDS.teacherB]]);
  const email = async (id: string) => (await sql<{ email: string }>("select email from auth.users where id = $1", [id]))[0].email;
  const demo = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const course = async (code: string) => (await sql<{ id: string }>("select id from public.courses where code = $1", [code]))[0].id;
  w = {
    clients: {
      anon: stack().client(),
      studentA: await signInAs(stack(), demo("student").email, demo("student").password),
      studentB: await signInAs(stack(), await email(IDS.studentB), PASSWORD),
      teacherA: await signInAs(stack(), demo("teacher").email, demo("teacher").password),
      teacherB: await signInAs(stack(), await email(IDS.teacherB), PASSWORD),
      admin: await signInAs(stack(), demo("admin").email, demo("admin").password),
    },
    courseA: await course("INF-L2-101"),
    courseB: await course("CPT-L1-101"),
  };
  zoom = await startZoomContract();
  // The function runs in this process (the local stack): Zoom's bases point at the contract server.
  process.env.ZOOM_API_BASE = `${zoom.url}/v2`;
  process.env.ZOOM_OAUTH_BASE = zoom.url;
}, 120_000);
afterAll(async () => {
  delete process.env.ZOOM_API_BASE;
  delete process.env.ZOOM_OAUTH_BASE;
  await zoom?.close();
});

async function call(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke("zoom-meetings", { body });
  if (!error) return { status: 200, body: data as Record<string, any> };
  const response = (error as { context?: Response }).context;
  return { status: response?.status ?? 0, body: response ? ((await response.json()) as Record<string, any>) : {} };
}

async function pastSession(courseId: string, minutesAgo: number): Promise<{ id: string; start: Date }> {
  const start = new Date(Date.now() - minutesAgo * MINUTE);
  const [row] = await sql<{ id: string }>(
    `insert into public.schedule_events (course_id, title, start_time, end_time, is_online)
     values ($1, 'Séance Zoom', $2, $2::timestamptz + interval '90 minutes', true) returning id`,
    [courseId, start.toISOString()],
  );
  return { id: row.id, start };
}

describe("zoom-meetings", () => {
  it("refuses students, other teachers and anonymous callers, and keeps the credentials from every browser role", async () => {
    const { studentA, teacherA, teacherB, anon } = w.clients;
    const event = await pastSession(w.courseA, 120);
    expect(await call(studentA, { action: "create-meeting", course_id: w.courseA })).toMatchObject({ status: 403, body: { error: "not_course_teacher" } });
    expect(await call(studentA, { action: "import-attendance", schedule_event_id: event.id })).toMatchObject({ status: 403, body: { error: "not_course_teacher" } });
    expect(await call(teacherB, { action: "create-meeting", course_id: w.courseA })).toMatchObject({ status: 403, body: { error: "not_course_teacher" } });
    expect(await call(teacherB, { action: "import-attendance", schedule_event_id: event.id })).toMatchObject({ status: 403, body: { error: "not_course_teacher" } });
    for (const client of [studentA, teacherA]) {
      expect(await call(client, { action: "save-credentials", account_id: "abcd1234", client_id: "abcd1234", client_secret: "abcdefgh1234" })).toMatchObject({
        status: 403,
        body: { error: "not_admin" },
      });
      expect(await call(client, { action: "test-credentials" })).toMatchObject({ status: 403, body: { error: "not_admin" } });
      expect((await client.rpc("zoom_status")).error?.code).toBe("42501");
    }
    expect((await call(anon, { action: "create-meeting", course_id: w.courseA })).status).toBe(401);
    expect((await call(w.clients.admin, { action: "save-credentials", account_id: "a b", client_id: "x", client_secret: "short" })).status).toBe(400);
    for (const client of [anon, studentA, teacherA, w.clients.admin]) {
      expect((await client.rpc("zoom_credentials")).data ?? null).toBeNull();
      expect((await client.rpc("zoom_session_roster", { event: event.id })).data ?? null).toBeNull();
      expect((await client.schema("private").from("zoom_credentials").select("*")).data ?? null).toBeNull();
      expect((await client.rpc("zoom_save_credentials", { account_id: "abcd1234", client_id: "abcd1234", client_secret: "abcdefgh1234", actor: IDS.admin })).error).not.toBeNull();
    }
    expect(await sql("select 1 from private.zoom_credentials")).toEqual([]);
  });

  it("creates a course's meeting with the simulator: the course gets its id and passcode, the host link stays with its teacher and admins", async () => {
    const { studentA, teacherA, admin } = w.clients;
    const created = await call(teacherA, { action: "create-meeting", course_id: w.courseA, replace: true });
    expect(created).toMatchObject({ status: 200, body: { simulated: true } });
    expect(created.body).not.toHaveProperty("start_url");
    const [course] = await sql<{ meeting_platform: string; zoom_meeting_id: string; zoom_passcode: string }>(
      "select meeting_platform, zoom_meeting_id, zoom_passcode from public.courses where id = $1",
      [w.courseA],
    );
    expect(course).toEqual({ meeting_platform: "zoom", zoom_meeting_id: created.body.meeting_id, zoom_passcode: created.body.passcode });
    expect(created.body.join_url).toBe(`https://zoom.us/j/${course.zoom_meeting_id}?pwd=${course.zoom_passcode}`);
    const link = await teacherA.from("meeting_host_links").select("start_url").eq("course_id", w.courseA).is("schedule_event_id", null);
    expect(link.data).toEqual([{ start_url: expect.stringMatching(new RegExp(`^https://zoom\\.us/s/${course.zoom_meeting_id}`)) }]);
    expect((await admin.from("meeting_host_links").select("start_url").eq("course_id", w.courseA).is("schedule_event_id", null)).data).toHaveLength(1);
    expect((await studentA.from("meeting_host_links").select("start_url").eq("course_id", w.courseA)).data).toEqual([]);
    // once created, only on purpose
    expect(await call(teacherA, { action: "create-meeting", course_id: w.courseA })).toMatchObject({ status: 409, body: { error: "meeting_exists" } });
    // the default platform: admins change it, teachers read it and cannot change it
    const { error } = await admin.from("institution_settings").update({ default_meeting_platform: "teams" }).eq("id", true);
    expect(error).toBeNull();
    expect((await admin.from("institution_settings").update({ default_meeting_platform: "skype" }).eq("id", true)).error).not.toBeNull();
    expect((await teacherA.from("institution_settings").update({ default_meeting_platform: "zoom" }).eq("id", true).select()).data).toEqual([]);
    expect((await teacherA.from("institution_settings").select("default_meeting_platform").single()).data).toEqual({ default_meeting_platform: "teams" });

    // the admin home counts the week's online sessions without a meeting; creating one takes its course's off
    const [bare] = await sql<{ id: string }>(`insert into public.courses (code, title, school_id) select 'ZM-BARE-1', 'Sans réunion', school_id from public.courses where id = $1 returning id`, [
      w.courseA,
    ]);
    await sql(
      `insert into public.schedule_events (course_id, title, start_time, end_time, is_online)
      values ($1, 'En ligne', now() + interval '1 day', now() + interval '1 day 1 hour', true),
             ($1, 'En ligne 2', now() + interval '2 days', now() + interval '2 days 1 hour', true),
             ($1, 'Trop tard', now() + interval '9 days', now() + interval '9 days 1 hour', true)`,
      [bare.id],
    );
    const expected = async () =>
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from public.schedule_events e join public.courses c on c.id = e.course_id
       where e.is_online and e.zoom_meeting_id is null and e.teams_meeting_url is null and c.zoom_meeting_id is null
         and c.teams_meeting_url is null and e.start_time >= now() and e.start_time < now() + interval '7 days'`,
        )
      )[0].n;
    const before = (await fetchAdminFigures(admin)).sessionsWithoutMeeting;
    expect(before).toBe(await expected());
    expect(await call(admin, { action: "create-meeting", course_id: bare.id })).toMatchObject({ status: 200, body: { sessions: 3 } });
    expect((await fetchAdminFigures(admin)).sessionsWithoutMeeting).toBe(before - 2);
  });

  it("imports a session's attendance from the simulated report: app joins present, the late joiner late, the others absent", async () => {
    const { teacherA } = w.clients;
    const event = await pastSession(w.courseA, 100);
    await sql("insert into public.attendance (schedule_event_id, student_id, status, joined_at) values ($1, $2, 'present', $3)", [
      event.id,
      IDS.studentA,
      new Date(event.start.getTime() - 2 * MINUTE).toISOString(),
    ]);
    const roster = await sql<{ id: string; email: string }>(
      `select ce.user_id as id, lower(u.email) as email from public.course_enrollments ce join auth.users u on u.id = ce.user_id
       where ce.course_id = $1 and ce.status = 'active' order by lower(u.email)`,
      [w.courseA],
    );
    const late = roster.find((r) => r.id !== IDS.studentA)!;
    const imported = await call(teacherA, { action: "import-attendance", schedule_event_id: event.id });
    expect(imported).toMatchObject({ status: 200, body: { simulated: true, matched: 2, unmatched: 1, absent: roster.length - 2, written: roster.length } });
    const rows = await sql<{ student_id: string; status: string; recorded_by: string }>("select student_id, status, recorded_by from public.attendance where schedule_event_id = $1", [event.id]);
    const status = new Map(rows.map((r) => [r.student_id, r.status]));
    expect(status.get(IDS.studentA)).toBe("present");
    expect(status.get(late.id)).toBe("late");
    expect(rows.filter((r) => r.status === "absent")).toHaveLength(roster.length - 2);
    expect(rows.find((r) => r.student_id === late.id)?.recorded_by).toBe(IDS.teacherA);
    expect(SIMULATED_GUEST.email).not.toBe(late.email);
    // a session still to come has no report yet
    const [future] = await sql<{ id: string }>(
      "insert into public.schedule_events (course_id, title, start_time, end_time) values ($1, 'Plus tard', now() + interval '2 days', now() + interval '2 days 1 hour') returning id",
      [w.courseA],
    );
    expect(await call(teacherA, { action: "import-attendance", schedule_event_id: future.id })).toMatchObject({ status: 409, body: { error: "session_not_started" } });
  });

  it("an admin saves and tests the credentials (never shown back), then meetings and reports go through Zoom's API", async () => {
    const { admin } = w.clients;
    // aal2 when the institution requires it
    await sql("update public.security_settings set require_admin_mfa = true");
    expect(await call(admin, { action: "test-credentials" })).toMatchObject({ status: 403, body: { error: "mfa_enrolment_required" } });
    await sql("update public.security_settings set require_admin_mfa = false");

    expect(await call(admin, { action: "test-credentials" })).toMatchObject({ status: 409, body: { error: "not_configured" } });
    expect(await call(admin, { action: "save-credentials", account_id: zoom.accountId, client_id: zoom.clientId, client_secret: "not-the-right-secret" })).toMatchObject({ status: 200 });
    expect(await call(admin, { action: "test-credentials" })).toMatchObject({ status: 200, body: { ok: false } });
    expect((await admin.rpc("zoom_status")).data).toMatchObject({ configured: true, test_ok: false });
    expect(await call(admin, { action: "save-credentials", account_id: zoom.accountId, client_id: zoom.clientId, client_secret: zoom.clientSecret })).toMatchObject({
      status: 200,
      body: { saved: true },
    });
    const tested = await call(admin, { action: "test-credentials" });
    expect(tested).toMatchObject({ status: 200, body: { ok: true } });
    const status = (await admin.rpc("zoom_status")).data as Record<string, unknown>;
    expect(status).toMatchObject({ configured: true, account_id_end: zoom.accountId.slice(-4), test_ok: true });
    expect(JSON.stringify(status)).not.toContain(zoom.clientSecret);
    expect(JSON.stringify(status)).not.toContain(zoom.clientId);
    expect(JSON.stringify(tested.body)).not.toContain(zoom.clientSecret);
    const audit = await sql<{ details: unknown }>("select details from public.audit_log where action = 'zoom.credentials_saved'");
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(zoom.clientSecret);

    // Zoom creates courseB's meeting; its report (one student of courseB, a guest) becomes the register.
    const created = await call(admin, { action: "create-meeting", course_id: w.courseB, replace: true });
    expect(created).toMatchObject({ status: 200, body: { simulated: false, passcode: "7hZq2x" } });
    expect(zoom.meetings.has(created.body.meeting_id)).toBe(true);
    expect((await sql<{ start_url: string }>("select start_url from public.meeting_host_links where course_id = $1", [w.courseB]))[0].start_url).toContain(`/s/${created.body.meeting_id}`);
    const event = await pastSession(w.courseB, 200);
    const [student] = await sql<{ email: string }>("select email from auth.users where id = $1", [IDS.studentB]);
    zoom.setPast(created.body.meeting_id, [{ uuid: "inst//1==", start_time: event.start.toISOString() }], {
      "inst//1==": [
        { name: "B", user_email: student.email.toUpperCase(), join_time: new Date(event.start.getTime() + 12 * MINUTE).toISOString(), leave_time: event.start.toISOString() },
        { name: "Guest", user_email: "guest@example.org", join_time: event.start.toISOString(), leave_time: event.start.toISOString() },
      ],
    });
    const imported = await call(admin, { action: "import-attendance", schedule_event_id: event.id });
    expect(imported).toMatchObject({ status: 200, body: { simulated: false, matched: 1, unmatched: 1, participants: 2 } });
    expect(await sql("select status from public.attendance where schedule_event_id = $1 and student_id = $2", [event.id, IDS.studentB])).toEqual([{ status: "late" }]);

    expect(await call(admin, { action: "clear-credentials" })).toMatchObject({ status: 200 });
    expect((await admin.rpc("zoom_status")).data).toMatchObject({ configured: false });
  });
});
