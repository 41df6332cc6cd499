// Rules the schema enforces beyond who-sees-what: classmates see names but not phones,
// quizzes grade themselves, applications follow their process with a history, a
// succeeded payment gets a receipt, notifications are never duplicated per session.
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
});

describe("people", () => {
  it("a classmate sees a student's name, not its phone", async () => {
    const email = (await stack().sql<{ email: string }>("select email from auth.users where id = $1", [IDS.classmate]))[0].email;
    const classmate = await signInAs(stack(), email, "Rls-Test-Password-42");
    const { data: profile } = await classmate.from("profiles").select("full_name").eq("id", IDS.studentA);
    expect(profile).toEqual([{ full_name: "Awa Ngono" }]);
    const { data: contact } = await classmate.from("profile_contacts").select("phone").eq("user_id", IDS.studentA);
    expect(contact).toEqual([]);
  });

  it("a student sees its own phone, its teacher's name, and no stranger", async () => {
    const mine = await w.clients.studentA.from("profile_contacts").select("phone");
    expect(mine.data).toEqual([{ phone: "+237 6 90 00 00 01" }]);
    const teacher = await w.clients.studentA.from("profiles").select("full_name").eq("id", IDS.teacherA);
    expect(teacher.data).toEqual([{ full_name: "Jean-Paul Mbarga" }]);
    const stranger = await w.clients.studentA.from("profiles").select("full_name").eq("id", IDS.studentB);
    expect(stranger.data).toEqual([]);
  });
});

describe("quizzes", () => {
  it("grade a submitted attempt from the answer key, ignoring a score the student sends", async () => {
    const questions = await stack().sql<{ id: string; position: number }>("select id, position from public.quiz_questions where quiz_id = $1 and position <= 3 order by position", [w.quizA]);
    const [q1, q2, q3] = questions.map((q) => q.id);
    const client = w.clients.studentA;
    const { data: attempt, error } = await client.from("quiz_attempts").insert({ quiz_id: w.quizA, student_id: IDS.studentA, score: 20 }).select("id, score").single();
    expect(error).toBeNull();
    expect(attempt!.score).toBeNull();

    // q1 right (1 pt), q2 half right so wrong (0 of 2), q3 right (1 pt), spare question unanswered: 2 of 5 points
    const answers = { [q1]: ["b"], [q2]: ["a"], [q3]: ["false"] };
    const answered = await client.from("quiz_attempts").update({ answers, score: 20 }).eq("id", attempt!.id);
    expect(answered.error).toBeNull();
    expect((await client.rpc("submit_quiz_attempt", { attempt: attempt!.id })).error).toBeNull();
    // the score is the student's to read only once the results are released
    expect((await client.from("quiz_attempts").select("score").eq("id", attempt!.id)).data).toEqual([]);
    const score = (await stack().sql<{ s: string }>("select score::text as s from public.quiz_attempts where id = $1", [attempt!.id]))[0].s;
    const total = (await stack().sql<{ t: string }>("select sum(points)::text as t from public.quiz_questions where quiz_id = $1", [w.quizA]))[0].t;
    expect(Number(score)).toBeCloseTo(Math.round((20 * 2 * 100) / Number(total)) / 100, 2);

    // once submitted, the attempt is frozen
    await client
      .from("quiz_attempts")
      .update({ answers: { [q2]: ["a", "c"] } })
      .eq("id", attempt!.id);
    const after = await stack().sql<{ answers: Record<string, string[]> }>("select answers from public.quiz_attempts where id = $1", [attempt!.id]);
    expect(after[0].answers[q2]).toEqual(["a"]);
  });

  it("refuse attempts beyond the quiz's maximum", async () => {
    const client = w.clients.studentA;
    const before = await stack().sql<{ n: number }>("select count(*)::int as n from public.quiz_attempts where quiz_id = $1 and student_id = $2", [w.quizA, IDS.studentA]);
    // max_attempts is 2 in the seed; fill up to it, then one more must fail
    for (let i = before[0].n; i < 2; i++) {
      expect((await client.from("quiz_attempts").insert({ quiz_id: w.quizA, student_id: IDS.studentA })).error).toBeNull();
    }
    const extra = await client.from("quiz_attempts").insert({ quiz_id: w.quizA, student_id: IDS.studentA });
    expect(extra.error).not.toBeNull();
  });
});

