// /virtual-class/{semestreId}: the signed-in user's sessions of that semester — live now,
// next, and past with recordings. A student's "Rejoindre" is live from 15 minutes before
// the start, opens Zoom or Teams and records attendance with the join time.
import { useState } from "react";
import { formatDateTime, formatTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { listSessions, type Session } from "../shared/sessions-data.ts";
import { JoinButton } from "../shared/JoinButton.tsx";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { getSemester, myAttendance, type MyAttendance } from "../shared/classes-data.ts";
import { classesMessages } from "./messages.ts";

export default function VirtualClassPage({ params }: PageProps) {
  const m = useMessages(classesMessages);
  const locale = useLocale();
  const { userId, role } = useSignedIn();
  const semesterId = params.semesterId;
  const semester = useScheduleQuery(["semester", semesterId], () => getSemester(getSupabase(), semesterId));
  const [fetchedAt] = useState(() => Date.now());
  const sessions = useScheduleQuery(["virtual", semesterId, userId], async () => {
    const s = await getSemester(getSupabase(), semesterId);
    if (!s) return [];
    const list = await listSessions(getSupabase(), {
      semesterId,
      from: new Date(`${s.starts_on}T00:00:00+01:00`).toISOString(),
      to: new Date(new Date(`${s.ends_on}T00:00:00+01:00`).getTime() + 86_400_000).toISOString(),
      teacherId: role === "teacher" ? userId : undefined,
    });
    return list.filter((x) => x.is_online);
  });
  const isStudent = role !== "teacher";
  const pastIds = (sessions.data ?? []).filter((s) => new Date(s.end_time).getTime() < fetchedAt).map((s) => s.id);
  const attendance = useScheduleQuery(["my-attendance", userId, semesterId, pastIds.length], () => (isStudent ? myAttendance(getSupabase(), userId, pastIds) : Promise.resolve([])));
  const now = useNow();

  if (semester.error) return <ErrorState error={semester.error} onRetry={semester.retry} />;
  if (semester.data === undefined) return <Skeleton blocks={3} />;
  if (semester.data === null) return <EmptyState title={m.unknownSemester} />;
  const name = locale === "fr" ? semester.data.name_fr : semester.data.name_en;
  const all = sessions.data ?? [];
  const live = all.filter((s) => new Date(s.start_time) <= now && new Date(s.end_time) >= now);
  const next = all.filter((s) => new Date(s.start_time) > now);
  const past = all.filter((s) => new Date(s.end_time) < now).reverse();
  const byEvent = new Map((attendance.data ?? []).map((a) => [a.schedule_event_id, a]));

  return (
    <div className="space-y-6">
      <PageHeader title={`${m.virtualTitle} — ${name}`} description={m.virtualIntro} />
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton blocks={2} />
      ) : (
        <>
          <Card title={m.liveNow} testId="virtual-live">
            <Sessions list={live} empty={m.noLive} now={now} isStudent={isStudent} />
          </Card>
          <Card title={m.next} testId="virtual-next">
            <Sessions list={next.slice(0, 20)} empty={m.noNext} now={now} isStudent={isStudent} />
          </Card>
          <Card title={m.past} testId="virtual-past">
            <Sessions list={past.slice(0, 30)} empty={m.noPast} now={now} isStudent={isStudent} attendance={byEvent} />
          </Card>
        </>
      )}
    </div>
  );
}

function Sessions({ list, empty, now, isStudent, attendance }: { list: Session[]; empty: string; now: Date; isStudent: boolean; attendance?: Map<string, MyAttendance> }) {
  const m = useMessages(classesMessages);
  const locale = useLocale();
  if (!list.length) return <p className="text-gray-700">{empty}</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {list.map((s) => {
        const mine = attendance?.get(s.id);
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="virtual-session">
            <span>
              <span className="font-medium text-gray-900">
                {formatDateTime(locale, s.start_time)}–{formatTime(locale, s.end_time)}
              </span>{" "}
              <span className="text-gray-700">
                · {s.course.code} — {s.title}
              </span>
              {isStudent && attendance && <span className="block text-sm text-gray-700">{fill(m.myStatus, { status: mine ? m.status[mine.status] : m.notRecorded })}</span>}
            </span>
            <JoinButton session={s} now={now} recordAttendance={isStudent} />
          </li>
        );
      })}
    </ul>
  );
}
