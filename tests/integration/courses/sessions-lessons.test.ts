// Editing and shifting sessions, video lessons and their progress
// (20260603000000_sessions_lessons.sql), signed in as each role against a freshly seeded
// stack (cast: tests/fixtures/rls-world.ts): only a course's teacher or an admin edits or
// shifts its sessions, a double-booking is refused and nothing moves, the students are told;
// a student reads only its own courses' lessons and its own progress, and writes progress
// only through set_lesson_progress in a course it follows.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let studentA: SupabaseClient, studentB: SupabaseClient, teacherA: SupabaseClient, teacherB: SupabaseClient, admin: SupabaseClient;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const insertEvent = async (course: string, title: string, start: number, hours = 2) =>
  (
    await sql<{ id: string }>("insert into public.schedule_events (course_id, title, start_time, end_time, is_online) values ($1, $2, $3, $4, true) returning id", [
      course,
      title,
      iso(start),
      iso(start + hours * HOUR),
    ])
  )[0].id;

beforeAll(async () => {
  w = await buildWorld(stack());
  ({ studentA, studentB, teacherA, teacherB, admin } = w.clients);
}, 120_000);

describe("editing a session", () => {
  it("the course's teacher reschedules it, students are told; a clash, a stranger or a student is refused", async () => {
    const base = Date.UTC(2032, 2, 1, 7, 0); // far ahead, free
    const id = await insertEvent(w.courseA, "Cours magistral", base);
    const moved = await teacherA.rpc("reschedule_session", {
      event: id,
      title: "Cours magistral (déplacé)",
      start_time: iso(base + DAY),
      end_time: iso(base + DAY + 2 * HOUR),
      is_online: false,
      room: " Amphi B ",
    });
    expect(moved.error).toBeNull();
    const [row] = await sql<{ title: string; room: string; is_online: boolean; start_time: Date }>("select title, room, is_online, start_time from public.schedule_events where id = $1", [id]);
    expect(row).toMatchObject({ title: "Cours magistral (déplacé)", room: "Amphi B", is_online: false });
    expect(new Date(row.start_time).getTime()).toBe(base + DAY);
    const notices = await studentA.from("student_notifications").select("data").eq("data->>event_id", id);
    expect(notices.data!.some((n) => (n.data as { kind: string }).kind === "session_changed")).toBe(true);

    // onto another session of the same teacher (INF-L2-102): refused, the row unchanged
    const other = (await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-102'"))[0].id;
    await insertEvent(other, "TP réseaux", base + 2 * DAY);
    const clash = await teacherA.rpc("reschedule_session", { event: id, title: "X", start_time: iso(base + 2 * DAY + HOUR), end_time: iso(base + 2 * DAY + 3 * HOUR), is_online: true });
    expect(clash.error?.code).toBe("PT409");
    expect(JSON.parse(clash.error!.details)).toContainEqual(expect.objectContaining({ kind: "teacher", course_code: "INF-L2-102" }));
    // teacherB (not its teacher) and the student cannot
    for (const client of [teacherB, studentA]) {
      const { error } = await client.rpc("reschedule_session", { event: id, title: "Intrus", start_time: iso(base + 5 * DAY), end_time: iso(base + 5 * DAY + HOUR), is_online: true });
      expect(error?.code).toBe("42501");
    }
    expect((await sql<{ title: string }>("select title from public.schedule_events where id = $1", [id]))[0].title).toBe("Cours magistral (déplacé)");
    // a session ending before it starts
    expect((await teacherA.rpc("reschedule_session", { event: id, title: "X", start_time: iso(base + 5 * DAY), end_time: iso(base + 5 * DAY - HOUR), is_online: true })).error?.code).toBe("22023");
  });
});

describe("shifting a range of sessions", () => {
  it("an admin moves a course's sessions of a range at once; a clash moves none; a student cannot", async () => {
    const base = Date.UTC(2033, 0, 3, 7, 0); // a Monday, far ahead
    const week = 7 * DAY;
    const ids: string[] = [];
    for (const i of [0, 1, 2, 3]) ids.push(await insertEvent(w.courseA, `Séance ${i + 1}`, base + i * week));
    const startsOf = async () =>
      (await sql<{ start_time: Date }>("select start_time from public.schedule_events where id = any ($1::uuid[]) order by start_time", [ids])).map((r) => new Date(r.start_time).getTime());

    // sessions 2 and 3 (range [week, 3 weeks)) move by one day and 30 minutes
    const shifted = await admin.rpc("shift_sessions", { course: w.courseA, range_from: iso(base + week), range_to: iso(base + 3 * week), by_minutes: 24 * 60 + 30 });
    expect(shifted.error).toBeNull();
    expect(shifted.data).toBe(2);
    const delta = DAY + 30 * 60_000;
    expect(await startsOf()).toEqual([base, base + week + delta, base + 2 * week + delta, base + 3 * week]);
    const audit = await sql("select 1 from public.audit_log where action = 'schedule.sessions_shifted' and target_id = $1", [w.courseA]);
    expect(audit).toHaveLength(1);

    // moving all of them onto a session of the teacher's other course: refused, nothing moved
    const other = (await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-102'"))[0].id;
    await insertEvent(other, "Occupé", base + 3 * week + DAY);
    const before = await startsOf();
    const clash = await teacherA.rpc("shift_sessions", { course: w.courseA, range_from: iso(base - DAY), range_to: iso(base + 4 * week), by_minutes: 24 * 60 });
    expect(clash.error?.code).toBe("PT409");
    expect(await startsOf()).toEqual(before);

    // the course's other teacher, a student: refused; an empty range or no shift: refused
    for (const client of [teacherB, studentA]) {
      expect((await client.rpc("shift_sessions", { course: w.courseA, range_from: iso(base), range_to: iso(base + week), by_minutes: 60 })).error?.code).toBe("42501");
    }
    expect((await teacherA.rpc("shift_sessions", { course: w.courseA, range_from: iso(base + 10 * week), range_to: iso(base + 11 * week), by_minutes: 60 })).error?.code).toBe("22023");
    expect((await teacherA.rpc("shift_sessions", { course: w.courseA, range_from: iso(base), range_to: iso(base + week), by_minutes: 0 })).error?.code).toBe("22023");
    // the teacher itself may shift its course
    expect((await teacherA.rpc("shift_sessions", { course: w.courseA, range_from: iso(base), range_to: iso(base + HOUR), by_minutes: -60 })).data).toBe(1);
  });
});

describe("video lessons and progress", () => {
  it("the teacher adds lessons; students read only their courses'; progress is the student's own", async () => {
    const added = await teacherA
      .from("video_lessons")
      .insert([
        { course_id: w.courseA, position: 91, title: "Capsule 1 — les pointeurs", url: "https://videos.univ-demo.cm/a1", duration_minutes: 12 },
        { course_id: w.courseA, position: 92, title: "Capsule 2 — la récursivité", url: "https://videos.univ-demo.cm/a2", duration_minutes: 15 },
      ])
      .select("id");
    expect(added.error).toBeNull();
    const [l1, l2] = added.data!.map((r) => r.id as string);
    const inB = await admin
      .from("video_lessons")
      .insert({ course_id: w.courseB, position: 91, title: "Comptabilité — vidéo", url: "https://videos.univ-demo.cm/b1", duration_minutes: 20 })
      .select("id")
      .single();
    expect(inB.error).toBeNull();
    // a student or another teacher cannot add one; an http link is refused
    expect((await studentA.from("video_lessons").insert({ course_id: w.courseA, position: 93, title: "X", url: "https://x.org", duration_minutes: 5 })).error).not.toBeNull();
    expect((await teacherB.from("video_lessons").insert({ course_id: w.courseA, position: 93, title: "X", url: "https://x.org", duration_minutes: 5 })).error).not.toBeNull();
    expect((await teacherA.from("video_lessons").insert({ course_id: w.courseA, position: 93, title: "X", url: "http://x.org", duration_minutes: 5 })).error).not.toBeNull();

    // reading: A sees its course's lessons, not B's; B sees none of A's
    const seenByA = (await studentA.from("video_lessons").select("id")).data!.map((r) => r.id);
    expect(seenByA).toEqual(expect.arrayContaining([l1, l2]));
    expect(seenByA).not.toContain(inB.data!.id);
    expect((await studentB.from("video_lessons").select("id").eq("course_id", w.courseA)).data).toEqual([]);

    // progress: opened, then completed; the first opening time stays
    const opened = await studentA.rpc("set_lesson_progress", { lesson: l1 });
    expect(opened.error).toBeNull();
    expect((opened.data as { completed_at: string | null }).completed_at).toBeNull();
    const done = await studentA.rpc("set_lesson_progress", { lesson: l1, completed: true });
    expect((done.data as { completed_at: string | null }).completed_at).not.toBeNull();
    expect((done.data as { first_opened_at: string }).first_opened_at).toBe((opened.data as { first_opened_at: string }).first_opened_at);
    // a student of another course cannot record progress in it, nor write rows directly
    expect((await studentB.rpc("set_lesson_progress", { lesson: l1, completed: true })).error?.code).toBe("42501");
    expect((await studentA.rpc("set_lesson_progress", { lesson: inB.data!.id })).error?.code).toBe("42501");
    expect((await studentA.from("video_lesson_progress").insert({ lesson_id: l2, user_id: IDS.studentA, course_id: w.courseA, completed_at: new Date().toISOString() })).error).not.toBeNull();
    expect((await studentA.from("video_lesson_progress").update({ completed_at: null }).eq("lesson_id", l1).select("lesson_id")).data ?? []).toEqual([]);

    // reading progress: the student its own, the course's teacher and admins; not B, not teacherB
    await studentB.rpc("set_lesson_progress", { lesson: inB.data!.id, completed: true });
    const mine = (await studentA.from("video_lesson_progress").select("lesson_id, user_id")).data!;
    expect(mine.every((r) => r.user_id === IDS.studentA)).toBe(true);
    expect(mine.map((r) => r.lesson_id)).toContain(l1);
    expect(mine.map((r) => r.lesson_id)).not.toContain(inB.data!.id);
    expect((await studentB.from("video_lesson_progress").select("lesson_id").eq("course_id", w.courseA)).data).toEqual([]);
    expect((await teacherA.from("video_lesson_progress").select("user_id").eq("lesson_id", l1)).data).toEqual([{ user_id: IDS.studentA }]);
    expect((await teacherB.from("video_lesson_progress").select("user_id").eq("lesson_id", l1)).data).toEqual([]);
    expect((await admin.from("video_lesson_progress").select("user_id").eq("lesson_id", inB.data!.id)).data).toEqual([{ user_id: IDS.studentB }]);
    // un-marking keeps the row
    expect(((await studentA.rpc("set_lesson_progress", { lesson: l1, completed: false })).data as { completed_at: string | null }).completed_at).toBeNull();
  });
});

describe("course proposals", () => {
  it("a teacher proposes; only an admin approves (the course is created, published, taught by the proposer) or refuses with a reason", async () => {
    const code = `PRO-${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const proposed = await teacherA.from("course_proposals").insert({ code, title: "Cryptographie appliquée", school_id: w.school, credits: 4 }).select("id, status, proposed_by").single();
    expect(proposed.error).toBeNull();
    expect(proposed.data).toMatchObject({ status: "pending", proposed_by: IDS.teacherA });
    const id = proposed.data!.id as string;
    // a student cannot propose; a teacher cannot propose as approved, nor approve its own
    expect((await studentA.from("course_proposals").insert({ code: `${code}S`, title: "X", school_id: w.school })).error).not.toBeNull();
    expect((await teacherA.from("course_proposals").insert({ code: `${code}A`, title: "X", school_id: w.school, status: "approved" })).error).not.toBeNull();
    expect((await teacherA.rpc("decide_course_proposal", { proposal: id, approve: true })).error?.code).toBe("42501");
    expect((await teacherA.from("course_proposals").update({ status: "approved" }).eq("id", id).select("id")).error).not.toBeNull();
    expect((await studentA.rpc("decide_course_proposal", { proposal: id, approve: true })).error?.code).toBe("42501");
    // others do not read it
    for (const client of [teacherB, studentA]) expect((await client.from("course_proposals").select("id").eq("id", id)).data).toEqual([]);
    expect(await sql("select 1 from public.courses where code = $1", [code])).toHaveLength(0);

    // refusing needs a reason
    expect((await admin.rpc("decide_course_proposal", { proposal: id, approve: false })).error?.code).toBe("22023");
    const approved = await admin.rpc("decide_course_proposal", { proposal: id, approve: true });
    expect(approved.error).toBeNull();
    const [course] = await sql<{ id: string; teacher_id: string; is_published: boolean }>("select id, teacher_id, is_published from public.courses where code = $1", [code]);
    expect(course).toMatchObject({ id: approved.data, teacher_id: IDS.teacherA, is_published: true });
    const mine = await teacherA.from("course_proposals").select("status, course_id").eq("id", id).single();
    expect(mine.data).toEqual({ status: "approved", course_id: course.id });
    // decided once; the proposer cannot withdraw it any more
    expect((await admin.rpc("decide_course_proposal", { proposal: id, approve: false, note: "Non" })).error?.code).toBe("22023");
    await teacherA.from("course_proposals").delete().eq("id", id);
    expect(await sql("select 1 from public.course_proposals where id = $1", [id])).toHaveLength(1);
  });
});

describe("internships", () => {
  it("admins record a trainee's internship; a mark needs a completed one with its report; students and teachers cannot", async () => {
    const [reg] = await sql<{ id: string; student_id: string }>(
      "select id, student_id from public.student_registrations where professional_formation_id is not null order by student_number desc limit 1",
    );
    const row = { registration_id: reg.id, student_id: reg.student_id, host_organisation: "Brasseries du Cameroun", supervisor_name: "M. Fotso", starts_on: "2031-02-01", ends_on: "2031-05-01" };
    const created = await admin.from("internships").insert(row).select("id").single();
    expect(created.error).toBeNull();
    const id = created.data!.id as string;
    // a mark before the report, or on an ongoing internship, is refused
    expect((await admin.from("internships").update({ status: "ongoing", mark: 14 }).eq("id", id)).error).not.toBeNull();
    expect((await admin.from("internships").update({ status: "completed", mark: 14 }).eq("id", id)).error).not.toBeNull();
    expect((await admin.from("internships").update({ status: "completed", report_received_on: "2031-05-10", mark: 14.5 }).eq("id", id)).error).toBeNull();
    expect((await admin.from("internships").update({ mark: 21 }).eq("id", id)).error).not.toBeNull();
    // dates in order; the registration must be the trainee's, in a formation (not studentA's programme)
    expect((await admin.from("internships").insert({ ...row, starts_on: "2031-06-01", ends_on: "2031-05-01" })).error).not.toBeNull();
    const [progReg] = await sql<{ id: string }>("select id from public.student_registrations where student_id = $1 limit 1", [IDS.studentA]);
    expect((await admin.from("internships").insert({ ...row, registration_id: progReg.id, student_id: IDS.studentA, starts_on: "2031-07-01", ends_on: "2031-09-01" })).error?.code).toBe("22023");
    // nobody else writes or reads it
    for (const client of [studentA, teacherA]) {
      expect((await client.from("internships").insert({ ...row, starts_on: "2032-01-01", ends_on: "2032-04-01" })).error).not.toBeNull();
      expect((await client.from("internships").select("id").eq("id", id)).data).toEqual([]);
      expect((await client.from("internships").update({ mark: 20 }).eq("id", id).select("id")).data ?? []).toEqual([]);
    }
    expect(Number((await sql<{ mark: string }>("select mark from public.internships where id = $1", [id]))[0].mark)).toBe(14.5);
  });
});
