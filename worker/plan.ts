// Pure planning of course-start notifications: from the candidates the database returns
// (online sessions about to start × students actively enrolled), decide who gets which
// notification, in which words, until when. No I/O, the clock is a parameter.
import { useTranslations } from "../src/lib/i18n.ts";
import { isLocale, DEFAULT_LOCALE } from "../src/lib/locales.ts";
import {
  COURSE_START_WINDOW_MINUTES,
  COURSE_STARTING_PRIORITY,
  COURSE_STARTING_TYPE,
  DUPLICATE_WINDOW_MINUTES,
  MINUTE_MS,
  NOTIFICATION_EXPIRY_HOURS,
} from "../src/lib/notifications/rules.ts";

/** One online session about to start and one student actively enrolled in its course. */
export interface Candidate {
  event_id: string;
  course_id: string;
  course_title: string;
  start_time: string;
  is_online: boolean;
  enrollment_status: string;
  meeting_platform: string | null;
  zoom_meeting_id: string | null;
  zoom_passcode: string | null;
  teams_meeting_url: string | null;
  user_id: string;
  locale: string | null;
  /** The student's latest course_starting notification for this course, if recent. */
  last_notified_at: string | null;
}

export interface PlannedNotification {
  user_id: string;
  schedule_event_id: string;
  type: typeof COURSE_STARTING_TYPE;
  priority: typeof COURSE_STARTING_PRIORITY;
  title: string;
  message: string;
  data: { course_title: string; start_time: string; meeting_url: string | null };
  action_url: string | null;
  action_label: string | null;
  expires_at: string;
}

export interface Plan {
  notifications: PlannedNotification[];
  /** Candidates left out because the student was notified for that course recently. */
  skipped: number;
}

/** The window the database is asked for: sessions starting from now to now + 15 minutes. */
export function courseStartWindow(now: Date) {
  return {
    windowStart: now,
    windowEnd: new Date(now.getTime() + COURSE_START_WINDOW_MINUTES * MINUTE_MS),
    duplicateSince: new Date(now.getTime() - DUPLICATE_WINDOW_MINUTES * MINUTE_MS),
  };
}

/** The class's join link: Zoom (with passcode) or Teams, else none. */
export function meetingUrl(c: Pick<Candidate, "meeting_platform" | "zoom_meeting_id" | "zoom_passcode" | "teams_meeting_url">): string | null {
  const zoomId = c.zoom_meeting_id?.replace(/\s+/g, "");
  if (c.meeting_platform !== "teams" && zoomId) {
    return `https://zoom.us/j/${zoomId}${c.zoom_passcode ? `?pwd=${encodeURIComponent(c.zoom_passcode)}` : ""}`;
  }
  return c.teams_meeting_url ?? null;
}

export function planCourseStartNotifications(candidates: readonly Candidate[], now: Date): Plan {
  const { windowStart, windowEnd, duplicateSince } = courseStartWindow(now);
  const notified = new Set<string>(); // user+course already given one in this plan
  const notifications: PlannedNotification[] = [];
  let skipped = 0;

  for (const c of candidates) {
    const start = new Date(c.start_time);
    if (!c.is_online || c.enrollment_status !== "active") continue;
    if (start < windowStart || start > windowEnd) continue;
    const key = `${c.user_id}:${c.course_id}`;
    const recentlyNotified = c.last_notified_at !== null && new Date(c.last_notified_at) >= duplicateSince;
    if (recentlyNotified || notified.has(key)) {
      skipped++;
      continue;
    }
    notified.add(key);
    const t = useTranslations(isLocale(c.locale) ? c.locale : DEFAULT_LOCALE);
    const url = meetingUrl(c);
    notifications.push({
      user_id: c.user_id,
      schedule_event_id: c.event_id,
      type: COURSE_STARTING_TYPE,
      priority: COURSE_STARTING_PRIORITY,
      title: t("notifications.courseStarting.title"),
      message: t("notifications.courseStarting.message", { course: c.course_title }),
      data: { course_title: c.course_title, start_time: start.toISOString(), meeting_url: url },
      action_url: url,
      action_label: url ? t("notifications.courseStarting.action") : null,
      expires_at: new Date(now.getTime() + NOTIFICATION_EXPIRY_HOURS * 60 * MINUTE_MS).toISOString(),
    });
  }
  return { notifications, skipped };
}
