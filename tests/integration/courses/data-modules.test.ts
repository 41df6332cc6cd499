// The courses, timetable and classes pages' data modules against a seeded stack, signed in
// as the demo student and teacher: each query the pages run parses, and shows what the
// role may see (RLS), nothing more.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";
import * as courses from "../../../src/dashboard/courses/data.ts";
import * as courseLists from "../../../src/dashboard/shared/course-lists-data.ts";
import * as registrar from "../../../src/dashboard/courses/registrar.ts";
import * as schedule from "../../../src/dashboard/shared/sessions-data.ts";
import * as classes from "../../../src/dashboard/shared/classes-data.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
}, 120_000);
const DAY = 86_400_000;

describe("courses", () => {
  it("a student lists its active courses with teacher and UE; never a dropped or another cohort's", async () => {
    const list = await courses.listStudentCourses(w.clients.studentA, IDS.studentA);
    const codes = list.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["INF-L2-101", "ANG-L2-106"]));
    expect(codes).not.toContain("CPT-L1-101");
    expect(list.find((c) => c.code === "INF-L2-101")?.teacher?.id).toBe(IDS.teacherA);
    expect(await courses.getCourse(w.clients.studentA, w.courseB)).toBeNull();
  });

  it("a teacher lists what it teaches with its figures", async () => {
    const list = await courseLists.listTeacherCourses(w.clients.teacherA, IDS.teacherA);
    const a = list.find((c) => c.id === w.courseA)!;
    const [{ n }] = await stack().sql<{ n: number }>("select count(*)::int as n from public.course_enrollments where course_id = $1 and status = 'active'", [w.courseA]);
    expect(a.students).toBe(n);
    expect(a.sessions).toBeGreaterThan(0);
    expect(list.every((c) => c.code !== "INF-L2-103")).toBe(true);
  });

  it("materials by week and a review the student writes then edits", async () => {
    await stack().sql(
      "insert into public.course_materials (course_id, week, title, kind, url) values ($1, 2, 'Chapitre 2', 'link', 'https://example.org/c2'), ($1, 1, 'Chapitre 1', 'link', 'https://example.org/c1')",
      [w.courseA],
    );
    const weeks = (await courses.listMaterials(w.clients.studentA, w.courseA)).filter((m) => m.title.startsWith("Chapitre")).map((m) => m.week);
    expect(weeks).toEqual([1, 2]);
    expect(await courses.listMaterials(w.clients.studentB, w.courseA)).toEqual([]);
    const existing = (await courses.listReviews(w.clients.studentA, w.courseA)).find((r) => r.author_id === IDS.studentA);
    await courses.saveReview(w.clients.studentA, w.courseA, IDS.studentA, existing?.id ?? null, 4, "Clair et utile.");
    const mine = (await courses.listReviews(w.clients.studentA, w.courseA)).find((r) => r.author_id === IDS.studentA)!;
    await courses.saveReview(w.clients.studentA, w.courseA, IDS.studentA, mine.id, 5, "Encore mieux.");
    expect((await courses.listReviews(w.clients.teacherA, w.courseA)).find((r) => r.id === mine.id)).toMatchObject({ rating: 5, comment: "Encore mieux." });
  });
});

