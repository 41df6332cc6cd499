import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { dismiss, listNotifications, markAllRead, markRead } from "../../src/dashboard/notifications/data.ts";
import { countUnread } from "../../src/dashboard/shared/unread-notifications-data.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { createUser, TEST_PASSWORD } from "../fixtures/teaching.ts";

const stack = useLocalStack({ seed: false });
let awaId: string, awa: SupabaseClient, ben: SupabaseClient, benId: string;

async function insert(userId: string, title: string, createdMinutesAgo: number, extra = "") {
  const [row] = await stack().sql<{ id: string }>(
    `insert into public.student_notifications (user_id, title, message, priority, created_at${extra ? ", " + extra.split("=")[0] : ""})
     values ($1, $2, 'm', 'high', now() - make_interval(mins => $3)${extra ? ", " + extra.split("=")[1] : ""}) returning id`,
    [userId, title, createdMinutesAgo],
  );
  return row.id;
}
const state = (id: string) =>
  stack()
    .sql<{ is_read: boolean; is_dismissed: boolean }>("select is_read, is_dismissed from public.student_notifications where id = $1", [id])
    .then((r) => r[0]);

beforeAll(async () => {
  const awaEmail = `awa-${crypto.randomUUID()}@test.cm`;
  const benEmail = `ben-${crypto.randomUUID()}@test.cm`;
  awaId = await createUser(stack(), awaEmail);
  benId = await createUser(stack(), benEmail);
  awa = await signInAs(stack(), awaEmail, TEST_PASSWORD);
  ben = await signInAs(stack(), benEmail, TEST_PASSWORD);
  for (let i = 1; i <= 12; i++) await insert(awaId, `n${i}`, 100 - i); // n12 is the newest
  await insert(awaId, "dismissed", 1, "is_dismissed=true");
  await insert(awaId, "expired", 1, "expires_at=now() - interval '1 minute'");
  await insert(awaId, "still valid", 200, "expires_at=now() + interval '1 hour'");
  await insert(benId, "ben's", 1);
});

describe("notification centre data", () => {
  it("lists visible notifications newest first, 10 by default, with more behind", async () => {
    const first = await listNotifications(awa, awaId);
    expect(first.items.map((n) => n.title)).toEqual(["n12", "n11", "n10", "n9", "n8", "n7", "n6", "n5", "n4", "n3"]);
    expect(first.hasMore).toBe(true);
    const all = await listNotifications(awa, awaId, 20);
    expect(all.items.map((n) => n.title)).toEqual([...first.items.map((n) => n.title), "n2", "n1", "still valid"]);
    expect(all.hasMore).toBe(false);
  });

  it("counts unread, marks one and all as read, and dismisses", async () => {
    expect(await countUnread(awa, awaId)).toBe(13);
    const { items } = await listNotifications(awa, awaId);
    await markRead(awa, items[0].id);
    expect(await state(items[0].id)).toEqual({ is_read: true, is_dismissed: false });
    expect(await countUnread(awa, awaId)).toBe(12);
    await dismiss(awa, items[1].id);
    expect((await listNotifications(awa, awaId, 20)).items.map((n) => n.id)).not.toContain(items[1].id);
    await markAllRead(awa, awaId);
    expect(await countUnread(awa, awaId)).toBe(0);
  });

  it("keeps one student from reading, marking or dismissing another's notifications", async () => {
    const bensOwn = await listNotifications(ben, benId);
    expect(bensOwn.items.map((n) => n.title)).toEqual(["ben's"]);
    expect((await listNotifications(ben, awaId)).items).toEqual([]);

    const target = await insert(awaId, "target", 0);
    await markRead(ben, target).catch(() => {});
    await dismiss(ben, target).catch(() => {});
    await markAllRead(ben, awaId).catch(() => {});
    expect(await state(target)).toEqual({ is_read: false, is_dismissed: false });
  });

  it("lets a student change nothing but is_read and is_dismissed on its own notifications", async () => {
    const own = await insert(awaId, "own", 0);
    const { error } = await awa.from("student_notifications").update({ title: "changed", priority: "low" }).eq("id", own);
    expect(error).not.toBeNull();
    const [row] = await stack().sql<{ title: string }>("select title from public.student_notifications where id = $1", [own]);
    expect(row.title).toBe("own");
  });
});
