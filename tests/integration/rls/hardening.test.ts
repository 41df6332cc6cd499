// The holes the January 2026 security review found, each tried again through supabase-js
// as the attacker would, and refused since 20260202000000_security_hardening.sql, next to
// the legitimate use of the same table, which must keep working.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";
import { createUser, TEST_PASSWORD } from "../../fixtures/teaching.ts";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { totpCode } from "../../../supabase/local/auth/totp.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
});

type Row = Record<string, unknown>;
const sql = <T = Row>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
async function one<T = Row>(query: string, params: unknown[] = []): Promise<T> {
  const rows = await sql<T>(query, params);
  expect(rows, query).toHaveLength(1);
  return rows[0];
}
const uid = () => crypto.randomUUID();
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
/** True when a timestamp the server wrote is "now" (not a value the client sent). */
const isRecent = (value: unknown) => Math.abs(Date.now() - new Date(String(value)).getTime()) < 60_000;
const LONG_AGO = "2020-01-01T00:00:00+00:00";

/** A fresh assignment of courseA (one submission per student and assignment). */
async function newAssignment(): Promise<string> {
  return (await one<{ id: string }>("insert into public.assignments (course_id, title, due_at) values ($1, 'Devoir durci', now() + interval '1 day') returning id", [w.courseA])).id;
}

