// The gradebook, results and deliberation pages' data modules against the seeded stack,
// signed in as each role: every query the pages run parses, and shows what the role may see.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";
import * as gradebook from "../../../src/dashboard/assessment/data.ts";
import * as results from "../../../src/dashboard/results/data.ts";
import * as weights from "../../../src/dashboard/courses/weights.ts";
import { totpCode } from "../../../supabase/local/auth/totp.ts";

const stack = useLocalStack();
let w: World;
// Last year's semester 2 (supabase/seeds/20260504000000_results.sql): compensation, resits.
const DEMO_SEMESTER = "select d.semester_id from public.deliberations d join public.semesters s on s.id = d.semester_id where s.number = 2 limit 1";
beforeAll(async () => {
  w = await buildWorld(stack());
}, 120_000);

describe("gradebook data", () => {
  it("lists the teacher's courses, current semester first, and a course's grid with engine marks", async () => {
    const courses = await gradebook.fetchTeacherCourses(w.clients.teacherA, IDS.teacherA);
    expect(courses[0].semester?.is_current).toBe(true);
    expect(courses.map((c) => c.code)).toEqual(expect.arrayContaining(["INF-L2-101", "INF-L1-201"]));
    const past = courses.find((c) => c.code === "MAT-L1-203")!;
    const book = await gradebook.fetchGradebook(w.clients.teacherA, past);
    expect(book.evaluations.map((e) => e.kind).sort()).toEqual(["continuous", "exam", "resit"]);
    // last year's L1: the 21 who passed it (this year's L2) and two of the re-registration cases
    expect(book.students).toHaveLength(23);
    expect(book.courseMarks.get(IDS.studentA)).toBe(8.4); // 9 × 0.4 + 8 × 0.6
    expect(book.grades.get(gradebook.cellKey(book.evaluations.find((e) => e.kind === "exam")!.id, IDS.studentA))).toMatchObject({ score: 8, status: "marked" });
    // the deliberation froze this semester: the marks are locked
    await expect(gradebook.saveMark(w.clients.teacherA, book.evaluations[0].id, IDS.studentA, { status: "marked", score: 20 })).rejects.toMatchObject({ code: "PT409" });
  });

  it("another teacher's grid shows no mark of a course it does not teach", async () => {
    const courses = await gradebook.fetchTeacherCourses(w.clients.teacherA, IDS.teacherA);
    const book = await gradebook.fetchGradebook(
      w.clients.teacherB,
      courses.find((c) => c.code === "MAT-L1-203")!,
    );
    expect(book.grades.size).toBe(0);
    expect(book.students).toEqual([]);
  });
});

describe("results data", () => {
  it("the student reads its published semester (resit session over the normal one) and its current marks", async () => {
    const mine = await results.fetchMyResults(w.clients.studentA, IDS.studentA);
    expect(mine).toHaveLength(2); // last year's two semesters
    const second = mine.find((r) => r.units.some((u) => u.code === "UE-MAT-102"))!;
    expect(second).toMatchObject({ session: "resit", average: 11.39, decision: "validated", credits_earned: 30 });
    expect(second.units.find((u) => u.code === "UE-MAT-102")?.validated_by).toBe("compensation");
    expect(mine.every((r) => r.decision === "validated" && r.credits_earned === 30)).toBe(true);
    const current = await results.fetchCurrentSemester(w.clients.studentA);
    expect(current?.semester.is_current).toBe(true);
    const algo = current!.courses.find((c) => c.code === "INF-L2-101")!;
    expect(algo.unit?.code).toBe("UE-INF-201");
    expect(algo.mark).toBeNull(); // the exam is still to come
    expect(algo.missing).toBeGreaterThan(0);
    expect(algo.marks.length).toBeGreaterThan(0);
    expect(await results.fetchMyResults(w.clients.studentB, IDS.studentA)).toEqual([]);
  });

  it("the admin sees the semester's results as they stand and its closed sessions", async () => {
    const semesters = await results.fetchSemesters(w.clients.admin);
    const demo = (await stack().sql<{ semester_id: string }>(DEMO_SEMESTER))[0].semester_id;
    expect(semesters.map((s) => s.id)).toContain(demo);
    const state = await results.fetchDeliberation(w.clients.admin, demo);
    expect(state.sessions.map((s) => s.session)).toEqual(["normal", "resit"]);
    expect(state.next).toBeNull();
    expect(state.results).toHaveLength(23); // last year's L1, the re-registration cases among them
    expect(state.results.find((r) => r.student_id === IDS.studentA)).toMatchObject({ name: "Awa Ngono", decision: "validated" });
    await expect(results.closeDeliberation(w.clients.teacherA, demo, "normal")).rejects.toThrow();
  });

  it("closing the current semester: what is missing first, then only with an override and a reason", async () => {
    const current = (await results.fetchSemesters(w.clients.admin)).find((s) => s.is_current)!;
    const gaps = await results.fetchDeliberationGaps(w.clients.admin, current.id, "normal");
    expect(gaps.complete).toBe(false);
    expect(gaps.exams_ahead.length).toBeGreaterThan(0); // the seeded final exams are two months away
    expect(gaps.exams_ahead[0]).toMatchObject({ title: "Examen final" });
    await expect(results.closeDeliberation(w.clients.admin, current.id, "normal")).rejects.toThrow(/missing|to come/);
    await expect(results.closeDeliberation(w.clients.admin, current.id, "normal", { reason: "" })).rejects.toThrow(/override/);
    await expect(results.fetchDeliberationGaps(w.clients.teacherA, current.id, "normal")).rejects.toThrow();
  });
});

