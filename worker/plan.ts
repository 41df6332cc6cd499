// Pure planning of course-start notifications: from the online sessions about to start
// and the students actively enrolled in each (as the database returns them), decide who
// gets a notification, in which words, until when. No I/O; the clock is a parameter.
// The plan stays grouped (per session, per language) so it travels compactly.
import { useTranslations } from "../src/lib/i18n.ts";
import { meetingUrl } from "../src/lib/meetings.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../src/lib/locales.ts";
import { notificationText } from "../src/lib/notifications/texts.ts";
import { COURSE_START_WINDOW_MINUTES, COURSE_STARTING_PRIORITY, COURSE_STARTING_TYPE, DUPLICATE_WINDOW_MINUTES, MINUTE_MS, NOTIFICATION_EXPIRY_HOURS } from "../src/lib/notifications/rules.ts";

/** An online session about to start, with the students actively enrolled in its course. */
export interface SessionCandidate {
  event_id: string;
  course_id: string;
  course_title: string;
  start_time: string;
  meeting_platform: string | null;
  zoom_meeting_id: string | null;
  zoom_passcode: string | null;
  teams_meeting_url: string | null;
  students: {
    user_id: string;
    locale: string | null;
    /** The student's latest course_starting notice (in-app, e-mail or SMS) for this course, if recent. */
    last_notified_at: string | null;
    /** Their course_starting preferences (absent: in-app only, as for a student who never chose). */
    in_app?: boolean;
    email?: boolean;
    sms?: boolean;
    /** Given by the database only for the channels turned on. */
    email_address?: string | null;
    phone?: string | null;
  }[];
}

/** An e-mail or SMS copy of a notice, queued in the outbox by the write RPC. */
export interface OutgoingCopy {
  channel: "email" | "sms";
  recipient: string;
  user_id: string;
  kind: typeof COURSE_STARTING_TYPE;
  schedule_event_id: string;
  subject: string | null;
  body: string;
}

/** The notifications of one session: shared fields, then the words and recipients per language. */
export interface SessionNotifications {
  schedule_event_id: string;
  type: typeof COURSE_STARTING_TYPE;
  priority: typeof COURSE_STARTING_PRIORITY;
  data: { course_title: string; start_time: string; meeting_url: string | null };
  action_url: string | null;
  /** The template that says it in the reader's language on screen (lib/notifications/texts.ts). */
  text_key: typeof COURSE_STARTING_TEXT;
  text_params: { course: string };
  expires_at: string;
  messages: { locale: Locale; title: string; message: string; action_label: string | null; user_ids: string[] }[];
}

export interface Plan {
  batches: SessionNotifications[];
  /** How many notifications the batches hold. */
  planned: number;
  /** E-mail and SMS copies for the students who turned those channels on. */
  outgoing: OutgoingCopy[];
  /** Students who turned every channel off for course_starting. */
  muted: number;
  /** Students left out because they were notified for that course recently. */
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

const COURSE_STARTING_TEXT = "courseStarting";

/** The notice's words in one language, from the catalogue's template. */
function wordsIn(locale: Locale, course: string) {
  return notificationText({ title: "", message: "", action_label: null, text_key: COURSE_STARTING_TEXT, text_params: { course } }, locale, useTranslations(locale));
}

export function planCourseStartNotifications(sessions: readonly SessionCandidate[], now: Date): Plan {
  const { windowStart, windowEnd, duplicateSince } = courseStartWindow(now);
  const expiresAt = new Date(now.getTime() + NOTIFICATION_EXPIRY_HOURS * 60 * MINUTE_MS).toISOString();
  const notified = new Set<string>(); // student+course given a notice in this plan
  const batches: SessionNotifications[] = [];
  const outgoing: OutgoingCopy[] = [];
  let planned = 0;
  let skipped = 0;
  let muted = 0;

  for (const session of sessions) {
    const start = new Date(session.start_time);
    if (start < windowStart || start > windowEnd) continue;
    const recipients = new Map<Locale, string[]>();
    const copies: { student: SessionCandidate["students"][number]; locale: Locale }[] = [];
    for (const student of session.students) {
      const key = `${student.user_id}:${session.course_id}`;
      const recent = student.last_notified_at !== null && new Date(student.last_notified_at) >= duplicateSince;
      if (recent || notified.has(key)) {
        skipped++;
        continue;
      }
      notified.add(key);
      const locale = isLocale(student.locale) ? student.locale : DEFAULT_LOCALE;
      const byEmail = student.email === true && !!student.email_address;
      const bySms = student.sms === true && !!student.phone;
      if (student.in_app !== false) recipients.set(locale, [...(recipients.get(locale) ?? []), student.user_id]);
      else if (!byEmail && !bySms) muted++;
      if (byEmail || bySms) copies.push({ student, locale });
    }
    if (!recipients.size && !copies.length) continue;

    const url = meetingUrl(session);
    for (const { student, locale } of copies) {
      const { title, message, action } = wordsIn(locale, session.course_title);
      const link = url ? `\n${action}${locale === "fr" ? " : " : ": "}${url}` : "";
      const copy = { user_id: student.user_id, kind: COURSE_STARTING_TYPE, schedule_event_id: session.event_id } as const;
      if (student.email && student.email_address) outgoing.push({ ...copy, channel: "email", recipient: student.email_address, subject: title, body: `${message}${link}` });
      if (student.sms && student.phone) outgoing.push({ ...copy, channel: "sms", recipient: student.phone, subject: null, body: `${message}${url ? ` ${url}` : ""}` });
    }
    if (!recipients.size) continue;
    batches.push({
      schedule_event_id: session.event_id,
      type: COURSE_STARTING_TYPE,
      priority: COURSE_STARTING_PRIORITY,
      data: { course_title: session.course_title, start_time: start.toISOString(), meeting_url: url },
      action_url: url,
      text_key: COURSE_STARTING_TEXT,
      text_params: { course: session.course_title },
      expires_at: expiresAt,
      messages: [...recipients].map(([locale, userIds]) => {
        const { title, message, action } = wordsIn(locale, session.course_title);
        planned += userIds.length;
        return { locale, title, message, action_label: url ? action : null, user_ids: userIds };
      }),
    });
  }
  return { batches, planned, skipped, outgoing, muted };
}
