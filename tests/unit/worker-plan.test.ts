import { describe, expect, it } from "vitest";
import { courseStartWindow, planCourseStartNotifications, type SessionCandidate } from "../../worker/plan.ts";
import { isJoinable, meetingUrl } from "../../src/lib/meetings.ts";
import {
  COURSE_START_WINDOW_MINUTES,
  COURSE_STARTING_PRIORITY,
  DUPLICATE_WINDOW_MINUTES,
  NOTIFICATION_EXPIRY_HOURS,
  NOTIFICATION_PAGE_SIZE,
  WORKER_SCHEDULE,
} from "../../src/lib/notifications/rules.ts";

const NOW = new Date("2026-11-23T08:00:00.000Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function session(overrides: Partial<SessionCandidate> = {}): SessionCandidate {
  return {
    event_id: "e1",
    course_id: "c1",
    course_title: "Algorithmique",
    start_time: at(10),
    meeting_platform: "zoom",
    zoom_meeting_id: "912 345 6789",
    zoom_passcode: null,
    teams_meeting_url: null,
    students: [{ user_id: "u1", locale: "fr", last_notified_at: null }],
    ...overrides,
  };
}

const plan = (...sessions: SessionCandidate[]) => planCourseStartNotifications(sessions, NOW);
/** The plan flattened to one row per notification, for readable assertions. */
const rows = (...sessions: SessionCandidate[]) =>
  plan(...sessions).batches.flatMap((b) => b.messages.flatMap((m) => m.user_ids.map((user_id) => ({ user_id, event: b.schedule_event_id, locale: m.locale }))));

describe("SPEC §9 constants", () => {
  it("pins the schedule, window, expiry, duplicate window, priority and list size", () => {
    expect(WORKER_SCHEDULE).toBe("*/5 * * * *");
    expect(COURSE_START_WINDOW_MINUTES).toBe(15);
    expect(NOTIFICATION_EXPIRY_HOURS).toBe(3);
    expect(DUPLICATE_WINDOW_MINUTES).toBe(30);
    expect(COURSE_STARTING_PRIORITY).toBe("high");
    expect(NOTIFICATION_PAGE_SIZE).toBe(10);
  });
});

describe("course-start planning", () => {
  it("asks the database for sessions from now to 15 minutes ahead and notices of the last 30 minutes", () => {
    expect(courseStartWindow(NOW)).toEqual({
      windowStart: NOW,
      windowEnd: new Date(at(15)),
      duplicateSince: new Date(at(-30)),
    });
  });

  it("includes both edges of the 15-minute window and nothing outside it", () => {
    const sessions = [-0.001, 0, 7, 15, 15.001].map((m, i) => session({ event_id: `e${i}`, course_id: `c${i}`, start_time: at(m) }));
    expect(rows(...sessions).map((r) => r.event)).toEqual(["e1", "e2", "e3"]);
  });

  it("plans nothing for a session without students", () => {
    expect(plan(session({ students: [] }))).toEqual({ batches: [], planned: 0, skipped: 0, outgoing: [], muted: 0 });
  });

  it("skips a student notified for the course within 30 minutes, not one notified earlier", () => {
    const result = plan(
      session({
        students: [
          { user_id: "recent", locale: "fr", last_notified_at: at(-30) },
          { user_id: "older", locale: "fr", last_notified_at: at(-30.001) },
        ],
      }),
    );
    expect(result.planned).toBe(1);
    expect(result.skipped).toBe(1);
    expect(result.batches[0].messages[0].user_ids).toEqual(["older"]);
  });

  it("gives a student one notice per course even when two of its sessions start in the window", () => {
    const result = plan(session({ event_id: "e1" }), session({ event_id: "e2", start_time: at(14) }));
    expect(rows(session({ event_id: "e1" }), session({ event_id: "e2", start_time: at(14) })).map((r) => r.event)).toEqual(["e1"]);
    expect(result.skipped).toBe(1);
  });

  it("writes a high-priority notice in each student's language that expires 3 hours after creation", () => {
    const result = plan(
      session({
        students: [
          { user_id: "awa", locale: "fr", last_notified_at: null },
          { user_id: "john", locale: "en", last_notified_at: null },
          { user_id: "unknown", locale: null, last_notified_at: null },
        ],
      }),
    );
    expect(result.planned).toBe(3);
    expect(result.batches).toEqual([
      {
        schedule_event_id: "e1",
        type: "course_starting",
        priority: "high",
        data: { course_title: "Algorithmique", start_time: at(10), meeting_url: "https://zoom.us/j/9123456789" },
        action_url: "https://zoom.us/j/9123456789",
        text_key: "courseStarting",
        text_params: { course: "Algorithmique" },
        expires_at: "2026-11-23T11:00:00.000Z",
        messages: [
          {
            locale: "fr",
            title: "Votre cours commence bientôt",
            message: "Algorithmique commence dans 15 minutes.",
            action_label: "Rejoindre le cours",
            user_ids: ["awa", "unknown"],
          },
          {
            locale: "en",
            title: "Your class starts soon",
            message: "Algorithmique begins in 15 minutes.",
            action_label: "Join the class",
            user_ids: ["john"],
          },
        ],
      },
    ]);
  });

  it("builds the join link from Zoom (with passcode) or Teams, and none without either", () => {
    expect(meetingUrl({ meeting_platform: "zoom", zoom_meeting_id: "912 345 6789", zoom_passcode: "a b", teams_meeting_url: null })).toBe("https://zoom.us/j/9123456789?pwd=a%20b");
    expect(meetingUrl({ meeting_platform: "teams", zoom_meeting_id: null, zoom_passcode: null, teams_meeting_url: "https://teams.microsoft.com/x" })).toBe("https://teams.microsoft.com/x");
    const [none] = plan(session({ zoom_meeting_id: null })).batches;
    expect([none.action_url, none.messages[0].action_label, none.data.meeting_url]).toEqual([null, null, null]);
  });
});

