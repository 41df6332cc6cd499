import { afterEach, describe, expect, it } from "vitest";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { createUser, TEST_PASSWORD } from "../fixtures/teaching.ts";

const stack = useLocalStack({ seed: false });
const channels: [SupabaseClient, RealtimeChannel][] = [];
afterEach(async () => {
  for (const [client, channel] of channels.splice(0)) await client.removeChannel(channel);
});

/** Subscribes to inserts on the user's notifications; resolves once the server confirmed. */
async function listen(client: SupabaseClient, userId: string, received: unknown[]) {
  const channel = client
    .channel(`notifications:${userId}`)
    .on("postgres_changes", { event: "INSERT", schema: "public", table: "student_notifications", filter: `user_id=eq.${userId}` }, (payload) => received.push(payload.new));
  channels.push([client, channel]);
  await new Promise<void>((resolve, reject) => channel.subscribe((status, error) => (status === "SUBSCRIBED" ? resolve() : status !== "CLOSED" && reject(error ?? new Error(status)))));
}

/** Subscribes to one kind of change on student_notifications; resolves once the server confirmed. */
async function subscribe(client: SupabaseClient, event: "DELETE" | "*", filter: string | undefined, received: unknown[]) {
  const channel = client
    .channel(`changes-${crypto.randomUUID()}`)
    .on("postgres_changes", { event, schema: "public", table: "student_notifications", ...(filter ? { filter } : {}) }, (payload) => received.push(payload));
  channels.push([client, channel]);
  await new Promise<void>((resolve, reject) => channel.subscribe((status, error) => (status === "SUBSCRIBED" ? resolve() : status !== "CLOSED" && reject(error ?? new Error(status)))));
}

/** A notification for that user, then its deletion (as the owner); returns its id. */
async function notifyAndDelete(userId: string, title: string): Promise<string> {
  const [{ id }] = await stack().sql<{ id: string }>("insert into public.student_notifications (user_id, title, message, priority) values ($1, $2, 'm', 'high') returning id", [userId, title]);
  await stack().sql("delete from public.student_notifications where id = $1", [id]);
  return id;
}

async function notify(userId: string, title: string) {
  await stack().sql("insert into public.student_notifications (user_id, title, message, priority) values ($1, $2, 'm', 'high')", [userId, title]);
}

const eventually = async (check: () => void, ms = 5000) => {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
};

describe("local realtime (postgres_changes)", () => {
  it("delivers a new notification to its student, live", async () => {
    const email = `rt-${crypto.randomUUID()}@test.cm`;
    const id = await createUser(stack(), email);
    const client = await signInAs(stack(), email, TEST_PASSWORD);
    const received: { title?: string; is_read?: boolean }[] = [];
    await listen(client, id, received);

    await notify(id, "Votre cours commence bientôt");
    await eventually(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ title: "Votre cours commence bientôt", is_read: false });
  });

  it("never sends a student another student's notification, even when it asks for it", async () => {
    const spyEmail = `spy-${crypto.randomUUID()}@test.cm`;
    await createUser(stack(), spyEmail);
    const victim = await createUser(stack(), `victim-${crypto.randomUUID()}@test.cm`);
    const spy = await signInAs(stack(), spyEmail, TEST_PASSWORD);
    const stolen: unknown[] = [];
    await listen(spy, victim, stolen); // subscribes with the victim's id in the filter

    await notify(victim, "privé");
    await new Promise((r) => setTimeout(r, 500));
    expect(stolen).toEqual([]);
  });

  it("tells a deleted row's reader of its deletion, with only its primary key", async () => {
    const email = `gone-${crypto.randomUUID()}@test.cm`;
    const owner = await createUser(stack(), email);
    const client = await signInAs(stack(), email, TEST_PASSWORD);
    const deleted: { old: Record<string, unknown> }[] = [];
    await subscribe(client, "DELETE", `user_id=eq.${owner}`, deleted);
    const id = await notifyAndDelete(owner, "Secret title");
    await eventually(() => expect(deleted).toHaveLength(1));
    expect(deleted[0].old).toEqual({ id });
  });

  it("never matches a filter against a deleted row the subscriber could not read", async () => {
    const spyEmail = `spy-${crypto.randomUUID()}@test.cm`;
    await createUser(stack(), spyEmail);
    const spy = await signInAs(stack(), spyEmail, TEST_PASSWORD);
    const victim = await createUser(stack(), `victim-${crypto.randomUUID()}@test.cm`);
    const byOwner: unknown[] = [];
    const byTitle: unknown[] = [];
    const byVisitor: unknown[] = [];
    await subscribe(spy, "DELETE", `user_id=eq.${victim}`, byOwner); // another user's id
    await subscribe(spy, "DELETE", "title=eq.Convocation disciplinaire", byTitle); // a guessed title
    await subscribe(stack().client(), "*", undefined, byVisitor); // anon, every event

    await notifyAndDelete(victim, "Convocation disciplinaire");
    await new Promise((r) => setTimeout(r, 700));
    expect(byOwner).toEqual([]);
    expect(byTitle).toEqual([]);
    expect(byVisitor).toEqual([]);
  });

  it("refuses a connection without a valid API key", async () => {
    const url = `${stack().url.replace("http", "ws")}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`;
    const closed = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(url);
      socket.onopen = () => resolve(false);
      socket.onerror = () => resolve(true);
    });
    expect(closed).toBe(true);
  });
});
