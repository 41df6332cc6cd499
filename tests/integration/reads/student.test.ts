// Every read the student's pages run, signed in as the demo student against the seeded
// stack (one stack for the file): each query must be accepted by the Data API (an embed
// made ambiguous by a migration answers 300 PGRST201 here as on hosted) and parse. Other
// data-module tests cover more of some modules; tests/unit/data-module-coverage.test.ts
// fails when an exported read is called by none.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import * as home from "../../../src/dashboard/home/data.ts";
import * as documents from "../../../src/dashboard/documents/data.ts";
import * as certificates from "../../../src/dashboard/shared/certificates-data.ts";
import * as finance from "../../../src/dashboard/finance/data.ts";
import * as notifications from "../../../src/dashboard/notifications/data.ts";
import * as unread from "../../../src/dashboard/shared/unread-notifications-data.ts";
import * as profile from "../../../src/dashboard/profile/data.ts";
import * as quizzes from "../../../src/dashboard/quizzes/data.ts";
import * as assignments from "../../../src/dashboard/assignments/data.ts";
import * as messages from "../../../src/dashboard/messages/data.ts";
import * as partners from "../../../src/dashboard/partners/data.ts";
import * as classes from "../../../src/dashboard/shared/classes-data.ts";
import * as schedule from "../../../src/dashboard/shared/sessions-data.ts";
import * as shell from "../../../src/dashboard/shell/data.ts";
import * as courses from "../../../src/dashboard/courses/data.ts";
import * as community from "../../../src/dashboard/community/data.ts";

const STUDENT = "00000000-0000-4000-a000-000000000001";
const stack = useLocalStack();
let student: SupabaseClient;
let courseId: string;
beforeAll(async () => {
  student = await signInAs(stack(), "etudiant@demo.univ.cm", "Etudiant-Demo-2026");
  [{ id: courseId }] = await stack().sql<{ id: string }>("select id from public.courses where code = 'INF-L2-101'");
});
const DAY = 86_400_000;

