// The Zoom adapter against a local contract server that answers as Zoom documents (token,
// create, past instances, participants paged, errors), the simulator, and the plan that
// turns a participants report into a session's register.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startZoomContract, type ZoomContract } from "../fixtures/zoom-contract.ts";
import { ZoomApi, zoomBasesFromEnv } from "../../src/lib/zoom/zoom-api.ts";
import { ZoomApiError, instanceFor } from "../../src/lib/zoom/meetings.ts";
import { SIMULATED_GUEST, ZoomSimulator, simulatedReport } from "../../src/lib/zoom/simulator.ts";
import { planAttendanceImport } from "../../src/lib/zoom/attendance.ts";

let zoom: ZoomContract;
beforeAll(async () => {
  zoom = await startZoomContract();
});
afterAll(async () => {
  await zoom?.close();
});

const api = (overrides: Partial<{ clientSecret: string; accountId: string }> = {}) =>
  new ZoomApi({
    ...zoomBasesFromEnv({ ZOOM_API_BASE: `${zoom.url}/v2/`, ZOOM_OAUTH_BASE: zoom.url }),
    accountId: zoom.accountId,
    clientId: zoom.clientId,
    clientSecret: zoom.clientSecret,
    ...overrides,
  });

describe("ZoomApi against the contract server", () => {
  it("gets one token (Basic auth, account_credentials) and creates scheduled, recurring and no-fixed-time meetings", async () => {
    const client = api();
    const start = new Date("2026-03-02T08:00:00Z");
    const weekly = await client.createMeeting({ topic: "INF-101 · Algorithmique", start, durationMinutes: 120, timezone: "Africa/Douala", recurrence: { weeklyDays: [2, 4], endTimes: 24 } });
    expect(weekly.meetingId).toMatch(/^\d{11}$/);
    expect(weekly.joinUrl).toMatch(new RegExp(`^https://.*zoom\\.us/j/${weekly.meetingId}`));
    expect(weekly.startUrl).toContain("/s/");
    expect(weekly.passcode).toBe("7hZq2x");
    expect(zoom.meetings.get(weekly.meetingId)).toMatchObject({
      type: 8,
      start_time: "2026-03-02T08:00:00Z",
      duration: 120,
      timezone: "Africa/Douala",
      recurrence: { type: 2, weekly_days: "2,4", end_times: 24 },
    });
    const once = await client.createMeeting({ topic: "Rattrapage", start, durationMinutes: 60, timezone: "Africa/Douala" });
    expect(zoom.meetings.get(once.meetingId)).toMatchObject({ type: 2 });
    const open = await client.createMeeting({ topic: "Permanence", durationMinutes: 60, timezone: "Africa/Douala" });
    expect(zoom.meetings.get(open.meetingId)).toMatchObject({ type: 3 });
    expect(zoom.meetings.get(open.meetingId)).not.toHaveProperty("start_time");

    const tokenCalls = zoom.requests.filter((r) => r.path.startsWith("/oauth/token"));
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0].path).toBe(`/oauth/token?grant_type=account_credentials&account_id=${zoom.accountId}`);
    expect(zoom.requests.filter((r) => r.path === "/v2/users/me/meetings").every((r) => /^Bearer eyJ/.test(String(r.headers.authorization)))).toBe(true);
  });

  it("reads every page of a past occurrence's participants, its UUID encoded twice when Zoom requires it", async () => {
    const people = ["awa", "binam", "chantal", "dieudonne", "ebune"].map((n, i) => ({
      name: n,
      user_email: `${n.toUpperCase()}@Example.cm`,
      join_time: `2026-03-02T08:0${i}:00Z`,
      leave_time: "2026-03-02T10:00:00Z",
    }));
    zoom.setPast(
      "85746065999",
      [
        { uuid: "a//b+c==", start_time: "2026-03-02T07:58:00Z" },
        { uuid: "other==", start_time: "2026-03-09T07:59:00Z" },
      ],
      { "a//b+c==": people },
    );
    const client = api();
    const instance = instanceFor(await client.pastInstances("85746065999"), new Date("2026-03-02T08:00:00Z"));
    expect(instance?.uuid).toBe("a//b+c==");
    const report = await client.pastParticipants(instance!.uuid);
    expect(report.map((p) => p.email)).toEqual(people.map((p) => p.user_email.toLowerCase()));
    expect(report[4].joinTime.toISOString()).toBe("2026-03-02T08:04:00.000Z");
    const pages = zoom.requests.filter((r) => r.path.includes("/participants"));
    expect(pages.map((r) => r.path.split("?")[0])).toEqual(Array(3).fill("/v2/past_meetings/a%252F%252Fb%252Bc%253D%253D/participants"));
    expect(pages[2].path).toContain("next_page_token=4");
  });

  it("answers Zoom's errors as ZoomApiError: a wrong secret, an unknown meeting", async () => {
    await expect(api({ clientSecret: "wrong-secret-value" }).check()).rejects.toMatchObject({ name: "ZoomApiError", status: 400 });
    await expect(api({ accountId: "unknownAcct" }).check()).rejects.toBeInstanceOf(ZoomApiError);
    await expect(api().pastParticipants("11111111111")).rejects.toMatchObject({ status: 404, code: 3001 });
    await expect(api().check()).resolves.toBeUndefined();
  });
});

