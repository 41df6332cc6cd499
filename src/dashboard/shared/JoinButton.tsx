// "Rejoindre": live from 15 minutes before the start to the end (src/lib/meetings.ts, the
// worker's window). A click opens Zoom or Teams in a new tab at once (no pop-up blocker in
// the way) and records the student's attendance with the join time (join_session).
import { useState } from "react";
import { COURSE_START_WINDOW_MINUTES, MINUTE_MS } from "../../lib/notifications/rules.ts";
import { formatTime } from "../../lib/format.ts";
import { isJoinable, meetingUrl } from "../../lib/meetings.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { buttonClass } from "../ui/Button.tsx";
import { toastError } from "../ui/toast.ts";
import { joinSession } from "./classes-data.ts";
import { joinMessages } from "./join-messages.ts";
import { meetingOf, type Session } from "./sessions-data.ts";

export function JoinButton({ session, now, recordAttendance }: { session: Session; now: Date; recordAttendance: boolean }) {
  const locale = useLocale();
  const m = useMessages(joinMessages);
  const [joined, setJoined] = useState<string | null>(null);
  if (!session.is_online) return null;
  const url = meetingUrl(meetingOf(session));
  if (!url) return <span className="text-sm text-gray-700">{m.noLink}</span>;
  const over = now.getTime() > new Date(session.end_time).getTime();
  if (over)
    return session.recording_url ? (
      <a className={buttonClass("secondary", "sm")} href={session.recording_url} target="_blank" rel="noopener noreferrer">
        {m.recording}
        <span className="sr-only"> : {session.course.title}</span>
      </a>
    ) : (
      <span className="text-sm text-gray-700">{m.over}</span>
    );
  if (!isJoinable(session.start_time, session.end_time, now)) {
    const opens = new Date(new Date(session.start_time).getTime() - COURSE_START_WINDOW_MINUTES * MINUTE_MS);
    return (
      <span className="inline-flex rounded-md bg-gray-100 px-3 py-1.5 text-sm font-semibold text-gray-700" aria-disabled="true">
        {fill(m.opensAt, { time: formatTime(locale, opens) })}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("primary", "sm")}
        data-testid="join-session"
        onClick={() => {
          if (!recordAttendance) return;
          joinSession(getSupabase(), session.id).then(
            (r) => setJoined(r.joined_at),
            (e) => toastError(e),
          );
        }}
      >
        {m.join}
        <span className="sr-only"> : {session.course.title}</span>
      </a>
      {joined && (
        <span role="status" className="text-sm text-green-800">
          {fill(m.joinedAt, { time: formatTime(locale, joined) })}
        </span>
      )}
    </span>
  );
}
