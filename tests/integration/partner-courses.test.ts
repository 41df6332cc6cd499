// Partner courses and enrolment requests (20260701000000_partner_courses.sql), signed in as
// each role against a freshly seeded stack (cast: tests/fixtures/rls-world.ts; demo rows:
// supabase/seeds/20260701000000_partner_courses.sql): a student asks only for itself, while
// a course takes requests, once, and only withdraws; admins decide along the legal
// transitions, never beyond the seats, even when two approvals of the last seat race.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useLocalStack } from "../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../fixtures/rls-world.ts";
import * as partners from "../../src/dashboard/partners/data.ts";
import { defaultQuery } from "../../src/dashboard/ui/table-query.ts";

const stack = useLocalStack();
let w: World;
let studentA: SupabaseClient, studentB: SupabaseClient, teacherA: SupabaseClient, admin: SupabaseClient;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const CS50 = "00000000-0000-4000-f500-000000000001";
const FULL = "00000000-0000-4000-f500-000000000002";
const CLOSED = "00000000-0000-4000-f500-000000000004";
const MOTIVATION = "Je veux suivre ce cours pour mon projet professionnel.";

/** A partner course added by the database owner, with `seats` seats, taking requests. */
async function newCourse(seats: number): Promise<string> {
  const code = `T-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  return (
    await sql<{ id: string }>(
      "insert into public.partner_courses (code, title, url, starts_on, ends_on, seats) values ($1, 'Test course', 'https://pll.harvard.edu/course/test', current_date, current_date + 60, $2) returning id",
      [code, seats],
    )
  )[0].id;
}
/** Requests of these students for a course, inserted by the owner; their ids in that order. */
async function requests(course: string, students: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const student of students)
    ids.push(
      (await sql<{ id: string }>("insert into public.partner_course_requests (partner_course_id, student_id, motivation) values ($1, $2, $3) returning id", [course, student, MOTIVATION]))[0].id,
    );
  return ids;
}
const statusOf = async (id: string) => (await sql<{ status: string }>("select status from public.partner_course_requests where id = $1", [id]))[0].status;

beforeAll(async () => {
  w = await buildWorld(stack());
  ({ studentA, studentB, teacherA, admin } = w.clients);
}, 120_000);

describe("a student's requests", () => {
  it("reads only its own, asks once for itself while the course is open, cannot approve, withdraws", async () => {
    // studentA (the demo student) sees its two seeded requests, nobody else's
    const mine = await studentA.from("partner_course_requests").select("student_id, status");
    expect(mine.error).toBeNull();
    expect(mine.data!.map((r) => r.student_id)).toEqual([IDS.studentA, IDS.studentA]);
    expect(mine.data!.map((r) => r.status).sort()).toEqual(["approved", "waitlisted"]);
    // figures without names: the full course shows 2 of 2 seats taken
    const figures = await studentA.rpc("partner_course_figures");
    expect(figures.data).toContainEqual({ partner_course_id: FULL, approved: 2, waitlisted: 1, requested: 1 });

    // studentB asks for CS50: approved at once is refused, requested is taken, twice is not
    const forged = await studentB.from("partner_course_requests").insert({ partner_course_id: CS50, motivation: MOTIVATION, status: "approved" });
    expect(forged.error?.code).toBe("42501");
    const forOther = await studentB.from("partner_course_requests").insert({ partner_course_id: CS50, student_id: IDS.classmate, motivation: MOTIVATION });
    expect(forOther.error?.code).toBe("42501");
    // (hosted PostgREST answers 400 with code 23514; lite passes the message through)
    expect((await studentB.from("partner_course_requests").insert({ partner_course_id: CS50, motivation: "court" })).error?.message).toMatch(/partner_course_requests_motivation_check/);
    const asked = await studentB.from("partner_course_requests").insert({ partner_course_id: CS50, motivation: MOTIVATION }).select("id, status, student_id").single();
    expect(asked.error).toBeNull();
    expect(asked.data).toMatchObject({ status: "requested", student_id: IDS.studentB });
    expect((await studentB.from("partner_course_requests").insert({ partner_course_id: CS50, motivation: MOTIVATION })).error?.code).toBe("23505");
    // a closed course takes none; a teacher (no registration this year) cannot ask
    const closed = await studentB.from("partner_course_requests").insert({ partner_course_id: CLOSED, motivation: MOTIVATION });
    expect(closed.error?.code).toBe("22023");
    expect(closed.error?.message).toContain("closed");
    expect((await teacherA.from("partner_course_requests").insert({ partner_course_id: CS50, motivation: MOTIVATION })).error?.code).toBe("42501");
    // studentA cannot read it; studentB cannot approve it, nor decide through the function
    expect((await studentA.from("partner_course_requests").select("id").eq("id", asked.data!.id)).data).toEqual([]);
    expect((await studentB.from("partner_course_requests").update({ status: "approved" }).eq("id", asked.data!.id)).error?.code).toBe("42501");
    expect((await studentB.rpc("decide_partner_requests", { request_ids: [asked.data!.id], decision: "approved" })).error?.code).toBe("42501");
    expect((await studentA.from("partner_course_requests").update({ status: "withdrawn" }).eq("id", asked.data!.id).select("id")).data).toEqual([]);
    expect(await statusOf(asked.data!.id)).toBe("requested");
    // studentB withdraws; a withdrawn request does not come back
    const withdrawn = await studentB.from("partner_course_requests").update({ status: "withdrawn" }).eq("id", asked.data!.id).select("status, withdrawn_at").single();
    expect(withdrawn.data?.status).toBe("withdrawn");
    expect(withdrawn.data?.withdrawn_at).not.toBeNull();
    expect((await studentB.from("partner_course_requests").update({ status: "requested" }).eq("id", asked.data!.id)).error?.code).toBe("22023");
    // nobody deletes the history
    await studentB.from("partner_course_requests").delete().eq("id", asked.data!.id);
    expect(await statusOf(asked.data!.id)).toBe("withdrawn");
  });
});

describe("admins decide", () => {
  it("refuses an approval beyond the seats, and two concurrent approvals of the last seat give one", async () => {
    // the full seeded course: the demo student's waiting request stays waiting
    const [waiting] = await sql<{ id: string }>("select id from public.partner_course_requests where partner_course_id = $1 and student_id = $2", [FULL, IDS.studentA]);
    const full = await admin.rpc("decide_partner_requests", { request_ids: [waiting.id], decision: "approved" });
    expect(full.error?.code).toBe("PT409");
    expect(full.error?.message).toContain("full");
    expect(await statusOf(waiting.id)).toBe("waitlisted");

    // one seat, two requests approved at the same moment: one approved, one refused
    const course = await newCourse(1);
    const [first, second] = await requests(course, [IDS.studentA, IDS.studentB]);
    const results = await Promise.all([
      admin.rpc("decide_partner_requests", { request_ids: [first], decision: "approved" }),
      admin.from("partner_course_requests").update({ status: "approved" }).eq("id", second),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error?.code).toBe("PT409");
    expect((await sql("select 1 from public.partner_course_requests where partner_course_id = $1 and status = 'approved'", [course])).length).toBe(1);
    // seats below the approved requests: refused
    expect((await admin.from("partner_courses").update({ seats: 1 }).eq("id", course)).error).toBeNull();
    const shrunk = await admin.from("partner_courses").update({ seats: 0 }).eq("id", course);
    expect(shrunk.error).not.toBeNull();

    // bulk: three requests for two seats approve none; two approve both
    const pair = await newCourse(2);
    const three = await requests(pair, [IDS.studentA, IDS.studentB, IDS.classmate]);
    expect((await admin.rpc("decide_partner_requests", { request_ids: three, decision: "approved" })).error?.code).toBe("PT409");
    expect(await Promise.all(three.map(statusOf))).toEqual(["requested", "requested", "requested"]);
    const two = await admin.rpc("decide_partner_requests", { request_ids: three.slice(0, 2), decision: "approved" });
    expect(two.data).toBe(2);
    const [decided] = await sql<{ decided_by: string; decided_at: Date | null }>("select decided_by, decided_at from public.partner_course_requests where id = $1", [three[0]]);
    expect(decided.decided_by).toBe(IDS.admin);
    expect(decided.decided_at).not.toBeNull();
  });

  it("follows only the legal transitions, with a reason for a rejection, notifies and audits", async () => {
    const course = await newCourse(5);
    const [req] = await requests(course, [IDS.studentB]);
    // a rejection needs a reason
    expect((await admin.rpc("decide_partner_requests", { request_ids: [req], decision: "rejected", reason: " " })).error?.code).toBe("22023");
    expect((await admin.rpc("decide_partner_requests", { request_ids: [req], decision: "withdrawn" })).error?.code).toBe("22023");
    expect((await admin.rpc("decide_partner_requests", { request_ids: [req], decision: "waitlisted" })).error).toBeNull();
    expect((await admin.rpc("decide_partner_requests", { request_ids: [req], decision: "rejected", reason: "Niveau d'anglais insuffisant" })).error).toBeNull();
    // rejected is final: neither approved nor waitlisted again, nor withdrawn by an admin
    for (const status of ["approved", "waitlisted", "requested"]) {
      expect((await admin.from("partner_course_requests").update({ status }).eq("id", req)).error?.code).toBe("22023");
    }
    const [row] = await sql<{ status: string; rejection_reason: string }>("select status, rejection_reason from public.partner_course_requests where id = $1", [req]);
    expect(row).toEqual({ status: "rejected", rejection_reason: "Niveau d'anglais insuffisant" });
    // the student was told twice (waiting list, then the rejection with its reason); audited
    const notices = await studentB.from("student_notifications").select("title, message").eq("data->>partner_course_request_id", req).order("created_at");
    expect(notices.data).toHaveLength(2);
    expect(notices.data![1].message).toContain("Niveau d'anglais insuffisant");
    const audit = await sql<{ action: string; actor_id: string }>("select action, actor_id from public.audit_log where target_id = $1 order by created_at", [req]);
    expect(audit).toEqual([
      { action: "partner_request.waitlisted", actor_id: IDS.admin },
      { action: "partner_request.rejected", actor_id: IDS.admin },
    ]);
    // an approved request: not waitlisted afterwards; an admin cannot withdraw it for the student
    const [other] = await requests(course, [IDS.classmate]);
    await admin.rpc("decide_partner_requests", { request_ids: [other], decision: "approved" });
    expect((await admin.from("partner_course_requests").update({ status: "waitlisted" }).eq("id", other)).error?.code).toBe("22023");
    expect((await admin.from("partner_course_requests").update({ status: "withdrawn" }).eq("id", other)).error?.code).toBe("42501");
    // a course link must be https
    const http = await admin.from("partner_courses").insert({ code: "HTTP-1", title: "Plain", url: "http://example.org/course", starts_on: "2030-01-01", ends_on: "2030-02-01", seats: 3 });
    expect(http.error?.message).toMatch(/partner_courses_url_check/);
  });
});

describe("the pages' data module", () => {
  it("parses what the pages read, pages and filters the queue, and names a full course", async () => {
    const courses = await partners.listPartnerCourses(studentA);
    const full = courses.find((c) => c.id === FULL)!;
    expect(full).toMatchObject({ code: "HO-DS-ML", seats: 2, approved: 2 });
    expect(
      partners.isOpen(
        courses.find((c) => c.id === CLOSED)!,
        "2000-01-01",
      ),
    ).toBe(false);
    // (the tests above gave studentA requests for their own courses too)
    expect((await partners.listMyRequests(studentA)).map((r) => r.partner_course_id)).toEqual(expect.arrayContaining([FULL, "00000000-0000-4000-f500-000000000003"]));

    const query = defaultQuery({ pageSize: 10, filters: { course: CS50 } });
    const page = await partners.fetchRequestsPage(admin, query);
    expect(page.rows.every((r) => r.course.code === "HO-CS50X")).toBe(true);
    expect(page.rows[0].student?.full_name).toBeTruthy();
    const all = await partners.fetchAllRequests(admin, { ...query, filters: { course: CS50, status: "requested" } });
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.status === "requested")).toBe(true);
    expect((await partners.fetchRequestsPage(studentB, defaultQuery())).rows.every((r) => r.student_id === IDS.studentB)).toBe(true);

    const waiting = (await partners.fetchRequestsPage(admin, defaultQuery({ filters: { course: FULL, status: "waitlisted" } }))).rows.map((r) => r.id);
    const refused = await partners.decideRequests(admin, waiting, "approved").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(partners.SeatsFullError);
    expect(refused).toMatchObject({ seats: 2, taken: 2 });
    const closed = await partners.requestSeat(studentB, CLOSED, MOTIVATION).catch((error: unknown) => error);
    expect(partners.refusalOf(closed)).toBe("closed");
  });
});