describe("the simulator and the import plan", () => {
  const start = new Date("2026-03-02T08:00:00Z");
  const end = new Date("2026-03-02T10:00:00Z");

  it("creates the same meeting for the same request and builds the report from the app's joins", async () => {
    const sim = new ZoomSimulator();
    const a = await sim.createMeeting({ topic: "INF-101", start, durationMinutes: 60, timezone: "Africa/Douala" });
    const b = await sim.createMeeting({ topic: "INF-101", start, durationMinutes: 60, timezone: "Africa/Douala" });
    const c = await sim.createMeeting({ topic: "INF-102", start, durationMinutes: 60, timezone: "Africa/Douala" });
    expect(a).toEqual(b);
    expect(c.meetingId).not.toBe(a.meetingId);
    expect(a.meetingId).toMatch(/^[1-9]\d{10}$/);
    expect(a.joinUrl).toBe(`https://zoom.us/j/${a.meetingId}?pwd=${a.passcode}`);
    const report = simulatedReport(start, end, [
      { email: "awa@example.cm", name: "Awa", joinedAt: new Date("2026-03-02T07:55:00Z") },
      { email: "binam@example.cm", name: "Binam", joinedAt: null },
      { email: "chantal@example.cm", name: "Chantal", joinedAt: null },
    ]);
    expect(report.map((p) => [p.email, p.joinTime.toISOString()])).toEqual([
      ["awa@example.cm", "2026-03-02T07:55:00.000Z"],
      ["binam@example.cm", "2026-03-02T08:20:00.000Z"],
      [SIMULATED_GUEST.email, "2026-03-02T08:00:00.000Z"],
    ]);
  });

  it("plans present, late, absent and keeps excused and earlier app joins", () => {
    const plan = planAttendanceImport(
      [
        { student_id: "s1", email: "awa@example.cm", status: null, joined_at: null },
        { student_id: "s2", email: "binam@example.cm", status: null, joined_at: null },
        { student_id: "s3", email: "chantal@example.cm", status: "excused", joined_at: null },
        { student_id: "s4", email: "dan@example.cm", status: null, joined_at: null },
        { student_id: "s5", email: "ebune@example.cm", status: "present", joined_at: "2026-03-02T07:58:00Z" },
        { student_id: "s6", email: "fon@example.cm", status: "present", joined_at: null },
      ],
      [
        { email: "AWA@example.cm", name: "Awa", joinTime: new Date("2026-03-02T08:25:00Z"), leaveTime: null },
        { email: "awa@example.cm", name: "Awa", joinTime: new Date("2026-03-02T08:09:00Z"), leaveTime: null },
        { email: "binam@example.cm", name: "Binam", joinTime: new Date("2026-03-02T08:10:01Z"), leaveTime: null },
        { email: "chantal@example.cm", name: "Chantal", joinTime: new Date("2026-03-02T08:00:00Z"), leaveTime: null },
        { email: "ebune@example.cm", name: "Ebune", joinTime: new Date("2026-03-02T08:30:00Z"), leaveTime: null },
        { email: "", name: "Téléphone", joinTime: start, leaveTime: null },
        { email: "guest@example.org", name: "Guest", joinTime: start, leaveTime: null },
      ],
      start,
    );
    expect(plan.writes).toEqual([
      { student_id: "s1", status: "present", joined_at: "2026-03-02T08:09:00.000Z" },
      { student_id: "s2", status: "late", joined_at: "2026-03-02T08:10:01.000Z" },
      { student_id: "s4", status: "absent", joined_at: null },
      { student_id: "s5", status: "present", joined_at: "2026-03-02T07:58:00.000Z" },
    ]);
    expect([plan.matched, plan.unmatched, plan.absent]).toEqual([4, 2, 1]);
  });
});