describe("the join button's window", () => {
  const start = new Date("2026-11-23T09:00:00Z");
  const end = new Date("2026-11-23T11:00:00Z");
  it("opens 15 minutes before the start (the worker's window) and closes at the end", () => {
    expect(isJoinable(start, end, new Date("2026-11-23T08:44:59Z"))).toBe(false);
    expect(isJoinable(start, end, new Date("2026-11-23T08:45:00Z"))).toBe(true);
    expect(isJoinable(start, end, new Date("2026-11-23T11:00:00Z"))).toBe(true);
    expect(isJoinable(start, end, new Date("2026-11-23T11:00:01Z"))).toBe(false);
  });
});

describe("course-start planning honours notification preferences", () => {
  const student = (over: Partial<SessionCandidate["students"][number]>) => ({ user_id: "u1", locale: "fr", last_notified_at: null, ...over });

  it("leaves out the in-app notice of a student who turned it off, and counts them muted when nothing else is on", () => {
    const result = plan(session({ students: [student({ in_app: false }), student({ user_id: "u2" })] }));
    expect(result.batches[0].messages.flatMap((m) => m.user_ids)).toEqual(["u2"]);
    expect(result).toMatchObject({ planned: 1, muted: 1, outgoing: [] });
  });

  it("adds an SMS and an e-mail copy, in the student's language, for the channels turned on", () => {
    const result = plan(
      session({
        students: [student({ user_id: "u1", in_app: false, sms: true, phone: "+237671234567" }), student({ user_id: "u2", locale: "en", email: true, email_address: "john@test.cm" })],
      }),
    );
    expect(result.planned).toBe(1);
    expect(result.outgoing).toEqual([
      {
        channel: "sms",
        recipient: "+237671234567",
        user_id: "u1",
        kind: "course_starting",
        schedule_event_id: "e1",
        subject: null,
        body: "Algorithmique commence dans 15 minutes. https://zoom.us/j/9123456789",
      },
      {
        channel: "email",
        recipient: "john@test.cm",
        user_id: "u2",
        kind: "course_starting",
        schedule_event_id: "e1",
        subject: "Your class starts soon",
        body: "Algorithmique begins in 15 minutes.\nJoin the class: https://zoom.us/j/9123456789",
      },
    ]);
  });

  it("sends no copy to a channel turned on without a contact, nor to a student notified recently", () => {
    const result = plan(session({ students: [student({ sms: true, phone: null, in_app: false }), student({ user_id: "u2", sms: true, phone: "+237699999999", last_notified_at: at(-5) })] }));
    expect(result).toMatchObject({ outgoing: [], muted: 1, skipped: 1, planned: 0, batches: [] });
  });
});
