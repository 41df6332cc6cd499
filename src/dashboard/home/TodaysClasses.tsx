// Today's sessions with their "Rejoindre" button: live from 15 minutes before the start
// until the end (the worker's window), opening the session's or the course's Zoom/Teams link;
// a student's click records its attendance (join_session), as the timetable's button does.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { doualaDay, formatTime } from "../../lib/format.ts";
import { COURSE_START_WINDOW_MINUTES, MINUTE_MS } from "../../lib/notifications/rules.ts";
import { isJoinable, meetingUrl } from "../../lib/meetings.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { toastError } from "../ui/toast.ts";
import { Block } from "./Block.tsx";
import { useRouteHref } from "../links.ts";
import { fetchTodaysClasses, type ClassSession } from "./data.ts";
import { homeMessages } from "./messages.ts";
import { useNow } from "../ui/useNow.ts";

const joinClass = "inline-flex rounded-md px-3 py-1.5 text-sm font-semibold";

export default function TodaysClasses({ teacherId, scheduleRoute }: { teacherId?: string; scheduleRoute: "student.schedule" | "teacher.schedule" }) {
  const m = useMessages(homeMessages);
  const now = useNow();
  const day = doualaDay(now);
  const $classes = useMemo(
    () => createFetcherStore<ClassSession[]>(["home-classes", teacherId ?? "me", day], { fetcher: () => fetchTodaysClasses(getSupabase(), new Date(), teacherId) }),
    [teacherId, day],
  );
  const classes = useStore($classes);
  return (
    <Block title={m.todaysClasses} link={useRouteHref(scheduleRoute)} state={classes} onRetry={() => $classes.revalidate()}>
      {(sessions) =>
        sessions.length ? (
          <ul className="divide-y divide-gray-100" data-testid="todays-classes">
            {sessions.map((session) => (
              <SessionItem key={session.id} session={session} now={now} recordAttendance={!teacherId} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">{m.noClassToday}</p>
        )
      }
    </Block>
  );
}

function SessionItem({ session, now, recordAttendance }: { session: ClassSession; now: Date; recordAttendance: boolean }) {
  const locale = useLocale();
  const m = useMessages(homeMessages);
  const { course } = session;
  // Per-session meeting details override the course's.
  const url = session.is_online
    ? meetingUrl({
        meeting_platform: course.meeting_platform,
        zoom_meeting_id: session.zoom_meeting_id ?? course.zoom_meeting_id,
        zoom_passcode: session.zoom_passcode ?? course.zoom_passcode,
        teams_meeting_url: session.teams_meeting_url ?? course.teams_meeting_url,
      })
    : null;
  const live = isJoinable(session.start_time, session.end_time, now);
  const over = now.getTime() > new Date(session.end_time).getTime();
  const opensAt = new Date(new Date(session.start_time).getTime() - COURSE_START_WINDOW_MINUTES * MINUTE_MS);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-gray-900">
          <span className="tabular-nums">
            {formatTime(locale, session.start_time)}–{formatTime(locale, session.end_time)}
          </span>{" "}
          · {course.title}
        </p>
        <p className="text-sm text-gray-600">
          {session.title} · {session.is_online ? m.online : session.room ? fill(m.room, { room: session.room }) : ""}
        </p>
      </div>
      {session.is_online &&
        (!url ? (
          <p className="text-sm text-gray-600">{m.noLink}</p>
        ) : live ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            // A student's click records its attendance with the join time, as on the timetable.
            onClick={() => {
              // The virtual-classes module comes on the click, not with the home (its chunk
              // carries that feature's strings: the home's weight budget).
              if (recordAttendance) import("../shared/classes-data.ts").then(({ joinSession }) => joinSession(getSupabase(), session.id)).catch(toastError);
            }}
            className={`${joinClass} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
          >
            {m.join}
            <span className="sr-only"> : {course.title}</span>
          </a>
        ) : (
          <span className={`${joinClass} cursor-not-allowed bg-gray-100 text-gray-700`} aria-disabled="true">
            {over ? m.joinOver : fill(m.joinOpensAt, { time: formatTime(locale, opensAt) })}
          </span>
        ))}
    </li>
  );
}
