// 20260814000000_announcement_threads.sql regroups announcements sent before it (one
// conversation per recipient, the sender in each) into one thread for the sender. Proved on
// real PostgreSQL with the seed: an old-style announcement is written as the old function
// did, then the migration's regrouping block runs again on it.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

let h: HostedDb;
beforeAll(async () => {
  h = await startHostedDb();
}, 120_000);
afterAll(async () => h?.stop());

const migration = readFileSync(new URL("../../../supabase/migrations/20260814000000_announcement_threads.sql", import.meta.url), "utf8");
const regroup = migration.slice(migration.lastIndexOf("do $$"));

it("an announcement sent the old way becomes one thread for its sender, recipients keep their copies", async () => {
  const q = (sql: string, params: unknown[] = []) => h.owner.query(sql, params).then((r) => r.rows);
  const recipients = [DEMO.student, DEMO.teacher];
  const sentAt = "2026-03-02T08:00:00Z";
  const copies: string[] = [];
  for (const recipient of recipients) {
    const [{ id }] = await q("insert into public.conversations (subject, created_by, kind, created_at) values ('Ancienne annonce', $1, 'announcement', $2) returning id", [DEMO.admin, sentAt]);
    copies.push(id);
    await q("insert into public.conversation_participants (conversation_id, user_id, last_read_at) values ($1, $2, $4), ($1, $3, null)", [id, DEMO.admin, recipient, sentAt]);
    await q("insert into public.messages (conversation_id, sender_id, body, created_at) values ($1, $2, 'Texte ancien', $3)", [id, DEMO.admin, sentAt]);
  }
  await q("update public.conversation_participants set last_read_at = now() where conversation_id = $1 and user_id = $2", [copies[0], DEMO.student]);

  await q(regroup);

  const [announcement] = await q("select * from public.announcements where title = 'Ancienne annonce'");
  expect(announcement).toMatchObject({ sender_id: DEMO.admin, recipient_count: 2 });
  // the sender: one thread with the message, and no longer in the recipients' copies
  const threads = await q("select c.id from public.conversations c join public.conversation_participants p on p.conversation_id = c.id where p.user_id = $1 and c.subject = 'Ancienne annonce'", [
    DEMO.admin,
  ]);
  expect(threads.map((t) => t.id)).toEqual([announcement.sender_conversation_id]);
  expect((await q("select body from public.messages where conversation_id = $1", [announcement.sender_conversation_id])).map((m) => m.body)).toEqual(["Texte ancien"]);
  expect(await q("select user_id from public.conversation_participants where conversation_id = any($1) order by user_id", [copies])).toEqual(recipients.sort().map((user_id) => ({ user_id })));
  // the read count follows the copies
  const counts = await h.actAs({ role: "authenticated", sub: DEMO.admin }, (db) =>
    db.query("select recipient_count, read_count from public.my_announcements() where id = $1", [announcement.id]).then((r) => r.rows),
  );
  expect(counts).toEqual([{ recipient_count: 2, read_count: 1 }]);
  // run again: nothing more
  await q(regroup);
  expect(await q("select 1 from public.announcements where title = 'Ancienne annonce'")).toHaveLength(1);
});