// ---------------------------------------------------------------------------------------
describe("1. a user edits its own rows, not what they belong to", () => {
  it("a participant cannot move itself into another conversation, and still marks its reading", async () => {
    // a conversation between two people studentA has nothing to do with
    const secret = uid();
    await sql("insert into public.conversations (id, subject, created_by) values ($1, 'Privé', $2)", [secret, IDS.studentB]);
    await sql("insert into public.conversation_participants (conversation_id, user_id) values ($1, $2), ($1, $3)", [secret, IDS.studentB, IDS.teacherB]);
    await sql("insert into public.messages (conversation_id, sender_id, body) values ($1, $2, 'Secret')", [secret, IDS.studentB]);

    const student = w.clients.studentA;
    const move = await student.from("conversation_participants").update({ conversation_id: secret }).eq("conversation_id", w.conversationA).eq("user_id", IDS.studentA);
    expect(move.error).not.toBeNull();
    const mine = await sql<{ conversation_id: string }>("select conversation_id from public.conversation_participants where user_id = $1", [IDS.studentA]);
    expect(mine.map((r) => r.conversation_id)).toContain(w.conversationA);
    expect(mine.map((r) => r.conversation_id)).not.toContain(secret);
    expect((await student.from("messages").select("body").eq("conversation_id", secret)).data).toEqual([]);

    const read = new Date().toISOString();
    const mark = await student.from("conversation_participants").update({ last_read_at: read }).eq("conversation_id", w.conversationA).eq("user_id", IDS.studentA);
    expect(mark.error).toBeNull();
    const marked = await one<{ last_read_at: Date }>("select last_read_at from public.conversation_participants where conversation_id = $1 and user_id = $2", [w.conversationA, IDS.studentA]);
    expect(new Date(marked.last_read_at).toISOString()).toBe(read);
  });

  // For each: the owner writes a row, its author tries to move it (refused, row unchanged)
  // and then edits what it may (accepted).
  const cases: {
    table: string;
    actor: "studentA" | "teacherA";
    row: () => Promise<Row>;
    /** What the attack changes (for the test's name). */
    moves: string;
    move: () => Row;
    edit: Row;
  }[] = [
    {
      table: "messages",
      actor: "studentA",
      row: async () => ({ id: uid(), conversation_id: w.conversationA, sender_id: IDS.studentA, body: "Bonjour" }),
      moves: "created_at (backdating)",
      move: () => ({ created_at: LONG_AGO }),
      edit: { body: "Bonjour !" },
    },
    {
      table: "community_posts",
      actor: "studentA",
      row: async () => ({ id: uid(), author_id: IDS.studentA, course_id: w.courseA, title: "TD 3", body: "Qui a fini ?" }),
      // a course post (with classmates' comments) moved to the university-wide board
      moves: "course_id (to the university-wide board)",
      move: () => ({ course_id: null }),
      edit: { body: "Qui a fini le TD 3 ?" },
    },
    {
      table: "community_comments",
      actor: "studentA",
      row: async () => ({ id: uid(), post_id: w.coursePostA, author_id: IDS.studentA, body: "Merci" }),
      moves: "post_id",
      move: () => ({ post_id: otherPost }),
      edit: { body: "Merci beaucoup" },
    },
    {
      table: "reviews",
      actor: "studentA",
      row: async () => ({ id: uid(), course_id: w.courseA, author_id: IDS.studentA, rating: 2, comment: "Moyen" }),
      moves: "course_id",
      move: () => ({ course_id: otherCourse }),
      edit: { rating: 4 },
    },
    {
      table: "conversations",
      actor: "studentA",
      row: async () => ({ id: uid(), subject: "Question", created_by: IDS.studentA, course_id: w.courseA }),
      moves: "course_id",
      move: () => ({ course_id: w.courseB }),
      edit: { subject: "Question sur le TD" },
    },
    {
      table: "assignment_submissions",
      actor: "teacherA",
      row: async () => ({ id: uid(), assignment_id: await newAssignment(), student_id: IDS.studentA, body: "Ma copie" }),
      // a teacher handing one student's copy to a classmate
      moves: "student_id",
      move: () => ({ student_id: IDS.classmate }),
      edit: { feedback: "Bien" },
    },
  ];
  let otherPost: string;
  let otherCourse: string;
  beforeAll(async () => {
    otherPost = (await one<{ id: string }>("insert into public.community_posts (author_id, title, body) values ($1, 'Annonce', 'Pour tous') returning id", [IDS.studentB])).id;
    otherCourse = (await one<{ id: string }>("select id from public.courses where code = 'INF-L2-102'")).id;
  });

  for (const c of cases) {
    it(`${c.table}: the ${c.actor === "studentA" ? "author" : "teacher"} cannot change ${c.moves}`, async () => {
      const row = await c.row();
      const columns = Object.keys(row);
      await sql(
        `insert into public.${c.table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
        columns.map((k) => row[k]),
      );
      const client = w.clients[c.actor];
      const patch = c.move();
      const before = await one(`select ${Object.keys(patch).join(", ")} from public.${c.table} where id = $1`, [row.id]);
      const moved = await client.from(c.table).update(patch).eq("id", row.id);
      expect(moved.error).not.toBeNull();
      expect(await one(`select ${Object.keys(patch).join(", ")} from public.${c.table} where id = $1`, [row.id])).toEqual(before);

      const edited = await client.from(c.table).update(c.edit).eq("id", row.id).select("id");
      expect(edited.error).toBeNull();
      expect(edited.data).toHaveLength(1);
    });
  }

  it("profiles: a person edits its name, not its row's dates", async () => {
    const student = w.clients.studentA;
    expect((await student.from("profiles").update({ created_at: LONG_AGO }).eq("id", IDS.studentA)).error).not.toBeNull();
    expect((await student.from("profiles").update({ full_name: "Awa Ngono" }).eq("id", IDS.studentA)).error).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
describe("3. submissions are timed by the server", () => {
  it("handing in is stamped now(), whatever time the student sends", async () => {
    const assignment = await newAssignment();
    const { error } = await w.clients.studentA.from("assignment_submissions").insert({ assignment_id: assignment, student_id: IDS.studentA, body: "Copie", submitted_at: LONG_AGO });
    expect(error).toBeNull();
    const row = await one<{ submitted_at: Date }>("select submitted_at from public.assignment_submissions where assignment_id = $1 and student_id = $2", [assignment, IDS.studentA]);
    expect(isRecent(row.submitted_at)).toBe(true);
  });

  it("a student cannot backdate on update; revising the work re-stamps it; the teacher marks it and changes neither the work nor its time", async () => {
    const assignment = await newAssignment();
    const id = uid();
    await sql("insert into public.assignment_submissions (id, assignment_id, student_id, body, submitted_at) values ($1, $2, $3, 'v1', '2026-01-10T10:00:00Z')", [id, assignment, IDS.studentA]);
    const submittedAt = async () => new Date((await one<{ submitted_at: Date }>("select submitted_at from public.assignment_submissions where id = $1", [id])).submitted_at);

    const backdate = await w.clients.studentA.from("assignment_submissions").update({ submitted_at: LONG_AGO }).eq("id", id);
    expect(backdate.error).toBeNull(); // accepted, but the time is not the student's to set
    expect((await submittedAt()).toISOString()).toBe("2026-01-10T10:00:00.000Z");

    const revise = await w.clients.studentA.from("assignment_submissions").update({ body: "v2", submitted_at: LONG_AGO }).eq("id", id);
    expect(revise.error).toBeNull();
    expect(isRecent(await submittedAt())).toBe(true);

    // issue 20 §4: the time is the server's, not the teacher's either (nor the work)
    const revised = await submittedAt();
    const excuse = await w.clients.teacherA.from("assignment_submissions").update({ submitted_at: "2026-01-09T08:00:00Z" }).eq("id", id);
    expect(excuse.error?.code).toBe("42501");
    const planted = `${w.courseA}/${assignment}/${IDS.studentA}/autre.pdf`;
    for (const patch of [{ body: "Réécrit par l'enseignant" }, { files: [planted] }, { file_path: planted }]) {
      expect((await w.clients.teacherA.from("assignment_submissions").update(patch).eq("id", id)).error?.code).toBe("42501");
    }
    expect((await submittedAt()).toISOString()).toBe(revised.toISOString());
    // the teacher marks it: score and feedback, signed by the server
    const marked = await w.clients.teacherA.from("assignment_submissions").update({ score: 14, feedback: "Bien" }).eq("id", id).select("body, score, graded_by");
    expect(marked.error).toBeNull();
    expect(marked.data).toEqual([{ body: "v2", score: 14, graded_by: IDS.teacherA }]);
  });

  it("a mark is signed by the teacher who gives it; the graded file can be read but no longer replaced or deleted", async () => {
    const assignment = await newAssignment();
    const path = `${w.courseA}/${assignment}/${IDS.studentA}/copie.pdf`;
    const file = () => new Blob(["%PDF-1.4 copie"], { type: "application/pdf" });
    const student = w.clients.studentA.storage.from("submissions");
    expect((await student.upload(path, file(), { contentType: "application/pdf" })).error).toBeNull();
    // before grading, the student may still replace its file
    expect((await student.upload(path, file(), { contentType: "application/pdf", upsert: true })).error).toBeNull();
    const { data: submission, error } = await w.clients.studentA.from("assignment_submissions").insert({ assignment_id: assignment, student_id: IDS.studentA, file_path: path }).select("id").single();
    expect(error).toBeNull();

    const grade = await w.clients.teacherA.from("assignment_submissions").update({ score: 15, feedback: "Bien", graded_by: IDS.admin, graded_at: LONG_AGO }).eq("id", submission!.id);
    expect(grade.error).toBeNull();
    const graded = await one<{ score: string; graded_by: string; graded_at: Date }>("select score::text, graded_by, graded_at from public.assignment_submissions where id = $1", [submission!.id]);
    expect(graded.score).toBe("15.00");
    expect(graded.graded_by).toBe(IDS.teacherA);
    expect(isRecent(graded.graded_at)).toBe(true);

    const overwrite = await student.upload(path, new Blob(["%PDF-1.4 autre"], { type: "application/pdf" }), {
      contentType: "application/pdf",
      upsert: true,
    });
    expect(overwrite.error).not.toBeNull();
    await student.remove([path]);
    const left = await sql("select 1 from storage.objects where bucket_id = 'submissions' and name = $1", [path]);
    expect(left).toHaveLength(1);
    const mine = await student.download(path);
    expect(mine.error).toBeNull();
    expect(await mine.data!.text()).toBe("%PDF-1.4 copie");
    expect((await w.clients.teacherA.storage.from("submissions").download(path)).error).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
describe("4. quizzes are timed by the server", () => {
  /** A published quiz of courseA, open since yesterday. */
  async function newQuiz(fields: { closesInMinutes?: number; limitMinutes?: number | null }): Promise<string> {
    return (
      await one<{ id: string }>(
        `insert into public.quizzes (course_id, title, opens_at, closes_at, time_limit_minutes, max_attempts, is_published)
       values ($1, 'Quiz chronométré', now() - interval '1 day', now() + make_interval(mins => $2::int), $3, 20, true) returning id`,
        [w.courseA, fields.closesInMinutes ?? 24 * 60, fields.limitMinutes === undefined ? 10 : fields.limitMinutes],
      )
    ).id;
  }
  /** An attempt the owner opened minutesAgo (as if studentA had started it then). */
  async function attemptStarted(quiz: string, minutesAgo: number): Promise<string> {
    return (
      await one<{ id: string }>("insert into public.quiz_attempts (quiz_id, student_id, started_at) values ($1, $2, now() - make_interval(mins => $3::int)) returning id", [
        quiz,
        IDS.studentA,
        minutesAgo,
      ])
    ).id;
  }
  const attempt = (id: string) =>
    one<{ started_at: Date; submitted_at: Date | null; answers: Row; score: string | null }>("select started_at, submitted_at, answers, score::text from public.quiz_attempts where id = $1", [id]);

  it("starting and submitting are stamped now(), whatever times the student sends", async () => {
    const quiz = await newQuiz({});
    const { data, error } = await w.clients.studentA.from("quiz_attempts").insert({ quiz_id: quiz, student_id: IDS.studentA, started_at: LONG_AGO }).select("id").single();
    expect(error).toBeNull();
    expect(isRecent((await attempt(data!.id)).started_at)).toBe(true);
    // a submitted attempt is out of the student's sight until released, so a direct update
    // cannot submit (20260601000001); submitting goes through submit_quiz_attempt
    const direct = await w.clients.studentA.from("quiz_attempts").update({ submitted_at: LONG_AGO }).eq("id", data!.id);
    expect(direct.error).not.toBeNull();
    expect((await attempt(data!.id)).submitted_at).toBeNull();
    const submit = await w.clients.studentA.rpc("submit_quiz_attempt", { attempt: data!.id });
    expect(submit.error).toBeNull();
    const after = await attempt(data!.id);
    expect(isRecent(after.submitted_at)).toBe(true);
    expect(after.score).toBe("0.00"); // still graded (a quiz without questions)
  });

  it("an attempt past its time limit (plus 2 minutes' grace) can no longer be answered or submitted", async () => {
    const quiz = await newQuiz({ limitMinutes: 10 });
    const late = await attemptStarted(quiz, 20);
    const answer = await w.clients.studentA
      .from("quiz_attempts")
      .update({ answers: { q: ["a"] } })
      .eq("id", late);
    expect(answer.error).not.toBeNull();
    const submit = await w.clients.studentA.rpc("submit_quiz_attempt", { attempt: late });
    expect(submit.error).not.toBeNull();
    expect(await attempt(late)).toMatchObject({ submitted_at: null, answers: {}, score: null });

    // eleven minutes into a ten-minute quiz: inside the grace
    const justInTime = await attemptStarted(quiz, 11);
    const ok = await w.clients.studentA.rpc("submit_quiz_attempt", { attempt: justInTime });
    expect(ok.error).toBeNull();
    expect((await attempt(justInTime)).submitted_at).not.toBeNull();
  });

  it("an attempt opened before the quiz closed cannot be submitted well after closing", async () => {
    const quiz = await newQuiz({ closesInMinutes: 60, limitMinutes: null });
    const open = await attemptStarted(quiz, 30);
    await sql("update public.quizzes set closes_at = now() - interval '5 minutes' where id = $1", [quiz]);
    const submit = await w.clients.studentA.rpc("submit_quiz_attempt", { attempt: open });
    expect(submit.error).not.toBeNull();
    expect((await attempt(open)).submitted_at).toBeNull();

    // one minute after closing is still within the grace
    await sql("update public.quizzes set closes_at = now() - interval '1 minute' where id = $1", [quiz]);
    const graced = await w.clients.studentA.rpc("submit_quiz_attempt", { attempt: open });
    expect(graced.error).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
describe("5. a teacher edits its course's description and meeting details only", () => {
  let course: string;
  beforeAll(async () => {
    course = (
      await one<{ id: string }>("insert into public.courses (code, title, school_id, teacher_id, coefficient, credits) values ($1, 'Cours durci', $2, $3, 2, 4) returning id", [
        `H-${tag()}`,
        w.school,
        IDS.teacherA,
      ])
    ).id;
  });

  it("keeps description and meeting details up to date", async () => {
    const { data, error } = await w.clients.teacherA
      .from("courses")
      .update({
        description: "Nouveau plan",
        meeting_platform: "teams",
        teams_meeting_url: "https://teams.microsoft.com/l/meetup-join/x",
        zoom_meeting_id: "123 456 7890",
        zoom_passcode: "abc",
      })
      .eq("id", course)
      .select("description, meeting_platform");
    expect(error).toBeNull();
    expect(data).toEqual([{ description: "Nouveau plan", meeting_platform: "teams" }]);
  });

  const structural: Row[] = [
    { coefficient: 5 },
    { credits: 12 },
    { code: "HACKED-1" },
    { title: "Autre titre" },
    { is_published: false },
    { language: "en" },
    { level_code: "M2" },
    { teacher_id: IDS.teacherB },
    { description: "En passant", coefficient: 9 },
  ];
  for (const patch of structural) {
    it(`cannot change ${Object.keys(patch).join(" + ")}`, async () => {
      const before = await one("select * from public.courses where id = $1", [course]);
      const { error } = await w.clients.teacherA.from("courses").update(patch).eq("id", course);
      expect(error).not.toBeNull();
      expect(await one("select * from public.courses where id = $1", [course])).toEqual(before);
    });
  }

  it("while admins and the service role change anything", async () => {
    expect((await w.clients.admin.from("courses").update({ coefficient: 3 }).eq("id", course)).error).toBeNull();
    const service = stack().client({ secret: true });
    expect((await service.from("courses").update({ credits: 6 }).eq("id", course)).error).toBeNull();
    expect(await one("select coefficient::text, credits from public.courses where id = $1", [course])).toEqual({ coefficient: "3.00", credits: 6 });
  });
});

// ---------------------------------------------------------------------------------------
describe("6. marks and registers are for the course's students, signed by who writes them", () => {
  it("a teacher cannot grade a student outside its course, nor sign a mark with another name", async () => {
    const teacher = w.clients.teacherA;
    const outsider = await teacher.from("grades").insert({ evaluation_id: w.evaluationPublished, student_id: IDS.studentB, score: 20 });
    expect(outsider.error).not.toBeNull();
    expect(await sql("select 1 from public.grades where evaluation_id = $1 and student_id = $2", [w.evaluationPublished, IDS.studentB])).toEqual([]);

    const { data, error } = await teacher
      .from("grades")
      .insert({ evaluation_id: w.evaluationPublished, student_id: IDS.studentA, score: 14, graded_by: IDS.admin, graded_at: LONG_AGO })
      .select("id")
      .single();
    expect(error).toBeNull();
    const signed = await one<{ graded_by: string; graded_at: Date }>("select graded_by, graded_at from public.grades where id = $1", [data!.id]);
    expect(signed.graded_by).toBe(IDS.teacherA);
    expect(isRecent(signed.graded_at)).toBe(true);

    // nor hand the mark to an outsider afterwards; correcting it is fine
    expect((await teacher.from("grades").update({ student_id: IDS.studentB }).eq("id", data!.id)).error).not.toBeNull();
    expect((await teacher.from("grades").update({ score: 15, graded_by: IDS.teacherB }).eq("id", data!.id)).error).toBeNull();
    expect(await one("select student_id, score::text, graded_by from public.grades where id = $1", [data!.id])).toEqual({
      student_id: IDS.studentA,
      score: "15.00",
      graded_by: IDS.teacherA,
    });
  });

  it("admins may still grade anyone (a mark is then signed by the admin)", async () => {
    const { data, error } = await w.clients.admin
      .from("grades")
      .insert({ evaluation_id: w.evaluationDraft, student_id: IDS.studentB, score: 11, graded_by: IDS.teacherA })
      .select("graded_by")
      .single();
    expect(error).toBeNull();
    expect(data!.graded_by).toBe(IDS.admin);
  });

  it("a teacher takes the register of its own students only, under its own name", async () => {
    const teacher = w.clients.teacherA;
    const outsider = await teacher.from("attendance").insert({ schedule_event_id: w.eventA, student_id: IDS.studentB, status: "absent" });
    expect(outsider.error).not.toBeNull();
    expect(await sql("select 1 from public.attendance where schedule_event_id = $1 and student_id = $2", [w.eventA, IDS.studentB])).toEqual([]);

    const { data, error } = await teacher
      .from("attendance")
      .insert({ schedule_event_id: w.eventA, student_id: IDS.studentA, status: "present", recorded_by: IDS.teacherB })
      .select("id, recorded_by")
      .single();
    expect(error).toBeNull();
    expect(data!.recorded_by).toBe(IDS.teacherA);
    expect((await teacher.from("attendance").update({ student_id: IDS.studentB }).eq("id", data!.id)).error).not.toBeNull();
    expect((await teacher.from("attendance").update({ status: "late" }).eq("id", data!.id)).error).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
describe("7. an applicant withdraws its application and changes nothing else", () => {
  it("withdrawing is allowed, rewriting the file (before or after) is not; admins still edit it", async () => {
    const student = w.clients.studentA;
    const id = uid();
    const submitted = await student.from("applications").insert({ id, kind: "general", full_name: "Awa Ngono", email: "awa@example.cm", applicant_id: IDS.studentA, motivation: "Vraie" });
    expect(submitted.error).toBeNull();
    const file = () => one("select full_name, email, motivation, status from public.applications where id = $1", [id]);

    expect((await student.from("applications").update({ status: "withdrawn", motivation: "Réécrite" }).eq("id", id)).error).not.toBeNull();
    expect(await file()).toEqual({ full_name: "Awa Ngono", email: "awa@example.cm", motivation: "Vraie", status: "submitted" });

    expect((await student.from("applications").update({ status: "withdrawn" }).eq("id", id)).error).toBeNull();
    expect((await student.from("applications").update({ email: "autre@example.cm", full_name: "Quelqu'un" }).eq("id", id)).error).not.toBeNull();
    expect(await file()).toEqual({ full_name: "Awa Ngono", email: "awa@example.cm", motivation: "Vraie", status: "withdrawn" });

    expect((await w.clients.admin.from("applications").update({ motivation: "Corrigée par l'administration" }).eq("id", id)).error).toBeNull();
    expect((await file()).motivation).toBe("Corrigée par l'administration");
  });
});

// ---------------------------------------------------------------------------------------
// Last: it gives the demo admin a verified factor, which changes what its aal1 sessions
// (including the world's admin client) may do.
describe("2. an admin with a second factor needs it (aal2) for admin rights", () => {
  const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  const applicationCount = async () => (await one<{ n: number }>("select count(*)::int as n from public.applications")).n;
  const rolesOf = async (id: string) => (await sql<{ role: string }>("select role from public.user_roles where user_id = $1 order by role", [id])).map((r) => r.role);

  /** Reads every application and grants then revokes a role: true when both work. */
  async function actsAsAdmin(client: SupabaseClient): Promise<boolean> {
    const { data } = await client.from("applications").select("id");
    const reads = (data?.length ?? 0) === (await applicationCount());
    const grant = await client.from("user_roles").insert({ user_id: IDS.classmate, role: "teacher" });
    const granted = (await rolesOf(IDS.classmate)).includes("teacher");
    if (granted) await sql("delete from public.user_roles where user_id = $1 and role = 'teacher'", [IDS.classmate]);
    return reads && grant.error === null && granted;
  }
  /** Refused on both counts: sees no application, cannot grant a role. */
  async function refusedAsAdmin(client: SupabaseClient) {
    const { data } = await client.from("applications").select("id");
    expect(data ?? []).toEqual([]);
    const grant = await client.from("user_roles").insert({ user_id: IDS.classmate, role: "teacher" });
    expect(grant.error).not.toBeNull();
    expect(await rolesOf(IDS.classmate)).toEqual(["student"]);
  }

  it("an admin without a factor (or with an unverified one) keeps its rights at aal1", async () => {
    expect(await applicationCount()).toBeGreaterThan(0);
    const email = "second.admin@example.cm";
    const second = await createUser(stack(), email);
    await sql("insert into public.user_roles (user_id, role) values ($1, 'admin')", [second]);
    const client = await signInAs(stack(), email, TEST_PASSWORD);
    expect(await actsAsAdmin(client)).toBe(true);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    expect(enrolled.error).toBeNull();
    expect(await actsAsAdmin(client)).toBe(true); // not verified yet: not a factor
  });

  it("once the demo admin has verified a TOTP factor, a password-only (aal1) session is refused and aal2 works", async () => {
    const enrolling = await signInAs(stack(), demoAdmin.email, demoAdmin.password);
    const { data: factor, error } = await enrolling.auth.mfa.enroll({ factorType: "totp", friendlyName: "Téléphone" });
    expect(error).toBeNull();
    const verified = await enrolling.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret) });
    expect(verified.error).toBeNull();
    expect(await actsAsAdmin(enrolling)).toBe(true); // this session is aal2 now

    // a stolen password alone: aal1
    const passwordOnly = await signInAs(stack(), demoAdmin.email, demoAdmin.password);
    expect((await passwordOnly.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    await refusedAsAdmin(passwordOnly);
    await refusedAsAdmin(w.clients.admin); // a session opened before the factor was verified
    // storage follows the same rule
    const path = `${IDS.studentA}/mfa-test.pdf`;
    const upload = await passwordOnly.storage.from("documents").upload(path, new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
      contentType: "application/pdf",
    });
    expect(upload.error).not.toBeNull();

    // the same session after the second factor: aal2, admin again
    const { data: challenge } = await passwordOnly.auth.mfa.challenge({ factorId: factor!.id });
    // a code is accepted once: the next 30-second step's code (within the allowed drift)
    const nextCode = totpCode(factor!.totp.secret, Date.now() + 30_000);
    const stepUp = await passwordOnly.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: nextCode });
    expect(stepUp.error).toBeNull();
    expect(await actsAsAdmin(passwordOnly)).toBe(true);
    const upload2 = await passwordOnly.storage.from("documents").upload(path, new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
      contentType: "application/pdf",
    });
    expect(upload2.error).toBeNull();
  });
});
