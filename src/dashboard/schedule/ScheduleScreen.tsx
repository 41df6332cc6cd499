// The timetable of a student or a teacher: FullCalendar's day/week/month views over the
// sessions of the visible period, and the same sessions as a list with their join buttons.
import { lazy, Suspense, useState, type ReactNode } from "react";
import { formatDateTime, formatTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import type { CalendarItem, CalendarViewName } from "./CalendarView.tsx";
import { listExamsAndDeadlines, listSessions, type Session, type SessionQuery } from "../shared/sessions-data.ts";
import { FeedCard } from "./FeedCard.tsx";
import { JoinButton } from "../shared/JoinButton.tsx";
import { scheduleMessages } from "./messages.ts";
import { useScheduleQuery } from "../query.ts";

// FullCalendar (about 65 KB gzip with its day, week and month views) comes in its own chunk
// after the page: on a slow connection the list of the week's sessions shows first.
const CalendarView = lazy(() => import("./CalendarView.tsx"));

function weekAround(now: Date): { from: Date; to: Date } {
  // Monday 00:00 in Douala (UTC+1) of this week, and a week later.
  const douala = new Date(now.getTime() + 3_600_000);
  const monday = new Date(Date.UTC(douala.getUTCFullYear(), douala.getUTCMonth(), douala.getUTCDate() - ((douala.getUTCDay() + 6) % 7)) - 3_600_000);
  return { from: monday, to: new Date(monday.getTime() + 7 * 86_400_000) };
}

export function ScheduleScreen({
  role,
  title,
  intro,
  initialView = "timeGridWeek",
  withDeadlines = false,
  filters,
  filterBar,
}: {
  role: "student" | "teacher" | "admin";
  title: string;
  intro: string;
  initialView?: CalendarViewName;
  withDeadlines?: boolean;
  /** Admin: the filters of the sessions read. */
  filters?: Omit<SessionQuery, "from" | "to">;
  filterBar?: ReactNode;
}) {
  const m = useMessages(scheduleMessages);
  const { userId } = useSignedIn();
  const now = useNow();
  const [range, setRange] = useState(() => weekAround(new Date()));
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const teacherId = role === "teacher" ? userId : filters?.teacherId;
  const sessions = useScheduleQuery(["sessions", role, from, to, JSON.stringify(filters ?? {})], () => listSessions(getSupabase(), { ...filters, from, to, teacherId }));
  const dated = useScheduleQuery(["dated", role, from, to, withDeadlines ? 1 : 0], () => (withDeadlines ? listExamsAndDeadlines(getSupabase(), from, to, teacherId) : Promise.resolve([])));

  const items: CalendarItem[] = [
    ...(sessions.data ?? []).map((s) => ({ id: s.id, title: `${s.course.code} — ${s.title}`, start: s.start_time, end: s.end_time })),
    ...(dated.data ?? []).map((d) => ({ id: d.id, title: d.title, start: d.at, end: d.at, kind: d.kind })),
  ];

  return (
    <div className="space-y-6">
      <PageHeader title={title} description={intro} />
      {filterBar && <div className="flex flex-wrap gap-3">{filterBar}</div>}
      <section aria-label={title} className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm" data-testid="calendar">
        <Suspense fallback={<Skeleton lines={6} />}>
          <CalendarView
            items={items}
            initialView={initialView}
            onRangeChange={(start, end) => {
              if (start.getTime() !== range.from.getTime() || end.getTime() !== range.to.getTime()) setRange({ from: start, to: end });
            }}
          />
        </Suspense>
      </section>
      <section aria-labelledby="sessions-of-period">
        <h2 id="sessions-of-period" className="mb-3 text-lg font-semibold text-brand-900">
          {m.sessionsList}
        </h2>
        {sessions.error ? (
          <ErrorState error={sessions.error} onRetry={sessions.retry} />
        ) : sessions.loading || !sessions.data ? (
          <Skeleton lines={4} />
        ) : sessions.data.length === 0 ? (
          <EmptyState title={m.noSessions} description={m.noSessionsHint} />
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white" data-testid="session-list">
            {sessions.data.map((s) => (
              <SessionLine key={s.id} session={s} now={now} recordAttendance={role === "student"} />
            ))}
          </ul>
        )}
      </section>
      {role !== "admin" && <FeedCard />}
    </div>
  );

}

function SessionLine({ session, now, recordAttendance }: { session: Session; now: Date; recordAttendance: boolean }) {
  const locale = useLocale();
  const m = useMessages(scheduleMessages);
    return (
      <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session-line">
        <div>
          <p className="font-medium text-gray-900">
            {formatDateTime(locale, session.start_time)}–{formatTime(locale, session.end_time)} · {session.course.code} — {session.course.title}
          </p>
          <p className="text-sm text-gray-700">
            {session.title} · {session.is_online ? m.online : session.room ? fill(m.room, { room: session.room }) : ""}
          </p>
        </div>
        <JoinButton session={session} now={now} recordAttendance={recordAttendance} />
      </li>
    );
  }
