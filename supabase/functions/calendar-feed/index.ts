// A user's private calendar feed: GET /functions/v1/calendar-feed?token=<token>, which
// phone and Google calendars poll (they send no session, so the token is the secret; it is
// issued by create_calendar_feed, stored hashed and revocable). Answers text/calendar
// (RFC 5545) with that user's sessions, 404 for an unknown or revoked token.
import { buildCalendar, feed, FEED_TOKEN } from "../../../src/lib/schedule/ical.ts";
import { recordFunctionError, serviceClient } from "../_shared/admin.ts";

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export default async function calendarFeed(request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return text(405, "method not allowed");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!FEED_TOKEN.test(token)) return text(404, "unknown calendar");
  const service = serviceClient();
  try {
    const { data, error } = await service.rpc("calendar_feed_events", { token });
    if (error) throw new Error(error.message);
    if (data === null) return text(404, "unknown calendar");
    return new Response(request.method === "HEAD" ? null : buildCalendar(feed.parse(data)), {
      status: 200,
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="emploi-du-temps.ics"',
        "cache-control": "private, max-age=300",
      },
    });
  } catch (failure) {
    await recordFunctionError(service, "calendar-feed", failure).catch(() => undefined);
    return text(500, "server error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(calendarFeed);
