// One interface for the meeting platform's API (DOMAIN §5): create a meeting, and read who
// attended a past one. The Zoom adapter (zoom-api.ts, Server-to-Server OAuth) and the
// simulator (simulator.ts, used when no credentials are configured) implement it.

export interface MeetingRecurrence {
  /** Days of the week, Zoom's numbering: 1 = Sunday … 7 = Saturday. */
  weeklyDays: number[];
  /** How many occurrences (Zoom accepts 1 to 60 with end_times). */
  endTimes: number;
}

export interface MeetingRequest {
  topic: string;
  /** The first occurrence; none: a recurring meeting with no fixed time (Zoom type 3). */
  start?: Date;
  durationMinutes: number;
  timezone: string;
  recurrence?: MeetingRecurrence;
}

export interface CreatedMeeting {
  /** Digits only, e.g. "85746065432". */
  meetingId: string;
  joinUrl: string;
  /** The host's link: for the course's teacher and admins only. */
  startUrl: string;
  passcode: string | null;
}

export interface MeetingParticipant {
  /** Lower-cased; empty when the participant was not signed in to Zoom. */
  email: string;
  name: string;
  joinTime: Date;
  leaveTime: Date | null;
}

export interface PastInstance {
  uuid: string;
  startTime: Date;
}

export interface ZoomMeetings {
  /** "zoom" or "simulator": the pages say which one answered. */
  readonly name: "zoom" | "simulator";
  /** Proves the credentials work (an access token is issued). */
  check(): Promise<void>;
  createMeeting(request: MeetingRequest): Promise<CreatedMeeting>;
  /** The ended occurrences of a (recurring) meeting. */
  pastInstances(meetingId: string): Promise<PastInstance[]>;
  /** Every participant of a past meeting (an instance's UUID or the meeting id), all pages read. */
  pastParticipants(meetingUuidOrId: string): Promise<MeetingParticipant[]>;
}

/** An error the Zoom API answered (HTTP status, Zoom's code and message). */
export class ZoomApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  constructor(status: number, code: number | undefined, message: string) {
    super(`Zoom ${status}${code === undefined ? "" : ` (${code})`}: ${message}`);
    this.name = "ZoomApiError";
    this.status = status;
    this.code = code;
  }
}

/** The occurrence of a recurring meeting that is the given session: the one starting nearest to it, within 12 hours. */
export function instanceFor(instances: PastInstance[], sessionStart: Date): PastInstance | undefined {
  const distance = (i: PastInstance) => Math.abs(i.startTime.getTime() - sessionStart.getTime());
  return instances.filter((i) => distance(i) <= 12 * 3_600_000).sort((a, b) => distance(a) - distance(b))[0];
}
