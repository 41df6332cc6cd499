// The calendar-feed function: a user's private iCal URL answers RFC 5545 that a real
// parser (ical.js) reads, listing that user's sessions and nobody else's; a revoked or
// made-up token gets 404.
import { beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
}, 120_000);

const feedUrl = (token: string) => `${stack().url}/functions/v1/calendar-feed?token=${token}&apikey=${stack().keys.publishableKey}`;

describe("calendar feed", () => {
  it("lists the owner's sessions as parsable iCalendar, with join links", async () => {
    const { data: token, error } = await w.clients.studentA.rpc("create_calendar_feed");
    expect(error).toBeNull();
    const response = await fetch(feedUrl(token as string));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    const body = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(body));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const expected = await stack().sql<{ n: number }>(
      `select count(*)::int as n from public.schedule_events e
       join public.course_enrollments ce on ce.course_id = e.course_id and ce.user_id = $1 and ce.status in ('active', 'completed')
       where e.start_time > now() - interval '60 days' and e.start_time < now() + interval '365 days'`,
      [w.ids.studentA],
    );
    expect(events.length).toBe(expected[0].n);
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e) => e.summary.length > 0 && e.startDate.toJSDate() < e.endDate.toJSDate())).toBe(true);
    // the live Algorithmique session carries its Zoom link; no other student's course shows
    const live = events.find((e) => e.summary.includes("arbres binaires"))!;
    expect(live.description).toMatch(/https:\/\/zoom\.us\/j\/\d+/);
    expect(events.some((e) => e.summary.startsWith("CPT-L1-101"))).toBe(false);
  });

  it("answers 404 once revoked, and for a made-up token", async () => {
    const { data: token } = await w.clients.studentB.rpc("create_calendar_feed");
    expect((await fetch(feedUrl(token as string))).status).toBe(200);
    await w.clients.studentB.rpc("revoke_calendar_feed");
    expect((await fetch(feedUrl(token as string))).status).toBe(404);
    expect((await fetch(feedUrl("0".repeat(48)))).status).toBe(404);
    expect((await fetch(feedUrl("not-a-token"))).status).toBe(404);
  });
});
