// Writes sent once (20260818000001_idempotent_writes.sql) under real concurrency, on real
// PostgreSQL: a device's outbox, two tabs and the service worker's sync can send the same
// hand-in or message at the same moment. PGlite runs one statement at a time, so only here
// do the two sends overlap: the first still uncommitted when the second arrives.
//
// * hand_in: the same key sent at once by many connections is one submission, written by
//   one transaction (the row's xmin), first hand-in and revision alike. (Without its lock,
//   the first two cases fail with a duplicate row and the third with a second update.)
// * send_message: the same key sent at once is one message with one attachment row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { DEMO, outcomes, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

let h: HostedDb;
let course = "";
let conversation = "";
const student = { role: "authenticated", sub: DEMO.student } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  h = await startHostedDb();
  course = (await h.owner.query("select id from public.courses where code = 'INF-L2-101'")).rows[0].id;
  conversation = (await h.owner.query("select id from public.conversations where subject = 'Question sur les arbres AVL'")).rows[0].id;
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

const newAssignment = async () =>
  (await h.owner.query("insert into public.assignments (course_id, title, due_at, created_by) values ($1, 'Concurrence', now() + interval '2 days', $2) returning id", [course, DEMO.teacher])).rows[0]
    .id as string;

/** One send of a hand-in in its own transaction; `hold` keeps it open (uncommitted) that long after writing. */
const handIn = (assignment: string, body: string, key: string, hold = 0) =>
  h.actAs(student, async (db: pg.Client) => {
    const {
      rows: [{ id, xid }],
    } = await db.query("select public.hand_in($1, $2, '{}', $3) as id, pg_current_xact_id()::text as xid", [assignment, body, key]);
    if (hold) await db.query("select pg_sleep($1)", [hold / 1000]);
    return { id: id as string, xid: xid as string };
  });

const rowsOf = async (assignment: string) => (await h.owner.query("select id, body, xmin::text as xmin from public.assignment_submissions where assignment_id = $1", [assignment])).rows;

describe("hand_in: the same key at once", () => {
  it("a first hand-in still uncommitted when its replay arrives: the replay waits and returns it, writing nothing", async () => {
    const assignment = await newAssignment();
    const key = crypto.randomUUID();
    const first = handIn(assignment, "Copie", key, 400);
    await sleep(100);
    const [a, b] = await Promise.all([first, handIn(assignment, "Copie", key)]);
    expect(b.id).toBe(a.id);
    expect(await rowsOf(assignment)).toEqual([{ id: a.id, body: "Copie", xmin: a.xid }]);
  });

  it("a burst of 12 sends of one key: all answer the same submission, written by one of them", async () => {
    const assignment = await newAssignment();
    const key = crypto.randomUUID();
    const { ok, errors } = await outcomes(Array.from({ length: 12 }, () => handIn(assignment, "Rafale", key)));
    expect(errors).toEqual([]);
    expect(new Set(ok.map((r) => r.id)).size).toBe(1);
    const rows = await rowsOf(assignment);
    expect(rows).toHaveLength(1);
    expect(ok.map((r) => r.xid)).toContain(rows[0].xmin);
  });

  it("a revision still uncommitted when its replay arrives: one update (the replay does not write it again)", async () => {
    const assignment = await newAssignment();
    const original = await handIn(assignment, "Première version", crypto.randomUUID());
    const key = crypto.randomUUID();
    const first = handIn(assignment, "Version revue", key, 400);
    await sleep(100);
    const [a, b] = await Promise.all([first, handIn(assignment, "Version revue", key)]);
    expect([a.id, b.id]).toEqual([original.id, original.id]);
    expect(await rowsOf(assignment)).toEqual([{ id: original.id, body: "Version revue", xmin: a.xid }]);
  });
});

describe("send_message: the same key at once", () => {
  const send = (key: string, body: string, hold = 0) =>
    h.actAs(student, async (db: pg.Client) => {
      const attachment = [{ storage_path: `${conversation}/${DEMO.student}/${key}-0-notes.pdf`, file_name: "notes.pdf", mime_type: "application/pdf", size_bytes: 10 }];
      const {
        rows: [{ id }],
      } = await db.query("select public.send_message($1, $2, $3::jsonb, $4) as id", [conversation, body, JSON.stringify(attachment), key]);
      if (hold) await db.query("select pg_sleep($1)", [hold / 1000]);
      return id as string;
    });
  const count = async (body: string) =>
    (
      await h.owner.query(
        `select count(distinct m.id)::int as messages, count(a.id)::int as attachments
       from public.messages m left join public.message_attachments a on a.message_id = m.id where m.body = $1`,
        [body],
      )
    ).rows[0];

  it("a send still uncommitted when its replay arrives: one message, one attachment", async () => {
    const key = crypto.randomUUID();
    const first = send(key, "Hors ligne, envoyé deux fois", 400);
    await sleep(100);
    const [a, b] = await Promise.all([first, send(key, "Hors ligne, envoyé deux fois")]);
    expect(b).toBe(a);
    expect(await count("Hors ligne, envoyé deux fois")).toEqual({ messages: 1, attachments: 1 });
  });

  it("a burst of 12 sends of one key: one message", async () => {
    const key = crypto.randomUUID();
    const { ok, errors } = await outcomes(Array.from({ length: 12 }, () => send(key, "Rafale de messages")));
    expect(errors).toEqual([]);
    expect(new Set(ok).size).toBe(1);
    expect(await count("Rafale de messages")).toEqual({ messages: 1, attachments: 1 });
  });
});
