// admin/iou-scheduled-courses: the Open University's sessions of the current semester, day
// by day (Douala), with each one's meeting status — live, upcoming with its link ready,
// link missing, in a room, or over (with or without its recording).
import { useMemo } from "react";
import { doualaDay, formatDate, formatNumber, formatTime } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { isJoinable, meetingUrl } from "../../lib/meetings.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { listSessions, meetingOf, type Session } from "../shared/sessions-data.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { currentSemester, schoolIdBySlug } from "../shared/classes-data.ts";
import { iouMessages } from "./messages.ts";

type Status = "live" | "ready" | "missing" | "room" | "recorded" | "over";
const TONES: Record<Status, Tone> = { live: "success", ready: "info", missing: "warning", room: "neutral", recorded: "neutral", over: "neutral" };

export function meetingStatus(s: Session, now: Date): Status {
  if (!s.is_online) return "room";
  if (now.getTime() > new Date(s.end_time).getTime()) return s.recording_url ? "recorded" : "over";
  if (!meetingUrl(meetingOf(s))) return "missing";
  return isJoinable(s.start_time, s.end_time, now) ? "live" : "ready";
}

export default function AdminIouScheduledPage() {
  const m = useMessages(iouMessages);
  const locale = useLocale();
  const now = useNow();
  const semester = useScheduleQuery(["current-semester"], () => currentSemester(getSupabase()));
  const school = useScheduleQuery(["school", "open-university"], () => schoolIdBySlug(getSupabase(), "open-university"));
  const s = semester.data;
  const sessions = useScheduleQuery(["sessions", "iou", s?.id ?? "none", school.data ?? "none"], () =>
    s && school.data ? listSessions(getSupabase(), { semesterId: s.id, schoolId: school.data, from: `${s.starts_on}T00:00:00+01:00`, to: `${s.ends_on}T23:59:59+01:00` }) : Promise.resolve([]),
  );
  const days = useMemo(() => {
    const byDay = new Map<string, Session[]>();
    for (const session of sessions.data ?? []) {
      const day = doualaDay(session.start_time);
      byDay.set(day, [...(byDay.get(day) ?? []), session]);
    }
    return [...byDay];
  }, [sessions.data]);
  const error = semester.error ?? school.error ?? sessions.error;
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("admin.iou-scheduled-courses")} description={s ? fill(m.intro, { semester: locale === "fr" ? s.name_fr : s.name_en }) : m.introNone} />
      {error ? (
        <ErrorState error={error} onRetry={() => (semester.retry(), school.retry(), sessions.retry())} />
      ) : semester.data === undefined || !sessions.data ? (
        <Skeleton blocks={2} />
      ) : days.length === 0 ? (
        <EmptyState title={m.none} />
      ) : (
        <div className="space-y-4" data-testid="iou-days">
          <p className="text-sm text-gray-700">
            {countOf(locale, m.count, sessions.data.length, { missing: formatNumber(locale, sessions.data.filter((x) => meetingStatus(x, now) === "missing").length) })}
          </p>
          {days.map(([day, list]) => (
            <Card key={day} title={formatDate(locale, list[0].start_time)}>
              <ul className="divide-y divide-gray-100">
                {list.map((x) => {
                  const status = meetingStatus(x, now);
                  return (
                    <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="font-medium tabular-nums">
                          {formatTime(locale, x.start_time)}–{formatTime(locale, x.end_time)}
                        </span>{" "}
                        · <span className="font-mono">{x.course.code}</span> {x.course.title} — {x.title}
                        {x.room && <span className="text-gray-700"> · {x.room}</span>}
                      </span>
                      <Badge tone={TONES[status]}>{m.status[status]}</Badge>
                    </li>
                  );
                })}
              </ul>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
