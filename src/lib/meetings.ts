// How a student gets into an online class: the join link built from the course's (or the
// session's) Zoom or Teams details, and when the "Rejoindre" button is live — from 15
// minutes before the start (the worker's notice window) until the session ends.
import { COURSE_START_WINDOW_MINUTES, MINUTE_MS } from "./notifications/rules.ts";

export interface MeetingDetails {
  meeting_platform: string | null;
  zoom_meeting_id: string | null;
  zoom_passcode: string | null;
  teams_meeting_url: string | null;
}

/** The class's join link: Zoom (with passcode) or Teams, else none. */
export function meetingUrl(session: MeetingDetails): string | null {
  const zoomId = session.zoom_meeting_id?.replace(/\s+/g, "");
  if (session.meeting_platform !== "teams" && zoomId) {
    const passcode = session.zoom_passcode ? `?pwd=${encodeURIComponent(session.zoom_passcode)}` : "";
    return `https://zoom.us/j/${zoomId}${passcode}`;
  }
  return session.teams_meeting_url ?? null;
}

/** True while the join button is live: from 15 minutes before the start to the end. */
export function isJoinable(start: Date | string, end: Date | string, now: Date = new Date()): boolean {
  const opens = new Date(start).getTime() - COURSE_START_WINDOW_MINUTES * MINUTE_MS;
  return now.getTime() >= opens && now.getTime() <= new Date(end).getTime();
}