describe("applications", () => {
  it("an anonymous submission starts the history with no actor", async () => {
    const id = crypto.randomUUID();
    const anon = stack().client();
    const { error } = await anon.from("applications").insert({ id, kind: "professional", full_name: "Rose Mbah", email: "rose@example.cm", professional_formation_id: null });
    expect(error).toBeNull();
    const history = await stack().sql("select from_status, to_status, actor_id from public.application_status_history where application_id = $1", [id]);
    expect(history).toEqual([{ from_status: null, to_status: "submitted", actor_id: null }]);
    // and the visitor cannot read it back
    const { data } = await anon.from("applications").select("id").eq("id", id);
    expect(data ?? []).toEqual([]);
  });

  it("admins move it step by step, each step recorded with who and when; skipping steps is refused", async () => {
    const id = crypto.randomUUID();
    await stack().client().from("applications").insert({ id, kind: "general", full_name: "Yves Tagne", email: "yves@example.cm" });
    const admin = w.clients.admin;
    const skip = await admin.from("applications").update({ status: "enrolled" }).eq("id", id);
    expect(skip.error).not.toBeNull();
    for (const status of ["under_review", "documents_requested", "under_review", "admitted", "enrolled"]) {
      const { error } = await admin.from("applications").update({ status }).eq("id", id);
      expect(error, status).toBeNull();
    }
    const history = await stack().sql<{ from_status: string | null; to_status: string; actor_id: string | null }>(
      "select from_status, to_status, actor_id from public.application_status_history where application_id = $1 order by changed_at",
      [id],
    );
    expect(history.map((h) => `${h.from_status ?? "-"}>${h.to_status}`)).toEqual([
      "->submitted",
      "submitted>under_review",
      "under_review>documents_requested",
      "documents_requested>under_review",
      "under_review>admitted",
      "admitted>enrolled",
    ]);
    expect(history.slice(1).every((h) => h.actor_id === IDS.admin)).toBe(true);
    const back = await admin.from("applications").update({ status: "withdrawn" }).eq("id", id);
    expect(back.error).not.toBeNull(); // enrolled is final
  });
});

describe("money", () => {
  it("a payment recorded then confirmed by the bursar gets a numbered receipt the student can read", async () => {
    const { data: payment, error } = await w.clients.admin
      .from("payments")
      .insert({ student_id: IDS.studentA, amount_xaf: 150000, method: "orange_money", payer_phone: "+237 6 99 00 00 00" })
      .select("id, status")
      .single();
    expect(error).toBeNull();
    expect(payment!.status).toBe("pending");
    const confirm = await w.clients.admin.from("payments").update({ status: "succeeded", paid_at: new Date().toISOString(), reference: "OM-123456789" }).eq("id", payment!.id);
    expect(confirm.error).toBeNull();
    const { data: receipts } = await w.clients.studentA.from("receipts").select("number, amount_xaf").eq("payment_id", payment!.id);
    expect(receipts).toHaveLength(1);
    expect(receipts![0].number).toMatch(/^REC-\d{4}-\d{6}$/);
    expect(receipts![0].amount_xaf).toBe(150000);
  });

  it("amounts are whole francs", async () => {
    const { error } = await w.clients.admin.from("payments").insert({ student_id: IDS.studentA, amount_xaf: 1000.5, method: "cash" });
    expect(error).not.toBeNull();
  });
});

describe("student notifications", () => {
  it("are created unread and not dismissed, and once per student and session", async () => {
    const service = stack().client({ secret: true });
    const row = {
      user_id: IDS.studentA,
      schedule_event_id: w.eventA,
      type: "course_starting",
      title: "Votre cours commence bientôt",
      message: "Votre cours commence dans 15 minutes.",
      priority: "high",
      data: { course_title: "Algorithmique", start_time: new Date().toISOString(), meeting_url: "https://zoom.us/j/1" },
      action_url: "https://zoom.us/j/1",
      action_label: "Rejoindre",
      expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(),
    };
    const first = await service.from("student_notifications").insert(row).select("is_read, is_dismissed").single();
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ is_read: false, is_dismissed: false });
    const second = await service.from("student_notifications").insert(row);
    expect(second.error).not.toBeNull();
    const ignored = await service.from("student_notifications").upsert(row, { onConflict: "user_id,schedule_event_id", ignoreDuplicates: true });
    expect(ignored.error).toBeNull();
    const rows = await stack().sql("select id from public.student_notifications where user_id = $1 and schedule_event_id = $2", [IDS.studentA, w.eventA]);
    expect(rows).toHaveLength(1);
  });

  it("the student marks them read and dismissed", async () => {
    const { data } = await w.clients.studentA.from("student_notifications").update({ is_read: true, is_dismissed: true }).eq("schedule_event_id", w.eventA).select("is_read, is_dismissed");
    expect(data).toEqual([{ is_read: true, is_dismissed: true }]);
  });
});
