// The outbox kept on the device (src/lib/outbox/store.ts) in a real browser's IndexedDB:
// one database per user named uel-outbox-<userId>, items by key with their files as Blobs,
// the same bytes back after closing and opening again, and the database lets itself be
// deleted (clearing the device's data at sign-out) while a tab holds it open.
import { expect, test } from "vitest";
import { add, newItem } from "../../src/lib/outbox/queue.ts";
import { openOutboxStore, outboxDatabaseName } from "../../src/lib/outbox/store.ts";

type W = { body: string; files: { name: string; blob: Blob }[] };

test("keeps items with their files across a reopen, removes them by key, and can be deleted while open", async () => {
  const userId = `u-${crypto.randomUUID()}`;
  const store = await openOutboxStore<W>(userId);
  const file = new File(["%PDF-1.4 copie"], "copie.pdf", { type: "application/pdf" });
  const [a, b] = add(add([], newItem(userId, { body: "un", files: [{ name: file.name, blob: file }] }, new Date())), newItem(userId, { body: "deux", files: [] }, new Date()));
  await store.put(a);
  await store.put(b);
  store.close();

  const again = await openOutboxStore<W>(userId);
  const items = await again.all();
  expect(items.map((i) => [i.key, i.seq, i.write.body])).toEqual(
    expect.arrayContaining([
      [a.key, 1, "un"],
      [b.key, 2, "deux"],
    ]),
  );
  const kept = items.find((i) => i.key === a.key)!.write.files[0];
  expect(kept.name).toBe("copie.pdf");
  expect(kept.blob.type).toBe("application/pdf");
  expect(await kept.blob.text()).toBe("%PDF-1.4 copie");
  await again.remove(a.key);
  expect((await again.all()).map((i) => i.key)).toEqual([b.key]);

  const deleting = indexedDB.deleteDatabase(outboxDatabaseName(userId));
  await new Promise<void>((resolve, reject) => {
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error);
    deleting.onblocked = () => reject(new Error("blocked by the open outbox"));
  });
  expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(outboxDatabaseName(userId));
});
