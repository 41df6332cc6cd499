import { beforeEach, describe, expect, it } from "vitest";
import { runTick } from "../../worker/tick.ts";
import { OutboxSender } from "../../src/lib/messaging/index.ts";
import { useLocalStack } from "../fixtures/stack.ts";
import { createCourse, createSession, createUser, enrol } from "../fixtures/teaching.ts";

const stack = useLocalStack({ seed: false });
const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

interface Row {
  user_id: string;
  schedule_event_id: string;
  title: string;
  message: string;
  priority: string;
  type: string;
  data: { course_title: string; start_time: string; meeting_url: string };
  action_url: string;
  text_key: string | null;
  text_params: Record<string, unknown>;
  expires_at: string;
  created_at: string;
  is_read: boolean;
  is_dismissed: boolean;
}
const notifications = () => stack().sql<Row>("select * from public.student_notifications order by created_at");

beforeEach(async () => {
  await stack().sql("truncate public.student_notifications, public.outbox_messages, public.notification_preferences, public.schedule_events, public.course_enrollments, public.courses cascade");
});

describe("course-start tick against the database", () => {
  it("notifies each active student of an online session in the next 15 minutes, in their language", async () => {
    const now = new Date();
    const awa = await createUser(stack(), `awa-${crypto.randomUUID()}@test.cm`, "fr");
    const john = await createUser(stack(), `john-${crypto.randomUUID()}@test.cm`, "en");
    const course = await createCourse(stack(), { title: "Algorithmique", zoom: "912 345 6789", passcode: "uel" });
    const session = await createSession(stack(), course, minutes(10, now));
    await enrol(stack(), course, awa);
    await enrol(stack(), course, john);

    const result = await runTick(stack().client({ secret: true }), now);
    expect(result).toMatchObject({ eventsSeen: 1, created: 2, skipped: 0 });

    const rows = await notifications();
    expect(rows).toHaveLength(2);
    const fr = rows.find((r) => r.user_id === awa)!;
    const en = rows.find((r) => r.user_id === john)!;
    expect(fr).toMatchObject({
      type: "course_starting",
      priority: "high",
      schedule_event_id: session,
      title: "Votre cours commence bientôt",
      message: "Algorithmique commence dans 15 minutes.",
      action_url: "https://zoom.us/j/9123456789?pwd=uel",
      text_key: "courseStarting",
      text_params: { course: "Algorithmique" },
      is_read: false,
      is_dismissed: false,
    });
    expect(en.message).toBe("Algorithmique begins in 15 minutes.");
    expect(fr.data).toEqual({
      course_title: "Algorithmique",
      start_time: minutes(10, now).toISOString(),
      meeting_url: "https://zoom.us/j/9123456789?pwd=uel",
    });
    expect(new Date(fr.expires_at).getTime()).toBe(now.getTime() + 3 * 3600_000);
  });

  it("ignores offline sessions, sessions outside the window and inactive enrolments", async () => {
    const now = new Date();
    const active = await createUser(stack(), `a-${crypto.randomUUID()}@test.cm`);
    const dropped = await createUser(stack(), `d-${crypto.randomUUID()}@test.cm`);
    const course = await createCourse(stack(), { title: "Réseaux", teams: "https://teams.microsoft.com/l/meetup-join/x" });
    await enrol(stack(), course, active);
    await enrol(stack(), course, dropped, "dropped");
    await createSession(stack(), course, minutes(5, now), false); // in a room
    await createSession(stack(), course, minutes(16, now)); // too far
    await createSession(stack(), course, minutes(-1, now)); // already started

    expect(await runTick(stack().client({ secret: true }), now)).toMatchObject({ eventsSeen: 0, created: 0 });
    const online = await createSession(stack(), course, minutes(15, now)); // the window's far edge
    expect(await runTick(stack().client({ secret: true }), now)).toMatchObject({ eventsSeen: 1, created: 1 });
    const rows = await notifications();
    expect(rows.map((r) => [r.user_id, r.schedule_event_id, r.action_url])).toEqual([[active, online, "https://teams.microsoft.com/l/meetup-join/x"]]);
  });

  it("skips a student notified for the course in the last 30 minutes, and notifies again after", async () => {
    const now = new Date();
    const student = await createUser(stack(), `s-${crypto.randomUUID()}@test.cm`);
    const course = await createCourse(stack(), { title: "Analyse", zoom: "123456789" });
    await enrol(stack(), course, student);
    await createSession(stack(), course, minutes(10, now));
    expect((await runTick(stack().client({ secret: true }), now)).created).toBe(1);

    // A second session of the same course 20 minutes later: still within 30 minutes of the first notice.
    const later = minutes(20, now);
    await createSession(stack(), course, minutes(10, later));
    expect(await runTick(stack().client({ secret: true }), later)).toMatchObject({ created: 0, skipped: 1 });

    // Once the first notice is more than 30 minutes old, the next session is announced.
    await stack().sql("update public.student_notifications set created_at = created_at - interval '31 minutes'");
    expect(await runTick(stack().client({ secret: true }), later)).toMatchObject({ created: 1, skipped: 0 });
  });

  it("never duplicates when two workers tick at once", async () => {
    const now = new Date();
    const course = await createCourse(stack(), { title: "Statistiques", zoom: "123456789" });
    await createSession(stack(), course, minutes(3, now));
    for (let i = 0; i < 5; i++) await enrol(stack(), course, await createUser(stack(), `c${i}-${crypto.randomUUID()}@test.cm`));

    const [a, b] = await Promise.all([runTick(stack().client({ secret: true }), now), runTick(stack().client({ secret: true }), now)]);
    expect(a.created + b.created).toBe(5);
    expect(a.skipped + b.skipped).toBe(5);
    expect(await notifications()).toHaveLength(5);
  });

  it("is refused to anyone without the secret key", async () => {
    const { error } = await stack().client().rpc("course_start_candidates", {
      window_start: new Date().toISOString(),
      window_end: new Date().toISOString(),
      duplicate_since: new Date().toISOString(),
    });
    expect(error).not.toBeNull();
  });

  it("honours a student who turned course_starting off in the app", async () => {
    const now = new Date();
    const quiet = await createUser(stack(), `q-${crypto.randomUUID()}@test.cm`);
    const other = await createUser(stack(), `o-${crypto.randomUUID()}@test.cm`);
    await stack().sql("insert into public.notification_preferences (user_id, type, in_app) values ($1, 'course_starting', false)", [quiet]);
    // Another type turned off changes nothing for course_starting.
    await stack().sql("insert into public.notification_preferences (user_id, type, in_app) values ($1, 'payment', false)", [other]);
    const course = await createCourse(stack(), { title: "Chimie", zoom: "123456789" });
    await createSession(stack(), course, minutes(5, now));
    await enrol(stack(), course, quiet);
    await enrol(stack(), course, other);

    expect(await runTick(stack().client({ secret: true }), now, new OutboxSender(() => {}))).toMatchObject({ created: 1, queued: 0 });
    expect((await notifications()).map((r) => r.user_id)).toEqual([other]);
    expect(await stack().sql("select * from public.outbox_messages")).toEqual([]);
  });

  it("texts a student who turned SMS on: an outbox row, a masked log line, once per session", async () => {
    const now = new Date();
    const email = `sms-${crypto.randomUUID()}@test.cm`;
    const texted = await createUser(stack(), email, "en");
    await stack().sql("update public.profile_contacts set phone = '+237671234567' where user_id = $1", [texted]);
    await stack().sql("insert into public.notification_preferences (user_id, type, in_app, email, sms) values ($1, 'course_starting', true, true, true)", [texted]);
    const course = await createCourse(stack(), { title: "Physique", zoom: "123456789" });
    const session = await createSession(stack(), course, minutes(12, now));
    await enrol(stack(), course, texted);

    const lines: string[] = [];
    const result = await runTick(stack().client({ secret: true }), now, new OutboxSender((l) => lines.push(l)));
    expect(result).toMatchObject({ created: 1, queued: 2, delivered: 2, failed: 0 });
    const outbox = await stack().sql<{ channel: string; recipient: string; status: string; provider: string; body: string; schedule_event_id: string; user_id: string }>(
      "select channel, recipient, status, provider, body, schedule_event_id, user_id from public.outbox_messages order by channel",
    );
    expect(outbox).toEqual([
      expect.objectContaining({ channel: "email", recipient: email, status: "logged", provider: "outbox", user_id: texted, schedule_event_id: session }),
      {
        channel: "sms",
        recipient: "+237671234567",
        status: "logged",
        provider: "outbox",
        user_id: texted,
        schedule_event_id: session,
        body: "Physique begins in 15 minutes. https://zoom.us/j/123456789",
      },
    ]);
    expect(lines).toHaveLength(2);
    const logged = lines.join("\n");
    expect(logged).toContain("+237 6••••••67");
    expect(logged).not.toContain("671234567");
    expect(logged).not.toContain(email);

    // The next tick, 5 minutes later: nothing is sent again.
    expect(await runTick(stack().client({ secret: true }), minutes(5, now), new OutboxSender(() => {}))).toMatchObject({ created: 0, queued: 0 });
    expect(await stack().sql("select id from public.outbox_messages")).toHaveLength(2);
  });

  it("keeps the SMS of a student who reads notices only by SMS to one per session, even with two workers", async () => {
    const now = new Date();
    const texted = await createUser(stack(), `only-${crypto.randomUUID()}@test.cm`);
    await stack().sql("update public.profile_contacts set phone = '+237699887766' where user_id = $1", [texted]);
    await stack().sql("insert into public.notification_preferences (user_id, type, in_app, sms) values ($1, 'course_starting', false, true)", [texted]);
    const course = await createCourse(stack(), { title: "Biologie", zoom: "123456789" });
    await createSession(stack(), course, minutes(8, now));
    await enrol(stack(), course, texted);

    const quiet = () => new OutboxSender(() => {});
    const [a, b] = await Promise.all([runTick(stack().client({ secret: true }), now, quiet()), runTick(stack().client({ secret: true }), now, quiet())]);
    expect(a.queued + b.queued).toBe(1);
    expect(await notifications()).toEqual([]);
    expect(await runTick(stack().client({ secret: true }), minutes(5, now), quiet())).toMatchObject({ queued: 0, skipped: 1 });
  });

  it("records what the provider answered: a refused SMS is marked failed with its reason", async () => {
    const now = new Date();
    const student = await createUser(stack(), `fail-${crypto.randomUUID()}@test.cm`);
    await stack().sql("update public.profile_contacts set phone = '+237655443322' where user_id = $1", [student]);
    await stack().sql("insert into public.notification_preferences (user_id, type, sms) values ($1, 'course_starting', true)", [student]);
    const course = await createCourse(stack(), { title: "Géologie", zoom: "123456789" });
    await createSession(stack(), course, minutes(7, now));
    await enrol(stack(), course, student);

    const refusing = { send: async (m: { id: string }) => ({ id: m.id, status: "failed" as const, provider: "orange", provider_id: null, error: "orange 400 SVC0004" }) };
    expect(await runTick(stack().client({ secret: true }), now, refusing)).toMatchObject({ created: 1, queued: 1, delivered: 0, failed: 1 });
    expect(await stack().sql("select status, provider, error, sent_at from public.outbox_messages")).toEqual([{ status: "failed", provider: "orange", error: "orange 400 SVC0004", sent_at: null }]);
  });
});