describe("timetable and classes", () => {
  it("lists a student's sessions of the week, and a teacher's own only", async () => {
    const from = new Date(Date.now() - 2 * DAY).toISOString();
    const to = new Date(Date.now() + 7 * DAY).toISOString();
    const mine = await schedule.listSessions(w.clients.studentA, { from, to });
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((s) => s.course.code !== "CPT-L1-101")).toBe(true);
    const taught = await schedule.listSessions(w.clients.teacherA, { from, to, teacherId: IDS.teacherA });
    expect(taught.length).toBeGreaterThan(0);
    expect(taught.every((s) => s.course.teacher_id === IDS.teacherA)).toBe(true);
  });

  it("plans a series through the module and reports a refused double-booking with its conflicts", async () => {
    const start = Date.UTC(2032, 2, 1, 17, 0);
    const rows = [0, 1].map((i) => ({
      title: "Révisions",
      start_time: new Date(start + i * 7 * DAY).toISOString(),
      end_time: new Date(start + i * 7 * DAY + 3_600_000).toISOString(),
      is_online: true,
    }));
    expect(await schedule.checkConflicts(w.clients.teacherA, w.courseA, rows)).toEqual([]);
    expect(await schedule.createSessions(w.clients.teacherA, w.courseA, rows, true)).toHaveLength(2);
    const again = schedule.createSessions(w.clients.teacherA, w.courseA, rows, true);
    await expect(again).rejects.toBeInstanceOf(schedule.ConflictError);
    await expect(again).rejects.toMatchObject({ conflicts: expect.arrayContaining([expect.objectContaining({ kind: "teacher", slot: 0 })]) });
  });

  it("the register shows the course's students and what joining recorded; the teacher corrects it", async () => {
    const soon = Date.now() + 5 * 60_000;
    const [{ id }] = await stack().sql<{ id: string }>("insert into public.schedule_events (course_id, title, start_time, end_time, is_online) values ($1, 'Direct', $2, $3, true) returning id", [
      w.courseA,
      new Date(soon).toISOString(),
      new Date(soon + 3_600_000).toISOString(),
    ]);
    expect((await classes.joinSession(w.clients.studentA, id)).status).toBe("present");
    const register = await classes.sessionRegister(w.clients.teacherA, w.courseA, id);
    expect(register.find((l) => l.studentId === IDS.studentA)).toMatchObject({ status: "present" });
    expect(register.find((l) => l.studentId === IDS.studentA)?.joinedAt).not.toBeNull();
    // only the teacher takes the register
    await expect(classes.markUnrecordedPresent(w.clients.studentA, id, [IDS.classmate])).rejects.toThrow();
    await classes.setAttendance(w.clients.teacherA, id, IDS.classmate, "absent");
    expect((await classes.sessionRegister(w.clients.teacherA, w.courseA, id)).find((l) => l.studentId === IDS.classmate)?.status).toBe("absent");
    // "Tous présents": the unrecorded become present; an absence already set stays
    await stack().sql("update public.attendance set status = 'late' where schedule_event_id = $1 and student_id = $2", [id, IDS.studentA]);
    const everyone = (await classes.sessionRegister(w.clients.teacherA, w.courseA, id)).map((l) => l.studentId);
    await classes.markUnrecordedPresent(w.clients.teacherA, id, everyone);
    const after = await classes.sessionRegister(w.clients.teacherA, w.courseA, id);
    expect(after.find((l) => l.studentId === IDS.classmate)?.status).toBe("absent");
    expect(after.find((l) => l.studentId === IDS.studentA)?.status).toBe("late");
    expect(after.filter((l) => l.studentId !== IDS.classmate && l.studentId !== IDS.studentA).every((l) => l.status === "present")).toBe(true);
    await stack().sql("update public.attendance set status = 'present' where schedule_event_id = $1 and student_id = $2", [id, IDS.studentA]);
    expect(await classes.myAttendance(w.clients.studentA, IDS.studentA, [id])).toEqual([expect.objectContaining({ status: "present" })]);
    const [{ counted, attended }] = await stack().sql<{ counted: number; attended: number }>(
      `select count(*) filter (where a.status <> 'excused')::int as counted, count(*) filter (where a.status in ('present', 'late'))::int as attended
       from public.attendance a join public.schedule_events e on e.id = a.schedule_event_id where a.student_id = $1 and e.course_id = $2`,
      [IDS.studentA, w.courseA],
    );
    expect(await classes.myCourseAttendance(w.clients.studentA, IDS.studentA, w.courseA)).toEqual({ counted, attended });
    expect(counted).toBeGreaterThan(0);
    // host links: the teacher's, never the student's
    await stack().sql("insert into public.meeting_host_links (course_id, start_url) values ($1, 'https://zoom.us/s/1?zak=x')", [w.courseA]);
    expect(classes.hostLinkFor(await classes.hostLinks(w.clients.teacherA, [w.courseA]), w.courseA, id)).toBe("https://zoom.us/s/1?zak=x");
    expect(await classes.hostLinks(w.clients.studentA, [w.courseA])).toEqual([]);
    expect((await classes.currentSemester(w.clients.studentA))?.is_current).toBe(true);
  });

  it("the admin's views: the global timetable filtered by school, a course in depth, its enrolments", async () => {
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() + 7 * DAY).toISOString();
    const [{ id: pro }] = await stack().sql<{ id: string }>("select id from public.schools where slug = 'professional-school'");
    const sessions = await schedule.listSessions(w.clients.admin, { from, to, schoolId: pro });
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.course.code.startsWith("PRO-"))).toBe(true);
    expect((await schedule.listSessions(w.clients.admin, { from, to, mode: "in_person" })).every((s) => !s.is_online)).toBe(true);
    const detail = await courses.getCourseDetail(w.clients.admin, w.courseA);
    expect(detail).toMatchObject({ code: "INF-L2-101", teacher: { id: IDS.teacherA }, unit: { code: "UE-INF-201" } });
    const enrolments = await courses.listEnrolments(w.clients.admin, w.courseA);
    expect(enrolments.find((e) => e.student.id === IDS.studentA)?.status).toBe("active");
    const page = await courses.fetchAdminCourses(w.clients.admin, { school: "professional-school" }, 1, 20, null);
    expect(page.rows.map((r) => r.code).sort()).toEqual(["PRO-CQP-WEB", "PRO-DQP-RES"]);
    expect(page.total).toBe(2);
    await expect(registrar.withdrawStudent(w.clients.teacherA, enrolments[0].id, "Inscrit par erreur")).rejects.toMatchObject({ code: "42501" });
  });
});
