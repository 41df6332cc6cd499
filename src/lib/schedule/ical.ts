// The private calendar feed (RFC 5545) of one user, built with ical-generator from what
// public.calendar_feed_events returns: one VEVENT per session, in UTC (every calendar
// shows it in its own zone), with the join link of online sessions.
import ical from "ical-generator";
import { z } from "zod";
import { meetingUrl } from "../meetings.ts";

export const feedEvent = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_online: z.boolean(),
  room: z.string().nullable(),
  course_code: z.string(),
  course_title: z.string(),
  meeting_platform: z.string().nullable(),
  zoom_meeting_id: z.string().nullable(),
  zoom_passcode: z.string().nullable(),
  teams_meeting_url: z.string().nullable(),
});
export const feed = z.object({
  user_id: z.string(),
  full_name: z.string(),
  locale: z.enum(["fr", "en"]).catch("fr"),
  events: z.array(feedEvent),
});
export type Feed = z.infer<typeof feed>;

/** A token as create_calendar_feed issues it: 24 random bytes in hex. */
export const FEED_TOKEN = /^[0-9a-f]{48}$/;

const WORDS = {
  fr: { name: "Emploi du temps", online: "En ligne", join: "Rejoindre" },
  en: { name: "Timetable", online: "Online", join: "Join" },
} as const;

export function buildCalendar(data: Feed, institution = "Université en ligne"): string {
  const words = WORDS[data.locale];
  const calendar = ical({
    name: `${words.name} — ${institution}`,
    prodId: { company: "universite-en-ligne", product: "timetable", language: data.locale.toUpperCase() },
    ttl: 60 * 60,
  });
  for (const e of data.events) {
    const url = e.is_online ? meetingUrl(e) : null;
    const platform = e.meeting_platform === "teams" ? "Microsoft Teams" : e.meeting_platform === "zoom" ? "Zoom" : words.online;
    calendar.createEvent({
      id: `${e.id}@universite-en-ligne`,
      start: new Date(e.start_time),
      end: new Date(e.end_time),
      summary: `${e.course_code} — ${e.title}`,
      description: [e.course_title, url ? `${words.join}: ${url}` : null].filter(Boolean).join("\n"),
      location: e.is_online ? platform : e.room,
      url,
    });
  }
  return calendar.toString();
}
