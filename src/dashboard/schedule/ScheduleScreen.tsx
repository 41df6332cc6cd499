// The timetable of a student, a teacher or the administration: the sessions of a week (a
// month on the teacher's calendar) as a list with their join buttons, stepped week by week,
// and on request the same period in FullCalendar's day/week/month grid.
import { lazy, Suspense, useState, type ReactNode } from "react";
import { formatDate, formatDateTime, formatDayRange, formatMonth, formatTime, doualaDay } from "../../lib/format.ts";
import { periodOf, shiftPeriod, type Period } from "../../lib/schedule/period.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { cx, focusRing } from "../ui/styles.ts";
import type { CalendarItem, CalendarViewName } from "./CalendarView.tsx";
import { listExamsAndDeadlines, listSessions, type Dated, type Session, type SessionQuery } from "../shared/sessions-data.ts";
import { FeedCard } from "./FeedCard.tsx";
import { JoinButton } from "../shared/JoinButton.tsx";
import { scheduleMessages } from "./messages.ts";
import { useScheduleQuery } from "../ui/query.ts";

// FullCalendar is about 70 KB gzip with its day, week and month views: more than a page may
// add (DESIGN §6 weight). The list shows the period first; the grid's chunk downloads when
// the user asks for it (or points at the button that shows it).
const loadCalendar = () => import("./CalendarView.tsx");
const CalendarView = lazy(loadCalendar);

