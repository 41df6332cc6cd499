// From a meeting's participants report to a session's register: enrolled students are
// matched by e-mail; the earliest join counts (a student may rejoin), late when more than
// 10 minutes after the start (the rule join_session applies in the database); an excused
// student stays excused; a student the report does not name keeps their row, or is marked
// absent when they have none.
import type { MeetingParticipant } from "./meetings.ts";

export const LATE_AFTER_MINUTES = 10;

export interface RosterEntry {
  student_id: string;
  email: string | null;
  status: string | null;
  joined_at: string | null;
}

export interface AttendanceWrite {
  student_id: string;
  status: "present" | "late" | "absent";
  joined_at: string | null;
}

export interface ImportPlan {
  writes: AttendanceWrite[];
  /** Enrolled students the report names. */
  matched: number;
  /** Participants no enrolled student matches (guests, other e-mails, not signed in). */
  unmatched: number;
  /** Enrolled students marked absent (not in the report, no register row). */
  absent: number;
}

export function planAttendanceImport(roster: RosterEntry[], report: MeetingParticipant[], sessionStart: Date): ImportPlan {
  const firstJoin = new Map<string, Date>();
  for (const p of report) {
    const email = p.email.trim().toLowerCase();
    if (!email) continue;
    const known = firstJoin.get(email);
    if (!known || p.joinTime < known) firstJoin.set(email, p.joinTime);
  }
  const enrolled = new Set(roster.map((r) => r.email?.toLowerCase()).filter(Boolean));
  const unmatched = report.filter((p) => !p.email || !enrolled.has(p.email.trim().toLowerCase())).length;
  const lateAfter = sessionStart.getTime() + LATE_AFTER_MINUTES * 60_000;
  const writes: AttendanceWrite[] = [];
  let matched = 0;
  let absent = 0;
  for (const student of roster) {
    const zoomJoin = student.email ? firstJoin.get(student.email.toLowerCase()) : undefined;
    if (zoomJoin) matched++;
    if (student.status === "excused") continue;
    if (!zoomJoin) {
      if (!student.status) {
        absent++;
        writes.push({ student_id: student.student_id, status: "absent", joined_at: null });
      }
      continue;
    }
    const appJoin = student.joined_at ? new Date(student.joined_at) : undefined;
    const joined = appJoin && appJoin < zoomJoin ? appJoin : zoomJoin;
    writes.push({ student_id: student.student_id, status: joined.getTime() > lateAfter ? "late" : "present", joined_at: joined.toISOString() });
  }
  return { writes, matched, unmatched, absent };
}
