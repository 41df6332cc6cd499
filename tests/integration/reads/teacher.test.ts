// Every read the teacher's pages run, signed in as the demo teacher against the seeded
// stack (one stack for the file): each query must be accepted by the Data API (an
// ambiguous embed answers 300 PGRST201) and parse, with real ids from the seed.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import * as home from "../../../src/dashboard/home/data.ts";
import * as quizzes from "../../../src/dashboard/quizzes/data.ts";
import * as assignments from "../../../src/dashboard/assignments/data.ts";
import * as reports from "../../../src/dashboard/reports/data.ts";
import * as people from "../../../src/dashboard/people/data.ts";
import * as meetings from "../../../src/dashboard/meetings/data.ts";
import * as profile from "../../../src/dashboard/profile/data.ts";
import * as schedule from "../../../src/dashboard/shared/sessions-data.ts";
import * as courses from "../../../src/dashboard/courses/data.ts";
import * as messages from "../../../src/dashboard/messages/data.ts";
import * as classes from "../../../src/dashboard/shared/classes-data.ts";

const TEACHER = "00000000-0000-4000-a000-000000000002";
const stack = useLocalStack();
let teacher: SupabaseClient;
let student: SupabaseClient;
let courseId: string;
beforeAll(async () => {
  [teacher, student] = await Promise.all([signInAs(stack(), "enseignant@demo.univ.cm", "Enseignant-Demo-2026"), signInAs(stack(), "etudiant@demo.univ.cm", "Etudiant-Demo-2026")]);
  [{ id: courseId }] = await stack().sql<{ id: string }>("select id from public.courses where code = 'INF-L2-101'");
});
const DAY = 86_400_000;

describe("the teacher's pages", () => {
  it("home: today's classes of its courses, copies to mark", async () => {
    const today = await home.fetchTodaysClasses(teacher, new Date(), TEACHER);
    expect(today.length).toBeGreaterThan(0);
    expect(await home.countWorkToGrade(teacher, TEACHER)).toBeGreaterThanOrEqual(0);
  });

  it("evaluations and a quiz from the builder to an attempt's review", async () => {
    const evaluations = await quizzes.fetchTeacherEvaluations(teacher);
    expect(evaluations.length).toBeGreaterThan(0);
    expect((await quizzes.fetchMyCourses(teacher, TEACHER)).map((c) => c.code)).toContain("INF-L2-101");
    const { evaluation_id, quiz_id } = await quizzes.createEvaluation(teacher, { course: courseId, title: "Quiz lecture (test)", kind: "quiz", coefficient: 1, held_on: "" });
    const built = await quizzes.fetchQuizOfEvaluation(teacher, evaluation_id);
    expect(built?.quiz.id).toBe(quiz_id);
    expect(built?.quiz.course?.code).toBe("INF-L2-101");
    await quizzes.saveQuestion(teacher, quiz_id!, 1, { prompt: "2 + 2 ?", kind: "numeric", points: 1, choices: [], answer: "4", tolerance: 0 });
    await quizzes.saveQuizSettings(teacher, quiz_id!, {
      description: "",
      opens_at: new Date(Date.now() - DAY),
      closes_at: new Date(Date.now() + DAY),
      time_limit_minutes: null,
      max_attempts: 2,
      shuffle: false,
      is_published: true,
    });
    const attempt = await quizzes.startAttempt(student, quiz_id!);
    const [q] = await quizzes.fetchAttemptQuestions(student, attempt.attempt_id);
    await quizzes.saveAnswer(student, attempt.attempt_id, q.id, ["4"]);
    await quizzes.submitAttempt(student, attempt.attempt_id);
    const attempts = await quizzes.fetchAttempts(teacher, quiz_id!);
    expect(attempts).toHaveLength(1);
    expect(attempts[0].student?.full_name).toBe("Awa Ngono");
    const review = await quizzes.fetchReview(teacher, attempt.attempt_id);
    expect(review[0]).toMatchObject({ earned: 1, is_right: true });
  });

  it("assignments: courses, list, one assignment with its roster and submissions", async () => {
    expect((await assignments.fetchTeacherCourses(teacher, TEACHER)).length).toBeGreaterThan(0);
    const list = await assignments.fetchTeacherAssignments(teacher, TEACHER);
    expect(list.length).toBeGreaterThan(0);
    const one = await assignments.fetchAssignment(teacher, list[0].id);
    expect(one?.id).toBe(list[0].id);
    expect((await assignments.fetchRoster(teacher, list[0].course_id)).length).toBeGreaterThan(0);
    await assignments.fetchSubmissions(teacher, list[0].id);
    const [evaluation] = await stack().sql<{ id: string }>("select id from public.evaluations where course_id = $1 and kind = 'assignment' limit 1", [courseId]);
    if (evaluation) await assignments.fetchEvaluationWithoutAssignment(teacher, evaluation.id);
    else expect(await assignments.fetchEvaluationWithoutAssignment(teacher, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("reports, students, settings, schedule, lessons, proposals, audiences, host links", async () => {
    const mine = await reports.fetchTeacherCourses(teacher, TEACHER);
    expect(mine.length).toBeGreaterThan(0);
    await reports.fetchCourseReport(teacher, courseId);
    expect((await people.fetchMyStudents(teacher, courseId)).length).toBeGreaterThan(0);
    expect((await people.fetchMyCourses(teacher, TEACHER)).length).toBeGreaterThan(0);
    await meetings.fetchDefaultPlatform(teacher);
    await profile.fetchTeacherSettings(teacher, TEACHER);
    const from = new Date(Date.now() - 30 * DAY).toISOString();
    const to = new Date(Date.now() + 90 * DAY).toISOString();
    expect((await schedule.listExamsAndDeadlines(teacher, from, to, TEACHER)).length).toBeGreaterThan(0);
    await courses.lessonCompletions(teacher, courseId);
    await courses.proposalChoices(teacher);
    await courses.listProposals(teacher);
    await courses.courseHostLink(teacher, courseId);
    await messages.listAudienceOptions(teacher);
    await classes.hostLinks(teacher, [courseId]);
  });
});
