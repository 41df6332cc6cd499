// Courses, timetable and virtual classes (20260501000000_courses_timetable.sql) signed in as
// each role against a freshly seeded stack (cast: tests/fixtures/rls-world.ts): materials
// and host links stay with their course, only a course's teacher plans its sessions,
// double-bookings are refused, cohorts are enrolled in one action, joining records
// attendance, and calendar feeds answer their owner's sessions only.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let studentA: SupabaseClient, studentB: SupabaseClient, teacherA: SupabaseClient, teacherB: SupabaseClient, admin: SupabaseClient;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  w = await buildWorld(stack());
  ({ studentA, studentB, teacherA, teacherB, admin } = w.clients);
}, 120_000);

describe("course materials", () => {
  it("a student reads its own course's materials, never another course's", async () => {
    await sql(
      `insert into public.course_materials (course_id, week, title, kind, storage_path)
       values ($1, 1, 'Plan du cours A', 'file', $3), ($2, 1, 'Plan du cours B', 'file', $4)`,
      [w.courseA, w.courseB, `${w.courseA}/semaine-01/plan.pdf`, `${w.courseB}/semaine-01/plan.pdf`],
    );
    const mine = await studentA.from("course_materials").select("title, course_id");
    expect(mine.error).toBeNull();
    expect(mine.data!.map((m) => m.title)).toContain("Plan du cours A");
    expect(mine.data!.map((m) => m.title)).not.toContain("Plan du cours B");
    const theirs = await studentB.from("course_materials").select("title").eq("course_id", w.courseA);
    expect(theirs.data).toEqual([]);
    // nor through storage
    await stack()
      .client({ secret: true })
      .storage.from("course-materials")
      .upload(`${w.courseB}/semaine-01/plan.pdf`, new Blob(["%PDF-1.4 B"]), { upsert: true });
    const download = await studentA.storage.from("course-materials").download(`${w.courseB}/semaine-01/plan.pdf`);
    expect(download.error).not.toBeNull();
  });

  it("the course's teacher adds material; a student or another teacher cannot", async () => {
    const ok = await teacherA.from("course_materials").insert({ course_id: w.courseA, week: 2, title: "Diapositives", kind: "link", url: "https://example.org/slides" });
    expect(ok.error).toBeNull();
    for (const client of [studentA, teacherB]) {
      const { error } = await client.from("course_materials").insert({ course_id: w.courseA, week: 2, title: "Intrus", kind: "link", url: "https://example.org/x" });
      expect(error).not.toBeNull();
    }
    // a file outside the course's folder is refused by the database
    const stray = await teacherA.from("course_materials").insert({ course_id: w.courseA, week: 2, title: "Ailleurs", kind: "file", storage_path: `${w.courseB}/x.pdf` });
    expect(stray.error).not.toBeNull();
  });
});

