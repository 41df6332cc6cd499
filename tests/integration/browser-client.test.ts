// The browser's Supabase client (src/lib/supabase/browser.ts) is supabase-js assembled from
// its parts with storage and realtime loaded on first use: against a real local stack it
// signs in, carries the user's token on every request (RLS sees the user), uploads and reads
// files, and receives live rows, as supabase-js's own client does.
import { StorageClient } from "@supabase/storage-js";
import { describe, expect, it } from "vitest";
import { createBrowserClient } from "../../src/lib/supabase/browser.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
// a 1×1 PNG
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

describe("the browser client", () => {
  it("is anonymous until sign-in, then every request carries the user's token", async () => {
    const client = createBrowserClient(stack().url, stack().keys.publishableKey);
    // anon may not call it (revoked from anon); the signed-in user gets their answer (no link yet: null)
    expect((await client.rpc("calendar_feed_created_at")).error).not.toBeNull();
    const { data, error } = await client.auth.signInWithPassword({ email: student.email, password: student.password });
    expect(error).toBeNull();
    const userId = data.user!.id;
    expect(await client.rpc("calendar_feed_created_at")).toMatchObject({ data: null, error: null });
    const { data: profile } = await client.from("profiles").select("id, full_name").eq("id", userId).single();
    expect(profile).toEqual({ id: userId, full_name: student.fullName });
    await client.auth.signOut();
    expect((await client.rpc("calendar_feed_created_at")).error).not.toBeNull();
  });

  it("uploads to storage as the user and writes public URLs as storage-js does", async () => {
    const client = createBrowserClient(stack().url, stack().keys.publishableKey);
    const { data } = await client.auth.signInWithPassword({ email: student.email, password: student.password });
    const path = `${data.user!.id}/avatar test é.png`;
    expect((await client.storage.from("avatars").upload(path, new Blob([PNG], { type: "image/png" }), { contentType: "image/png", upsert: true })).error).toBeNull();
    // someone else's folder is refused by the storage policies
    expect((await client.storage.from("avatars").upload(`${crypto.randomUUID()}/x.png`, new Blob([PNG], { type: "image/png" }))).error).not.toBeNull();
    const url = client.storage.from("avatars").getPublicUrl(path).data.publicUrl;
    expect(url).toBe(new StorageClient(`${stack().url}/storage/v1`).from("avatars").getPublicUrl(path).data.publicUrl);
    expect((await fetch(url)).status).toBe(200);
    expect(await client.storage.from("avatars").remove([path])).toMatchObject({ error: null });
    await client.auth.signOut();
  });

  it("opens a realtime channel once the library has come and delivers the user's rows, until removed", async () => {
    const client = createBrowserClient(stack().url, stack().keys.publishableKey);
    const { data } = await client.auth.signInWithPassword({ email: student.email, password: student.password });
    const userId = data.user!.id;
    const received: string[] = [];
    const channel = client
      .channel(`student_notifications:${userId}`)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "student_notifications", filter: `user_id=eq.${userId}` }, (payload) =>
        received.push((payload.new as { title: string }).title),
      );
    await new Promise<void>((resolve, reject) => channel.subscribe((status, error) => (status === "SUBSCRIBED" ? resolve() : status !== "CLOSED" && reject(error ?? new Error(status)))));
    await stack().sql("insert into public.student_notifications (user_id, title, message, priority) values ($1, 'Live', 'm', 'high')", [userId]);
    await expect.poll(() => received, { timeout: 5000 }).toEqual(["Live"]);
    await client.removeChannel(channel);
    await stack().sql("insert into public.student_notifications (user_id, title, message, priority) values ($1, 'After', 'm', 'high')", [userId]);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual(["Live"]);
    await client.auth.signOut();
  });
});
