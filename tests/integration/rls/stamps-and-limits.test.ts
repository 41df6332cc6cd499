// Issue 15, items 5 and 7, through supabase-js against the local stack as the app talks to
// it: the server stamps time and authorship (a backdated message or post, a forged
// created_by, come out with now() and the caller's id; trusted writers keep their values),
// client-writable text and JSON are bounded (a 5 MB application is refused), and anonymous
// inserts are limited per client address, which the local stack passes to SQL in
// request.headers (x-forwarded-for) as the hosted gateway does.
import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
});

type Row = Record<string, unknown>;
const sql = <T = Row>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const LONG_AGO = "2020-01-01T00:00:00+00:00";
const isRecent = (value: unknown) => Math.abs(Date.now() - new Date(String(value)).getTime()) < 60_000;
const uid = () => crypto.randomUUID();

async function row(table: string, id: string): Promise<Row> {
  const rows = await sql(`select * from public.${table} where id = $1`, [id]);
  expect(rows, `${table} ${id}`).toHaveLength(1);
  return rows[0];
}

describe("the server stamps time and authorship", () => {
  it("a backdated message signed with someone else's name gets now() and the sender's id", async () => {
    const id = uid();
    const { error } = await w.clients.studentA.from("messages").insert({
      id,
      conversation_id: w.conversationA,
      sender_id: IDS.teacherA,
      body: "Bonjour",
      created_at: LONG_AGO,
      edited_at: LONG_AGO,
    });
    expect(error).toBeNull();
    const message = await row("messages", id);
    expect(message.sender_id).toBe(IDS.studentA);
    expect(isRecent(message.created_at)).toBe(true);
    expect(message.edited_at).toBeNull();
  });

  it("edited_at is set when the body changes, and is not the client's to write", async () => {
    const id = uid();
    expect((await w.clients.studentA.from("messages").insert({ id, conversation_id: w.conversationA, body: "Salut" })).error).toBeNull();
    const created = await row("messages", id);
    expect(created.sender_id).toBe(IDS.studentA);

    expect((await w.clients.studentA.from("messages").update({ edited_at: LONG_AGO }).eq("id", id)).error).not.toBeNull();
    expect((await row("messages", id)).edited_at).toBeNull();

    expect((await w.clients.studentA.from("messages").update({ body: "Salut !" }).eq("id", id)).error).toBeNull();
    const edited = await row("messages", id);
    expect(isRecent(edited.edited_at)).toBe(true);
    expect(edited.created_at).toEqual(created.created_at);
  });

  it("a backdated post is refused or re-dated; a forged author is replaced by the author's id", async () => {
    const backdated = uid();
    const attempt = await w.clients.studentA.from("community_posts").insert({
      id: backdated,
      title: "Annonce",
      body: "Bonjour à tous",
      created_at: LONG_AGO,
      updated_at: LONG_AGO,
    });
    // (refused when created_at is not among the columns authenticated may insert)
    if (!attempt.error) {
      const post = await row("community_posts", backdated);
      expect(isRecent(post.created_at)).toBe(true);
      expect(isRecent(post.updated_at)).toBe(true);
    }
    const id = uid();
    const { error } = await w.clients.studentA.from("community_posts").insert({
      id,
      author_id: IDS.studentB,
      title: "Annonce",
      body: "Bonjour à tous",
    });
    expect(error).toBeNull();
    const post = await row("community_posts", id);
    expect(post.author_id).toBe(IDS.studentA);
    expect(isRecent(post.created_at)).toBe(true);
  });

  it("a timetable entry's created_by is the teacher who adds it, not the name it sends", async () => {
    const id = uid();
    const { error } = await w.clients.teacherA.from("schedule_events").insert({
      id,
      course_id: w.courseA,
      title: "Séance de révision",
      created_by: IDS.admin,
      created_at: LONG_AGO,
      start_time: new Date(Date.now() + 86_400_000).toISOString(),
      end_time: new Date(Date.now() + 93_600_000).toISOString(),
    });
    expect(error).toBeNull();
    const event = await row("schedule_events", id);
    expect(event.created_by).toBe(IDS.teacherA);
    expect(isRecent(event.created_at)).toBe(true);
  });

  it("an assignment, an evaluation and a quiz are signed by their teacher", async () => {
    for (const [table, extra] of [
      ["assignments", {}],
      ["evaluations", { kind: "exam" }],
      ["quizzes", {}],
    ] as const) {
      const id = uid();
      const { error } = await w.clients.teacherA.from(table).insert({
        id,
        course_id: w.courseA,
        title: "Contrôle",
        created_by: IDS.teacherB,
        created_at: LONG_AGO,
        ...extra,
      });
      expect(error, table).toBeNull();
      const created = await row(table, id);
      expect(created.created_by, table).toBe(IDS.teacherA);
      expect(isRecent(created.created_at), table).toBe(true);
    }
  });

  it("an update keeps the creation stamps (an admin cannot backdate a course either)", async () => {
    const before = await row("courses", w.courseA);
    expect((await w.clients.admin.from("courses").update({ created_at: LONG_AGO }).eq("id", w.courseA)).error).toBeNull();
    expect((await row("courses", w.courseA)).created_at).toEqual(before.created_at);
  });

  it("trusted writers keep the values they send: the owner (seed) and the service role (worker)", async () => {
    const id = uid();
    await sql("insert into public.messages (id, conversation_id, sender_id, body, created_at) values ($1, $2, $3, 'Archive', $4)", [id, w.conversationA, IDS.teacherA, LONG_AGO]);
    const archived = await row("messages", id);
    expect(archived.sender_id).toBe(IDS.teacherA);
    expect(new Date(String(archived.created_at)).toISOString()).toBe("2020-01-01T00:00:00.000Z");

    const note = uid();
    const { error } = await stack().client({ secret: true }).from("student_notifications").insert({
      id: note,
      user_id: IDS.studentA,
      type: "announcement",
      title: "Rappel",
      message: "Archive",
      created_at: LONG_AGO,
    });
    expect(error).toBeNull();
    expect(new Date(String((await row("student_notifications", note)).created_at)).toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });
});

describe("anonymous writes are bounded", () => {
  const application = (extra: Row = {}) => ({ kind: "general", full_name: "Visiteur Pressé", email: "visiteur@example.cm", ...extra });

  it("a 5 MB application is refused, and so are 20 KB of extra answers (by the database)", async () => {
    const anon = stack().client();
    const before = (await sql<{ n: number }>("select count(*)::int as n from public.applications"))[0].n;
    const huge = "x".repeat(5 * 1024 * 1024);
    expect((await anon.from("applications").insert(application({ motivation: huge }))).error).not.toBeNull();
    expect((await anon.from("applications").insert(application({ details: { cv: huge } }))).error).not.toBeNull();
    const big = await anon.from("applications").insert(application({ details: { cv: "y".repeat(20_000) } }));
    // (hosted PostgREST answers 400 with code 23514; lite passes the message through)
    expect(big.error?.message).toMatch(/applications_details_size/);
    expect((await sql<{ n: number }>("select count(*)::int as n from public.applications"))[0].n).toBe(before);
  });

  it("the database sees the client's address in request.headers, as on a hosted project", async () => {
    const { error } = await stack().client().from("applications").insert(application());
    expect(error).toBeNull();
    const seen = await sql<{ client: string }>("select client from private.anonymous_inserts order by id desc limit 1");
    expect(seen[0].client).toBe((await sql<{ d: string }>("select md5('127.0.0.1') as d"))[0].d);
  });

  it("anonymous applications are limited per address: the 11th in 10 minutes is refused, a forged x-forwarded-for does not help", async () => {
    await sql("delete from private.anonymous_inserts");
    const anon = stack().client();
    for (let i = 0; i < 10; i++) expect((await anon.from("applications").insert(application())).error).toBeNull();
    const refused = await anon.from("applications").insert(application());
    expect(refused.error?.message).toMatch(/too many submissions/);

    const forged = createClient(stack().url, stack().keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { "x-forwarded-for": "203.0.113.50", "x-real-ip": "203.0.113.50", "cf-connecting-ip": "203.0.113.50" } },
    });
    expect((await forged.from("applications").insert(application())).error?.message).toMatch(/too many submissions/);

    // signed-in people are not counted against the address
    expect((await w.clients.studentB.from("applications").insert(application())).error).toBeNull();
  });
});