describe("the student's home", () => {
  it("shows the latest published marks (evaluations → courses has three paths: the hint names the evaluation's own)", async () => {
    const marks = await home.fetchLatestMarks(student, STUDENT);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks[0].evaluation.course.title).not.toBe("");
    const dates = marks.map((m) => m.graded_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("lists deadlines without the work handed in: an assignment handed in and a quiz taken leave the list", async () => {
    const now = new Date();
    const [a] = await stack().sql<{ id: string; title: string }>(
      `insert into public.assignments (course_id, title, due_at, created_by) values ($1, 'Devoir à rendre (test)', now() + interval '1 hour', '00000000-0000-4000-a000-000000000002') returning id, title`,
      [courseId],
    );
    const [q] = await stack().sql<{ id: string }>(
      `insert into public.quizzes (course_id, title, opens_at, closes_at, max_attempts, is_published)
       values ($1, 'Quiz à faire (test)', now() - interval '1 hour', now() + interval '2 hours', 2, true) returning id`,
      [courseId],
    );
    await stack().sql('insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values ($1, 1, \'1 + 1 ?\', \'single\', \'[{"id":"a","label":"2"}]\', 1)', [q.id]);
    const before = await home.fetchNextDeadlines(student, now, STUDENT, 50);
    expect(before.map((d) => d.id)).toEqual(expect.arrayContaining([a.id, q.id]));
    expect(before.find((d) => d.id === q.id)).toMatchObject({ kind: "quiz", course: { title: "Algorithmique et structures de données" } });

    await assignments.handIn(student, a.id, "Ma copie", [], crypto.randomUUID());
    const attempt = await quizzes.startAttempt(student, q.id);
    // the quiz page resumes a running attempt by reading it (never by starting one): the
    // same attempt and deadline as the database's
    const listed = (await quizzes.fetchMyQuizzes(student)).find((x) => x.quiz_id === q.id)!;
    expect(listed).toMatchObject({ attempts_used: 1, open_attempt: attempt.attempt_id });
    const running = await quizzes.fetchRunningAttempt(student, listed);
    expect(running).toMatchObject({ attempt_id: attempt.attempt_id, deadline: attempt.deadline });
    const due = await home.fetchNextDeadlines(student, now, STUDENT, 50);
    expect(due.map((d) => d.id)).not.toContain(a.id);
    expect(due.map((d) => d.id)).toContain(q.id); // an attempt running: still due
    await quizzes.submitAttempt(student, attempt.attempt_id);
    const after = await home.fetchNextDeadlines(student, now, STUDENT, 50);
    expect(after.map((d) => d.id)).not.toContain(q.id);
  });

  it("counts unread messages, the balance due and today's classes", async () => {
    expect(await home.countUnreadMessages(student)).toBeGreaterThanOrEqual(0);
    expect(await home.fetchBalanceDue(student, STUDENT)).toBeGreaterThanOrEqual(0);
    const today = await home.fetchTodaysClasses(student, new Date());
    expect(today.every((s) => s.course.code !== "")).toBe(true);
    expect(await unread.countUnread(student, STUDENT)).toBeGreaterThan(0);
    expect(await shell.fetchOwnRoles(student, STUDENT)).toEqual(["student"]);
  });
});

describe("the student's pages", () => {
  it("documents: course materials, official documents and registrations", async () => {
    const materials = await documents.listMyMaterials(student);
    expect(materials.length).toBeGreaterThan(0);
    await documents.listOfficialDocuments(student, STUDENT);
    const registrations = await certificates.fetchMyRegistrations(student, STUDENT);
    expect(registrations.length).toBeGreaterThan(0);
  });

  it("payments: dues, balance and payments", async () => {
    const mine = await finance.fetchStudentFinance(student, STUDENT);
    expect(mine.dues.length).toBeGreaterThan(0);
    const [payment] = await stack().sql<{ id: string }>("select id from public.payments where student_id = $1 limit 1", [STUDENT]);
    expect((await finance.readPayment(student, payment.id))?.status).toEqual(expect.any(String));
  });

  it("profile: own profile, contacts, student record, preferences", async () => {
    expect((await profile.fetchOwnProfile(student, STUDENT))?.full_name).toBe("Awa Ngono");
    await profile.fetchOwnContacts(student, STUDENT);
    expect(await profile.fetchStudentRecord(student, STUDENT)).not.toBeNull();
    expect(await notifications.fetchPreferences(student, STUDENT)).toBeDefined();
  });

  it("quizzes and assignments", async () => {
    const mine = await quizzes.fetchMyQuizzes(student);
    expect(mine.length).toBeGreaterThan(0);
    await quizzes.fetchMySubmittedAttempts(student, mine[0].quiz_id, STUDENT);
    const work = await assignments.fetchMyAssignments(student, STUDENT);
    expect(work.length).toBeGreaterThan(0);
  });

  it("messages: conversations, recipients, courses, search", async () => {
    const conversations = await messages.listConversations(student);
    expect(conversations.length).toBeGreaterThan(0);
    await messages.listMessages(student, conversations[0].id);
    expect((await messages.searchRecipients(student, "")).length).toBeGreaterThan(0);
    expect((await messages.listMyCourses(student)).length).toBeGreaterThan(0);
    await messages.searchMessages(student, "cours");
  });

  it("my courses this semester: the current semester's only, not last year's she completed", async () => {
    const [{ id: semester }] = await stack().sql<{ id: string }>("select id from public.semesters where is_current");
    const now = await courses.listCurrentStudentCourses(student, STUDENT);
    expect(now.map((c) => c.code)).toEqual(["ANG-L2-106", "INF-L2-101", "INF-L2-102", "INF-L2-103", "INF-L2-104", "INF-L2-105", "INF-L2-107", "INF-L2-108"]);
    expect(now.every((c) => c.semester_id === semester)).toBe(true);
    expect(now.reduce((sum, c) => sum + c.credits, 0)).toBe(30);
    const ever = await courses.listStudentCourses(student, STUDENT);
    expect(ever.map((c) => c.code)).toContain("INF-L1-201");
    expect((await courses.listStudentCourses(student, STUDENT, semester)).map((c) => c.id)).toEqual(now.map((c) => c.id));
  });

  it("partner courses, courses, lessons, community", async () => {
    expect((await partners.listPartnerCourses(student)).length).toBeGreaterThan(0);
    await partners.listMyRequests(student);
    const lessons = await courses.listLessons(student, courseId);
    await courses.myLessonProgress(student, STUDENT, courseId);
    expect(lessons).toBeDefined();
    expect((await community.listBoards(student)).length).toBeGreaterThan(0);
  });

  it("timetable, attendance, semester, exams and deadlines", async () => {
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() + 60 * DAY).toISOString();
    const sessions = await schedule.listSessions(student, { from, to });
    expect(sessions.length).toBeGreaterThan(0);
    await classes.myAttendance(
      student,
      STUDENT,
      sessions.map((s) => s.id),
    );
    await classes.myCourseAttendance(student, STUDENT, courseId);
    const current = await classes.currentSemester(student);
    expect(current).not.toBeNull();
    expect((await classes.getSemester(student, current!.id))?.id).toBe(current!.id);
    expect((await classes.listSemesterCourses(student, current!.id)).length).toBeGreaterThan(0);
    await schedule.listExamsAndDeadlines(student, from, to);
    expect(await schedule.feedCreatedAt(student)).toBeNull();
  });
});
