import { describe, expect, it } from "vitest";
import { courseStartWindow, meetingUrl, planCourseStartNotifications, type Candidate } from "../../worker/plan.ts";
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

function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    event_id: "e1",
    course_id: "c1",
    course_title: "Algorithmique",
    start_time: at(10),
    is_online: true,
    enrollment_status: "active",
    meeting_platform: "zoom",
    zoom_meeting_id: "912 345 6789",
    zoom_passcode: null,
    teams_meeting_url: null,
    user_id: "u1",
    locale: "fr",
    last_notified_at: null,
    ...overrides,
  };
}

const plan = (...candidates: Candidate[]) => planCourseStartNotifications(candidates, NOW);

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
    const starts = [-0.001, 0, 7, 15, 15.001].map((m, i) => candidate({ event_id: `e${i}`, course_id: `c${i}`, start_time: at(m) }));
    expect(plan(...starts).notifications.map((n) => n.schedule_event_id)).toEqual(["e1", "e2", "e3"]);
  });

  it("ignores offline sessions and enrolments that are not active", () => {
    expect(plan(candidate({ is_online: false })).notifications).toEqual([]);
    expect(plan(candidate({ enrollment_status: "dropped" })).notifications).toEqual([]);
    expect(plan(candidate({ enrollment_status: "pending" })).notifications).toEqual([]);
  });

  it("skips a student notified for the course within 30 minutes, not one notified earlier", () => {
    expect(plan(candidate({ last_notified_at: at(-30) }))).toMatchObject({ notifications: [], skipped: 1 });
    expect(plan(candidate({ last_notified_at: at(-30.001) })).notifications).toHaveLength(1);
  });

  it("gives a student one notice per course even when two of its sessions start in the window", () => {
    const result = plan(candidate({ event_id: "e1" }), candidate({ event_id: "e2", start_time: at(14) }));
    expect(result.notifications.map((n) => n.schedule_event_id)).toEqual(["e1"]);
    expect(result.skipped).toBe(1);
  });

  it("writes a high-priority notice in the student's language that expires 3 hours after creation", () => {
    const [fr] = plan(candidate()).notifications;
    expect(fr).toEqual({
      user_id: "u1",
      schedule_event_id: "e1",
      type: "course_starting",
      priority: "high",
      title: "Votre cours commence bientôt",
      message: "Algorithmique commence dans 15 minutes.",
      data: { course_title: "Algorithmique", start_time: at(10), meeting_url: "https://zoom.us/j/9123456789" },
      action_url: "https://zoom.us/j/9123456789",
      action_label: "Rejoindre le cours",
      expires_at: "2026-11-23T11:00:00.000Z",
    });
    const [en] = plan(candidate({ locale: "en" })).notifications;
    expect([en.title, en.message, en.action_label]).toEqual(["Your class starts soon", "Algorithmique begins in 15 minutes.", "Join the class"]);
    const [fallback] = plan(candidate({ locale: null })).notifications;
    expect(fallback.title).toBe("Votre cours commence bientôt");
  });

  it("builds the join link from Zoom (with passcode) or Teams, and none without either", () => {
    expect(meetingUrl({ meeting_platform: "zoom", zoom_meeting_id: "912 345 6789", zoom_passcode: "a b", teams_meeting_url: null })).toBe(
      "https://zoom.us/j/9123456789?pwd=a%20b",
    );
    expect(meetingUrl({ meeting_platform: "teams", zoom_meeting_id: null, zoom_passcode: null, teams_meeting_url: "https://teams.microsoft.com/x" })).toBe(
      "https://teams.microsoft.com/x",
    );
    const [none] = plan(candidate({ zoom_meeting_id: null })).notifications;
    expect([none.action_url, none.action_label, none.data.meeting_url]).toEqual([null, null, null]);
  });
});
