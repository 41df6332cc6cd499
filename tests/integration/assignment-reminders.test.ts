// Assignment reminders (assignment_due_messages, run by the worker's remindAssignmentsDue):
// who is reminded, on which channels, once; and that only the worker may ask.
import { beforeEach, describe, expect, it } from "vitest";
import { OutboxSender } from "../../src/lib/messaging/index.ts";
import { remindAssignmentsDue } from "../../worker/assignments.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { createCourse, createUser, enrol, TEST_PASSWORD } from "../fixtures/teaching.ts";

const stack = useLocalStack({ seed: false });
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const lines: string[] = [];
const sender = new OutboxSender((line) => lines.push(line));
const remind = (env: Record<string, string> = {}) => remindAssignmentsDue(stack().client({ secret: true }), env, sender);

async function assignment(course: string, title: string, dueAt: string, opensAt: string | null = null): Promise<string> {
  const [row] = await stack().sql<{ id: string }>("insert into public.assignments (course_id, title, due_at, opens_at) values ($1, $2, $3, $4) returning id", [course, title, dueAt, opensAt]);
  return row.id;
}
type Notice = { user_id: string; type: string; title: string; message: string; text_key: string; text_params: Record<string, string>; data: Record<string, string> };
const notices = () => stack().sql<Notice>("select user_id, type, title, message, text_key, text_params, data from public.student_notifications where type = 'assignment_due'");

beforeEach(async () => {
  await stack().sql("truncate public.student_notifications, public.outbox_messages, public.notification_preferences, public.assignments, public.course_enrollments, public.courses cascade");
  lines.length = 0;
});

describe("assignment reminders", () => {
  it("reminds each active student who has handed nothing in, in their language, once", async () => {
    const awa = await createUser(stack(), `awa-${crypto.randomUUID()}@test.cm`, "fr");
    const john = await createUser(stack(), `john-${crypto.randomUUID()}@test.cm`, "en");
    const done = await createUser(stack(), `rendu-${crypto.randomUUID()}@test.cm`, "fr");
    const dropped = await createUser(stack(), `parti-${crypto.randomUUID()}@test.cm`, "fr");
    const course = await createCourse(stack(), { title: "Algorithmique" });
    for (const student of [awa, john, done]) await enrol(stack(), course, student);
    await enrol(stack(), course, dropped, "dropped");
    const due = hours(10);
    const tp = await assignment(course, "TP noté n° 2", due);
    await stack().sql("insert into public.assignment_submissions (assignment_id, student_id, body) values ($1, $2, 'Ma copie')", [tp, done]);

    expect(await remind()).toEqual({ reminded: 2, created: 2, queued: 0, failed: 0 });
    const rows = await notices();
    expect(rows.map((n) => n.user_id).sort()).toEqual([awa, john].sort());
    const fr = rows.find((n) => n.user_id === awa)!;
    expect(fr).toMatchObject({ title: "Devoir à rendre : Algorithmique", text_key: "assignmentDue", data: { kind: "assignment_due", assignment_id: tp } });
    expect(fr.message).toMatch(/^TP noté n° 2 est à rendre le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(heure de Douala\)\.$/);
    expect(fr.text_params).toMatchObject({ course: "Algorithmique", assignment: "TP noté n° 2" });
    expect(new Date(fr.text_params.due_at).getTime()).toBe(new Date(due).getTime());
    expect(rows.find((n) => n.user_id === john)!.title).toBe("Assignment due: Algorithmique");

    // Every later tick: nobody twice.
    expect(await remind()).toEqual({ reminded: 0, created: 0, queued: 0, failed: 0 });
    expect(await notices()).toHaveLength(2);
  });

  it("reminds only of open assignments due within the window (24 hours, or ASSIGNMENTS_REMIND_HOURS_BEFORE)", async () => {
    const awa = await createUser(stack(), `awa-${crypto.randomUUID()}@test.cm`, "fr");
    const course = await createCourse(stack(), { title: "Réseaux" });
    await enrol(stack(), course, awa);
    await assignment(course, "Passé", hours(-1));
    await assignment(course, "Pas encore ouvert", hours(5), hours(2));
    const later = await assignment(course, "Dans deux jours", hours(30));
    expect((await remind()).reminded).toBe(0);
    expect((await remind({ ASSIGNMENTS_REMIND_HOURS_BEFORE: "48" })).reminded).toBe(1);
    expect((await notices()).map((n) => n.data.assignment_id)).toEqual([later]);
    const refused = await stack().client({ secret: true }).rpc("assignment_due_messages", { hours_before: 0 });
    expect(refused.error?.message).toMatch(/between 1 and 168/);
  });

  it("follows the student's channels: an e-mail copy sent through the outbox, none in the centre when refused there", async () => {
    const email = `mail-${crypto.randomUUID()}@test.cm`;
    const mail = await createUser(stack(), email, "fr");
    const course = await createCourse(stack(), { title: "Bases de données" });
    await enrol(stack(), course, mail);
    await stack().sql("insert into public.notification_preferences (user_id, type, in_app, email, sms) values ($1, 'assignment_due', false, true, false)", [mail]);
    await assignment(course, "Projet SQL", hours(3));

    expect(await remind()).toEqual({ reminded: 1, created: 0, queued: 1, failed: 0 });
    expect(await notices()).toHaveLength(0);
    const [copy] = await stack().sql<{ channel: string; recipient: string; subject: string; status: string; kind: string }>(
      "select channel, recipient, subject, status, kind from public.outbox_messages where user_id = $1",
      [mail],
    );
    expect(copy).toEqual({ channel: "email", recipient: email, subject: "Devoir à rendre : Bases de données", status: "logged", kind: "assignment_due" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(email);
  });

  it("is the worker's alone: a signed-in student cannot call it", async () => {
    const email = `curieux-${crypto.randomUUID()}@test.cm`;
    await createUser(stack(), email, "fr");
    const student = await signInAs(stack(), email, TEST_PASSWORD);
    const { error } = await student.rpc("assignment_due_messages", { hours_before: 24 });
    expect(error).not.toBeNull();
    expect((await stack().client().rpc("assignment_due_messages", { hours_before: 24 })).error).not.toBeNull();
  });
});
