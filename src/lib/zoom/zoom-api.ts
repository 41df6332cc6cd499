// Zoom's REST API with a Server-to-Server OAuth app (developers.zoom.us), as documented:
//   POST {oauth}/oauth/token?grant_type=account_credentials&account_id={accountId}
//        Basic clientId:clientSecret → 200 { access_token, token_type: "bearer", expires_in, scope }
//   POST {api}/users/me/meetings  Bearer; { topic, type: 2 | 3 | 8, start_time, duration,
//        timezone, recurrence: { type: 2, weekly_days: "2,4", end_times }, settings }
//        → 201 { id, uuid, join_url, start_url, password, … }
//   GET  {api}/past_meetings/{meetingId}/instances → 200 { meetings: [{ uuid, start_time }] }
//   GET  {api}/past_meetings/{meetingUUID}/participants?page_size=300&next_page_token=…
//        → 200 { participants: [{ id, name, user_email, join_time, leave_time, duration }],
//        next_page_token, page_size, total_records }
//   Errors: 4xx with { code, message } (124 invalid access token, 3001 meeting not found).
//   A UUID that starts with "/" or contains "//" is encoded twice.
// {oauth} is https://zoom.us and {api} https://api.zoom.us/v2, or ZOOM_OAUTH_BASE and
// ZOOM_API_BASE (a local contract server in the tests).
import { ZoomApiError, type CreatedMeeting, type MeetingParticipant, type MeetingRequest, type PastInstance, type ZoomMeetings } from "./meetings.ts";

export interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

export interface ZoomApiConfig extends ZoomCredentials {
  apiBase: string;
  oauthBase: string;
  fetch?: typeof fetch;
}

export const ZOOM_API_BASE = "https://api.zoom.us/v2";
export const ZOOM_OAUTH_BASE = "https://zoom.us";

/** The bases from the environment (ZOOM_API_BASE, ZOOM_OAUTH_BASE), else Zoom's. */
export function zoomBasesFromEnv(env: Record<string, string | undefined>): { apiBase: string; oauthBase: string } {
  return {
    apiBase: (env.ZOOM_API_BASE || ZOOM_API_BASE).replace(/\/+$/, ""),
    oauthBase: (env.ZOOM_OAUTH_BASE || ZOOM_OAUTH_BASE).replace(/\/+$/, ""),
  };
}

/** "2026-03-02T08:00:00Z": Zoom's GMT form of a start time. */
export const zoomTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

function encodeMeeting(idOrUuid: string): string {
  const once = encodeURIComponent(idOrUuid);
  return idOrUuid.startsWith("/") || idOrUuid.includes("//") ? encodeURIComponent(once) : once;
}

const PAGE_SIZE = 300;
const MAX_PAGES = 50;

export class ZoomApi implements ZoomMeetings {
  readonly name = "zoom" as const;
  private readonly config: ZoomApiConfig;
  private token: { value: string; expires: number } | undefined;
  constructor(config: ZoomApiConfig) {
    this.config = config;
  }

  private get fetch() {
    return this.config.fetch ?? fetch;
  }

  private async failure(response: Response): Promise<ZoomApiError> {
    const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string; reason?: string; error?: string };
    return new ZoomApiError(response.status, typeof body.code === "number" ? body.code : undefined, body.message ?? body.reason ?? body.error ?? response.statusText);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 60_000) return this.token.value;
    const { oauthBase, accountId, clientId, clientSecret } = this.config;
    const response = await this.fetch(`${oauthBase}/oauth/token?grant_type=account_credentials&account_id=${encodeURIComponent(accountId)}`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
    });
    if (!response.ok) throw await this.failure(response);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ZoomApiError(response.status, undefined, "no access_token in the answer");
    this.token = { value: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const response = await this.fetch(`${this.config.apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.accessToken()}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await this.failure(response);
    return (await response.json()) as T;
  }

  async check(): Promise<void> {
    this.token = undefined;
    await this.accessToken();
  }

  async createMeeting(request: MeetingRequest): Promise<CreatedMeeting> {
    const type = !request.start ? 3 : request.recurrence ? 8 : 2;
    const created = await this.call<{ id: number | string; join_url: string; start_url: string; password?: string }>("POST", "/users/me/meetings", {
      topic: request.topic.slice(0, 200),
      type,
      ...(request.start ? { start_time: zoomTime(request.start) } : {}),
      duration: request.durationMinutes,
      timezone: request.timezone,
      ...(request.recurrence && request.start
        ? {
            recurrence: { type: 2, repeat_interval: 1, weekly_days: request.recurrence.weeklyDays.join(","), end_times: request.recurrence.endTimes },
          }
        : {}),
      settings: { join_before_host: false, waiting_room: true, auto_recording: "none" },
    });
    return { meetingId: String(created.id), joinUrl: created.join_url, startUrl: created.start_url, passcode: created.password || null };
  }

  async pastInstances(meetingId: string): Promise<PastInstance[]> {
    const answer = await this.call<{ meetings?: { uuid: string; start_time: string }[] }>("GET", `/past_meetings/${encodeMeeting(meetingId)}/instances`);
    return (answer.meetings ?? []).map((m) => ({ uuid: m.uuid, startTime: new Date(m.start_time) }));
  }

  async pastParticipants(meetingUuidOrId: string): Promise<MeetingParticipant[]> {
    const participants: MeetingParticipant[] = [];
    let next = "";
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = `page_size=${PAGE_SIZE}${next ? `&next_page_token=${encodeURIComponent(next)}` : ""}`;
      const answer = await this.call<{
        participants?: { name?: string; user_email?: string; join_time: string; leave_time?: string }[];
        next_page_token?: string;
      }>("GET", `/past_meetings/${encodeMeeting(meetingUuidOrId)}/participants?${query}`);
      for (const p of answer.participants ?? []) {
        participants.push({
          email: (p.user_email ?? "").trim().toLowerCase(),
          name: p.name ?? "",
          joinTime: new Date(p.join_time),
          leaveTime: p.leave_time ? new Date(p.leave_time) : null,
        });
      }
      next = answer.next_page_token ?? "";
      if (!next) break;
    }
    return participants;
  }
}