describe("course weights data (admin/course-management)", () => {
  it("reads a course's weights, saves them in range, and shows them frozen once the semester is closed", async () => {
    expect(await weights.fetchCourseWeights(w.clients.admin, w.courseA)).toEqual({ ccWeight: 40, frozen: false });
    await weights.saveCourseWeights(w.clients.admin, w.courseA, 30);
    expect(await weights.fetchCourseWeights(w.clients.admin, w.courseA)).toEqual({ ccWeight: 30, frozen: false });
    await expect(weights.saveCourseWeights(w.clients.admin, w.courseA, 50)).rejects.toThrow();
    await expect(weights.saveCourseWeights(w.clients.teacherA, w.courseA, 35)).rejects.toThrow();
    await weights.saveCourseWeights(w.clients.admin, w.courseA, 40);
    const [{ id: closedCourse }] = await stack().sql<{ id: string }>("select id from public.courses where code = 'MAT-L1-203'");
    expect(await weights.fetchCourseWeights(w.clients.admin, closedCourse)).toEqual({ ccWeight: 40, frozen: true });
    await expect(weights.saveCourseWeights(w.clients.admin, closedCourse, 30)).rejects.toThrow(/closed/);
    expect(weights.ccWeightSchema.safeParse(20).success && !weights.ccWeightSchema.safeParse(41).success && !weights.ccWeightSchema.safeParse(25.5).success).toBe(true);
  });
});

// The deliberations page's reopening (issue 20 §2), through the module it calls. The demo
// admin has no second factor (aal1), as in the browser tests: the database refuses, and the
// page shows that refusal in plain words (reopenRefusal → "aal2"). With a verified factor
// (aal2) the resit session reopens, then the normal one. Runs last: it unfreezes the demo
// semester.
describe("reopening a closed session (admin/deliberations)", () => {
  it("needs a reason, refuses an aal1 admin in words the page shows, then reopens at aal2, resit first", async () => {
    expect(results.reopenReasonSchema.safeParse("  abcd ").success).toBe(false);
    expect(results.reopenReasonSchema.safeParse("x".repeat(1001)).success).toBe(false);
    const reason = "Erreur de report signalée par le jury";
    expect(results.reopenReasonSchema.safeParse(reason).success).toBe(true);
    const demo = (await stack().sql<{ semester_id: string }>(DEMO_SEMESTER))[0].semester_id;
    const admin = w.clients.admin;
    const { sessions } = await results.fetchDeliberation(admin, demo);
    const [normal, resit] = sessions;
    expect(results.reopenableSession(sessions)).toEqual(resit); // the resit session first
    const refusal = (p: Promise<void>) => p.then(() => null, results.reopenRefusal);

    expect(await refusal(results.reopenDeliberation(admin, resit.id, reason))).toBe("aal2");
    expect(await refusal(results.reopenDeliberation(w.clients.teacherA, resit.id, reason))).toBe("aal2");

    const { data: factor } = await admin.auth.mfa.enroll({ factorType: "totp", friendlyName: "registrar" });
    const { data: challenge } = await admin.auth.mfa.challenge({ factorId: factor!.id });
    expect((await admin.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret) })).error).toBeNull();
    expect(await refusal(results.reopenDeliberation(admin, resit.id, "   "))).toBe("reason");
    expect(await refusal(results.reopenDeliberation(admin, normal.id, reason))).toBe("resitFirst");
    await results.reopenDeliberation(admin, resit.id, ` ${reason} `);
    expect(await refusal(results.reopenDeliberation(admin, resit.id, reason))).toBe("already");
    const after = await results.fetchDeliberation(admin, demo);
    expect(after.sessions.map((s) => s.session)).toEqual(["normal"]);
    expect(after.next).toBe("resit");
    expect(results.reopenableSession(after.sessions)).toEqual(normal);
    const [audit] = await stack().sql<{ details: { reason: string } }>("select details from public.audit_log where action = 'results.deliberation_reopened' and target_id = $1", [resit.id]);
    expect(audit.details.reason).toBe(reason);
  });
});