describe("the host's start link", () => {
  it("the course's teacher and admins read it; students and other teachers never do", async () => {
    const created = await teacherA.from("meeting_host_links").insert({ course_id: w.courseA, start_url: "https://zoom.us/s/81234567890?zak=secret" }).select("id").single();
    expect(created.error).toBeNull();
    const perEvent = await teacherA.from("meeting_host_links").insert({ course_id: w.courseA, schedule_event_id: w.eventA, start_url: "https://zoom.us/s/81234567891?zak=secret2" });
    expect(perEvent.error).toBeNull();
    expect((await teacherA.from("meeting_host_links").select("start_url").eq("course_id", w.courseA)).data).toHaveLength(2);
    expect((await admin.from("meeting_host_links").select("start_url").eq("course_id", w.courseA)).data).toHaveLength(2);
    for (const client of [studentA, studentB, teacherB]) {
      const { data, error } = await client.from("meeting_host_links").select("start_url");
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const forged = await studentA.from("meeting_host_links").insert({ course_id: w.courseA, start_url: "https://evil.example/s" });
    expect(forged.error).not.toBeNull();
    // no other door: the student's view of the course and its sessions has no start link
    const course = await studentA.from("courses").select("*").eq("id", w.courseA).single();
    expect(JSON.stringify(course.data)).not.toContain("zak=");
    const events = await studentA.from("schedule_events").select("*").eq("course_id", w.courseA);
    expect(JSON.stringify(events.data)).not.toContain("zak=");
  });
});

describe("sessions", () => {
  it("a teacher edits only the sessions of its own courses, and a change notifies the students", async () => {
    const start = Date.now() + 48 * HOUR;
    const moved = await teacherA
      .from("schedule_events")
      .update({ room: "Salle 204", start_time: iso(start), end_time: iso(start + 2 * HOUR) })
      .eq("id", w.eventA)
      .select("id");
    expect(moved.error).toBeNull();
    expect(moved.data).toHaveLength(1);
    const intruder = await teacherB.from("schedule_events").update({ room: "Ailleurs" }).eq("id", w.eventA).select("id");
    expect(intruder.data).toEqual([]);
    const student = await studentA.from("schedule_events").update({ room: "Ailleurs" }).eq("id", w.eventA).select("id");
    expect(student.data).toEqual([]);
    const [row] = await sql<{ room: string }>("select room from public.schedule_events where id = $1", [w.eventA]);
    expect(row.room).toBe("Salle 204");
    const notices = await studentA.from("student_notifications").select("title, data").eq("data->>event_id", w.eventA);
    expect(notices.data!.some((n) => (n.data as { kind: string }).kind === "session_changed")).toBe(true);
    // studentB follows no course with A: told nothing
    const [{ count }] = await sql<{ count: number }>("select count(*)::int as count from public.student_notifications where user_id = $1 and data->>'event_id' = $2", [IDS.studentB, w.eventA]);
    expect(count).toBe(0);
    // another teacher cannot plan sessions in the course either
    const { error } = await teacherB.rpc("create_sessions", { course: w.courseA, sessions: [{ title: "Intrus", start_time: iso(start + 400 * HOUR), end_time: iso(start + 401 * HOUR) }] });
    expect(error?.code).toBe("42501");
  });

  it("creates a weekly series in one batch, and refuses a teacher's or a cohort's double-booking", async () => {
    // a free slot far ahead: three weekly sessions
    const base = Date.UTC(2031, 0, 6, 7, 0); // a Monday, 08:00 in Douala
    const week = 7 * 24 * HOUR;
    const series = [0, 1, 2].map((i) => ({ title: "Algorithmique — TD", start_time: iso(base + i * week), end_time: iso(base + i * week + 2 * HOUR), is_online: true }));
    const created = await teacherA.rpc("create_sessions", { course: w.courseA, sessions: series, as_series: true });
    expect(created.error).toBeNull();
    expect(created.data).toHaveLength(3);
    const rows = await sql<{ series_id: string | null; created_by: string }>("select series_id, created_by from public.schedule_events where id = any ($1::uuid[])", [created.data]);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[0].series_id).not.toBeNull();
    expect(rows.every((r) => r.created_by === IDS.teacherA)).toBe(true);

    // the teacher is busy then (its other course INF-L2-102)
    const otherCourse = (await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-102'"))[0].id;
    const clash = await teacherA.rpc("create_sessions", { course: otherCourse, sessions: [{ title: "TP", start_time: iso(base + week + HOUR), end_time: iso(base + week + 3 * HOUR) }] });
    expect(clash.error?.code).toBe("PT409");
    expect(JSON.parse(clash.error!.details)).toContainEqual(expect.objectContaining({ kind: "teacher", course_code: "INF-L2-101" }));

    // the cohort is busy: teacherB's INF-L2-103 shares A's students
    const webCourse = (await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-103'"))[0].id;
    const cohort = await teacherB.rpc("create_sessions", { course: webCourse, sessions: [{ title: "Web", start_time: iso(base + 2 * week + 30 * 60_000), end_time: iso(base + 2 * week + HOUR) }] });
    expect(cohort.error?.code).toBe("PT409");
    expect(JSON.parse(cohort.error!.details)).toEqual([expect.objectContaining({ kind: "cohort", course_code: "INF-L2-101" })]);
    // …and tells only times and a course code: the colleague's conflicts preview agrees
    const preview = await teacherB.rpc("schedule_conflicts", { course: webCourse, slots: [{ start_time: iso(base + 2 * week), end_time: iso(base + 2 * week + HOUR) }] });
    expect(preview.error).toBeNull();
    expect(preview.data).toHaveLength(1);

    // a batch overlapping itself is refused too, and nothing is saved
    const before = (await sql<{ n: number }>("select count(*)::int as n from public.schedule_events"))[0].n;
    const self = await teacherA.rpc("create_sessions", {
      course: w.courseA,
      sessions: [
        { title: "A", start_time: iso(base + 10 * week), end_time: iso(base + 10 * week + 2 * HOUR) },
        { title: "B", start_time: iso(base + 10 * week + HOUR), end_time: iso(base + 10 * week + 3 * HOUR) },
      ],
    });
    expect(self.error?.code).toBe("PT409");
    expect((await sql<{ n: number }>("select count(*)::int as n from public.schedule_events"))[0].n).toBe(before);
  });

  it("cancelling an upcoming session tells the enrolled students", async () => {
    const start = Date.now() + 72 * HOUR;
    const [{ id }] = await sql<{ id: string }>("insert into public.schedule_events (course_id, title, start_time, end_time, is_online) values ($1, 'À annuler', $2, $3, true) returning id", [
      w.courseA,
      iso(start),
      iso(start + HOUR),
    ]);
    const { error } = await teacherA.from("schedule_events").delete().eq("id", id);
    expect(error).toBeNull();
    const notices = await studentA.from("student_notifications").select("title, data").eq("data->>event_id", id);
    expect(notices.data).toHaveLength(1);
    expect((notices.data![0].data as { kind: string }).kind).toBe("session_cancelled");
  });
});

describe("joining a session records attendance", () => {
  it("an enrolled student joins from 15 minutes before; attendance shows the join time; the teacher corrects it", async () => {
    const soon = Date.now() + 10 * 60_000;
    const [{ id }] = await sql<{ id: string }>("insert into public.schedule_events (course_id, title, start_time, end_time, is_online) values ($1, 'Séance en direct', $2, $3, true) returning id", [
      w.courseA,
      iso(soon),
      iso(soon + HOUR),
    ]);
    const joined = await studentA.rpc("join_session", { event: id });
    expect(joined.error).toBeNull();
    expect(joined.data).toMatchObject({ status: "present" });
    const first = (joined.data as { joined_at: string }).joined_at;
    // a second join keeps the first time
    expect(((await studentA.rpc("join_session", { event: id })).data as { joined_at: string }).joined_at).toBe(first);
    const mine = await studentA.from("attendance").select("status, joined_at").eq("schedule_event_id", id).single();
    expect(mine.data).toMatchObject({ status: "present" });
    expect(mine.data!.joined_at).not.toBeNull();
    // a stranger to the course cannot join
    expect((await studentB.rpc("join_session", { event: id })).error?.code).toBe("42501");
    // the teacher corrects it; the student cannot
    const corrected = await teacherA.from("attendance").update({ status: "late" }).eq("schedule_event_id", id).eq("student_id", IDS.studentA).select("status");
    expect(corrected.data).toEqual([{ status: "late" }]);
    const forged = await studentA.from("attendance").update({ status: "present" }).eq("schedule_event_id", id).select("status");
    expect(forged.data).toEqual([]);
  });

  it("too early is refused", async () => {
    const later = Date.now() + 2 * HOUR;
    const [{ id }] = await sql<{ id: string }>("insert into public.schedule_events (course_id, title, start_time, end_time, is_online) values ($1, 'Plus tard', $2, $3, true) returning id", [
      w.courseA,
      iso(later),
      iso(later + HOUR),
    ]);
    expect((await studentA.rpc("join_session", { event: id })).error?.code).toBe("22023");
  });
});

describe("teaching units and cohort enrolment", () => {
  let semester: string;
  let unit: string;
  let course: string;

  it("admins create a UE and attach courses of its semester; nobody else does", async () => {
    semester = (await sql<{ id: string }>("select id from public.semesters where is_current"))[0].id;
    const created = await admin
      .from("teaching_units")
      .insert({
        code: "UE-INF-299",
        title_fr: "Projet tutoré",
        title_en: "Supervised project",
        credits: 4,
        semester_id: semester,
        school_id: w.school,
        programme_id: w.programme,
        level_code: "L2",
      })
      .select("id")
      .single();
    expect(created.error).toBeNull();
    unit = created.data!.id;
    const refused = await teacherA.from("teaching_units").insert({ code: "UE-X", title_fr: "x", title_en: "x", credits: 2, semester_id: semester, school_id: w.school });
    expect(refused.error).not.toBeNull();
    expect((await studentA.from("teaching_units").select("code").eq("id", unit)).data).toEqual([{ code: "UE-INF-299" }]);
    // too many credits for a UE
    const heavy = await admin.from("teaching_units").insert({ code: "UE-HEAVY", title_fr: "x", title_en: "x", credits: 12, semester_id: semester, school_id: w.school });
    expect(heavy.error).not.toBeNull();

    const c = await admin
      .from("courses")
      .insert({
        code: "INF-L2-199",
        title: "Projet tutoré",
        school_id: w.school,
        programme_id: w.programme,
        level_code: "L2",
        semester_id: semester,
        teacher_id: IDS.teacherA,
        teaching_unit_id: unit,
        meeting_platform: "zoom",
      })
      .select("id")
      .single();
    expect(c.error).toBeNull();
    course = c.data!.id;
    // a course of another semester cannot join that UE
    const other = (await sql<{ id: string }>("select id from public.semesters where not is_current limit 1"))[0].id;
    const moved = await admin.from("courses").update({ semester_id: other }).eq("id", course);
    expect(moved.error?.code).toBe("22023");
    // the teacher cannot move its course to another UE
    const teacherMove = await teacherA.from("courses").update({ teaching_unit_id: null }).eq("id", course);
    expect(teacherMove.error).not.toBeNull();
  });

  it("an admin enrols the whole cohort in one action; a teacher cannot", async () => {
    expect((await teacherA.rpc("enrol_cohort", { semester, programme: w.programme, level: "L2" })).error?.code).toBe("42501");
    expect((await studentA.from("courses").select("id").eq("id", course)).data).toEqual([]);
    const result = await admin.rpc("enrol_cohort", { semester, programme: w.programme, level: "L2" });
    expect(result.error).toBeNull();
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.student_registrations r join public.semesters s on s.academic_year_id = r.academic_year_id
       where s.id = $1 and r.programme_id = $2 and r.level_code = 'L2' and r.status = 'active'`,
      [semester, w.programme],
    );
    expect(n).toBeGreaterThan(5);
    expect(result.data).toMatchObject({ students: n });
    expect((result.data as { created: number }).created).toBeGreaterThanOrEqual(n);
    expect((await studentA.from("courses").select("id").eq("id", course)).data).toHaveLength(1);
    // again: nothing new
    expect(((await admin.rpc("enrol_cohort", { semester, programme: w.programme, level: "L2" })).data as { created: number }).created).toBe(0);
    const [audit] = await sql<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'course.cohort_enrolled'");
    expect(audit.n).toBe(2);
  });

  it("dropping keeps the row and its history; the student no longer sees the course", async () => {
    const [{ id }] = await sql<{ id: string }>("select id from public.course_enrollments where course_id = $1 and user_id = $2", [course, IDS.studentA]);
    expect((await teacherA.rpc("withdraw_student", { enrolment: id, reason: "Inscrit par erreur" })).error?.code).toBe("42501");
    expect((await admin.rpc("withdraw_student", { enrolment: id, reason: "Inscrit par erreur" })).error).toBeNull();
    const [row] = await sql<{ status: string; dropped_at: string | null }>("select status, dropped_at from public.course_enrollments where id = $1", [id]);
    expect(row.status).toBe("dropped");
    expect(row.dropped_at).not.toBeNull();
    expect((await studentA.from("courses").select("id").eq("id", course)).data).toEqual([]);
    const [audit] = await sql<{ details: { from: string; to: string; reason: string } }>("select details from public.audit_log where action = 'enrolment.changed' and target_id = $1", [id]);
    expect(audit.details).toMatchObject({ from: "active", to: "dropped", reason: "Inscrit par erreur" });
    // the reasonless path is gone
    expect((await admin.rpc("set_enrolment_status", { enrolment: id, new_status: "active" })).error?.code).toBe("PGRST202");
    // a cohort enrolment later does not silently re-activate a drop
    await admin.rpc("enrol_cohort", { semester, programme: w.programme, level: "L2" });
    expect((await sql<{ status: string }>("select status from public.course_enrollments where id = $1", [id]))[0].status).toBe("dropped");
  });
});

describe("calendar feeds", () => {
  it("a user's private token answers that user's sessions only, until revoked", async () => {
    const service = stack().client({ secret: true });
    const token = (await studentA.rpc("create_calendar_feed")).data as string;
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    const feed = await service.rpc("calendar_feed_events", { token });
    expect(feed.error).toBeNull();
    const events = feed.data as { user_id: string; events: { course_code: string }[] };
    expect(events.user_id).toBe(IDS.studentA);
    expect(events.events.length).toBeGreaterThan(0);
    expect(events.events.every((e) => e.course_code !== "CPT-L1-101")).toBe(true);
    // only the server reads feeds
    expect((await studentA.rpc("calendar_feed_events", { token })).error).not.toBeNull();
    expect((await stack().client().rpc("calendar_feed_events", { token })).error).not.toBeNull();
    // a new token replaces the old; revoking ends it
    const second = (await studentA.rpc("create_calendar_feed")).data as string;
    expect((await service.rpc("calendar_feed_events", { token })).data).toBeNull();
    expect((await service.rpc("calendar_feed_events", { token: second })).data).not.toBeNull();
    await studentA.rpc("revoke_calendar_feed");
    expect((await service.rpc("calendar_feed_events", { token: second })).data).toBeNull();
  });
});