type Display = "list" | "grid";

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
  /** The grid's first view; a month view also makes the list show a month at a time. */
  initialView?: CalendarViewName;
  withDeadlines?: boolean;
  /** Admin: the filters of the sessions read. */
  filters?: Omit<SessionQuery, "from" | "to">;
  filterBar?: ReactNode;
}) {
  const m = useMessages(scheduleMessages);
  const { userId } = useSignedIn();
  const now = useNow();
  const unit = initialView === "dayGridMonth" ? "month" : "week";
  const [display, setDisplay] = useState<Display>("list");
  const [period, setPeriod] = useState(() => periodOf(unit, new Date()));
  // What the grid shows (a month view starts in the week before the 1st), once it has drawn.
  const [gridRange, setGridRange] = useState<{ from: Date; to: Date } | null>(null);
  const range = display === "grid" && gridRange ? gridRange : period;
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const teacherId = role === "teacher" ? userId : filters?.teacherId;
  const sessions = useScheduleQuery(["sessions", role, from, to, JSON.stringify(filters ?? {})], () => listSessions(getSupabase(), { ...filters, from, to, teacherId }));
  const dated = useScheduleQuery(["dated", role, from, to, withDeadlines ? 1 : 0], () => (withDeadlines ? listExamsAndDeadlines(getSupabase(), from, to, teacherId) : Promise.resolve([])));

  const items: CalendarItem[] = [
    ...(sessions.data ?? []).map((s) => ({ id: s.id, title: `${s.course.code} — ${s.title}`, start: s.start_time, end: s.end_time })),
    ...(dated.data ?? []).map((d) => ({ id: d.id, title: d.title, start: d.at, end: d.at, kind: d.kind })),
  ];
  const show = (next: Display) => {
    if (next === "list") setGridRange(null);
    setDisplay(next);
  };

  return (
    <div className="space-y-6">
      <PageHeader title={title} description={intro} />
      {filterBar && <div className="flex flex-wrap gap-3">{filterBar}</div>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {display === "list" ? <PeriodNav period={period} onChange={setPeriod} /> : <span />}
        <DisplaySwitch display={display} onChange={show} />
      </div>
      {display === "grid" && (
        <section aria-label={m.views.grid} className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm" data-testid="calendar">
          <Suspense fallback={<CalendarLoading />}>
            <CalendarView
              items={items}
              initialView={initialView}
              initialDate={doualaDay(period.from)}
              onRangeChange={(start, end, periodStart) => {
                setGridRange((shown) => (shown && shown.from.getTime() === start.getTime() && shown.to.getTime() === end.getTime() ? shown : { from: start, to: end }));
                // Back in the list, the period the grid was showing.
                setPeriod((current) => (periodStart >= current.from && periodStart < current.to ? current : periodOf(unit, periodStart)));
              }}
            />
          </Suspense>
        </section>
      )}
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
      {withDeadlines && (
        <section aria-labelledby="dated-of-period">
          <h2 id="dated-of-period" className="mb-3 text-lg font-semibold text-brand-900">
            {m.dated.title}
          </h2>
          {dated.error ? (
            <ErrorState error={dated.error} onRetry={dated.retry} />
          ) : dated.loading || !dated.data ? (
            <Skeleton lines={2} />
          ) : dated.data.length === 0 ? (
            <p className="text-gray-700">{m.dated.none}</p>
          ) : (
            <DatedList items={dated.data} />
          )}
        </section>
      )}
      {role !== "admin" && <FeedCard />}
    </div>
  );
}

/** The period shown, and the buttons that step to the one before or after, or back to now. */
function PeriodNav({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const locale = useLocale();
  const m = useMessages(scheduleMessages).period;
  const month = period.unit === "month";
  const label = month ? formatMonth(locale, period.from) : fill(m.week, { range: formatDayRange(locale, period.from, period.to) });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onPress={() => onChange(shiftPeriod(period, -1))}>
        <span aria-hidden="true">‹</span> {month ? m.previousMonth : m.previousWeek}
      </Button>
      <Button variant="secondary" size="sm" onPress={() => onChange(periodOf(period.unit, new Date()))}>
        {month ? m.thisMonth : m.thisWeek}
      </Button>
      <Button variant="secondary" size="sm" onPress={() => onChange(shiftPeriod(period, 1))}>
        {month ? m.nextMonth : m.nextWeek} <span aria-hidden="true">›</span>
      </Button>
      <p className="font-semibold text-brand-900 first-letter:uppercase" aria-live="polite" data-testid="period">
        {label}
      </p>
    </div>
  );
}

/** List or calendar grid: two toggle buttons (aria-pressed), the grid's code fetched on intent. */
function DisplaySwitch({ display, onChange }: { display: Display; onChange: (display: Display) => void }) {
  const m = useMessages(scheduleMessages).views;
  return (
    <div role="group" aria-label={m.label} className="inline-flex self-start rounded-md border border-brand-700 bg-white p-0.5">
      {(["list", "grid"] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={display === option}
          onClick={() => onChange(option)}
          onPointerEnter={option === "grid" ? () => void loadCalendar() : undefined}
          onFocus={option === "grid" ? () => void loadCalendar() : undefined}
          className={cx("min-h-10 rounded px-4 text-sm font-semibold", focusRing, display === option ? "bg-brand-700 text-white" : "text-brand-900 hover:bg-brand-50")}
        >
          {m[option]}
        </button>
      ))}
    </div>
  );
}

/** The grid's shape while its code downloads the first time. */
function CalendarLoading() {
  const m = useMessages(scheduleMessages).views;
  return (
    <div role="status" aria-busy="true" className="space-y-3" data-testid="calendar-loading">
      <p className="text-sm text-gray-700">{m.loading}</p>
      <div aria-hidden="true" className="grid grid-cols-7 gap-1">
        {Array.from({ length: 35 }, (_, i) => (
          <div key={i} className="h-14 animate-pulse rounded bg-gray-200" />
        ))}
      </div>
    </div>
  );
}

/** Exams (a day) and assignment deadlines (an instant) of the period, soonest first. */
function DatedList({ items }: { items: Dated[] }) {
  const locale = useLocale();
  const m = useMessages(scheduleMessages).dated;
  const sorted = [...items].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white" data-testid="dated-list">
      {sorted.map((d) => (
        <li key={`${d.kind}-${d.id}`} className="p-3">
          <p className="font-medium text-gray-900">
            {d.kind === "exam" ? formatDate(locale, `${d.at.slice(0, 10)}T12:00:00Z`) : formatDateTime(locale, d.at)} · {d.title}
          </p>
          <p className="text-sm text-gray-700">{d.kind === "exam" ? m.exam : m.deadline}</p>
        </li>
      ))}
    </ul>
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
