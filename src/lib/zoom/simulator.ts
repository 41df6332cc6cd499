// The meeting platform without Zoom credentials: the same interface, answered on this
// machine. Meeting ids, passcodes and links are derived from the topic and start (the same
// request gives the same meeting); a meeting's participants report is built from who
// joined through the app, plus the first enrolled student who did not (joining 20 minutes
// late) and a guest no account matches, so an import shows every case. The pages label
// everything it answers as simulated.
import type { CreatedMeeting, MeetingParticipant, MeetingRequest, PastInstance, ZoomMeetings } from "./meetings.ts";

/** FNV-1a, 32 bits: a stable number from a text. */
function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const SIMULATED_GUEST = { email: "invite.externe@example.org", name: "Invité externe" };
export const SIMULATED_LATE_MINUTES = 20;

export interface SimulatedAttendee {
  email: string;
  name: string;
  /** When they joined through the app; null: they did not. */
  joinedAt: Date | null;
}

/** A past meeting's report from the app's join records (see the file's comment). */
export function simulatedReport(sessionStart: Date, sessionEnd: Date, attendees: SimulatedAttendee[]): MeetingParticipant[] {
  const report: MeetingParticipant[] = attendees.filter((a) => a.joinedAt).map((a) => ({ email: a.email.toLowerCase(), name: a.name, joinTime: a.joinedAt!, leaveTime: sessionEnd }));
  const late = attendees.find((a) => !a.joinedAt && a.email);
  if (late) {
    report.push({ email: late.email.toLowerCase(), name: late.name, joinTime: new Date(sessionStart.getTime() + SIMULATED_LATE_MINUTES * 60_000), leaveTime: sessionEnd });
  }
  report.push({ ...SIMULATED_GUEST, joinTime: sessionStart, leaveTime: sessionEnd });
  return report;
}

export class ZoomSimulator implements ZoomMeetings {
  readonly name = "simulator" as const;
  private readonly report: (meetingUuidOrId: string) => MeetingParticipant[] | Promise<MeetingParticipant[]>;
  constructor(options: { report?: (meetingUuidOrId: string) => MeetingParticipant[] | Promise<MeetingParticipant[]> } = {}) {
    this.report = options.report ?? (() => []);
  }

  async check(): Promise<void> {}

  async createMeeting(request: MeetingRequest): Promise<CreatedMeeting> {
    const key = `${request.topic}|${request.start?.toISOString() ?? ""}`;
    // 11 digits, never starting with 0, as Zoom's ids.
    const meetingId = String(10_000_000_000 + (hash(key) % 90_000) * 1_000_000 + (hash(key, 7) % 1_000_000));
    const passcode = String(100_000 + (hash(key, 13) % 900_000));
    return {
      meetingId,
      joinUrl: `https://zoom.us/j/${meetingId}?pwd=${passcode}`,
      startUrl: `https://zoom.us/s/${meetingId}?zak=simulated-${hash(key, 29).toString(16)}`,
      passcode,
    };
  }

  async pastInstances(): Promise<PastInstance[]> {
    return [];
  }

  async pastParticipants(meetingUuidOrId: string): Promise<MeetingParticipant[]> {
    return await this.report(meetingUuidOrId);
  }
}
