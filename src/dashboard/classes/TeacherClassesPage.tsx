// teacher/classes: my class sessions from a week ago to three weeks ahead — start the
// meeting as host (the start link only its teacher and admins can read), its details for
// students, the recording afterwards, and the register.
import { useState, type ComponentType } from "react";
import { formatSlot } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { listSessions, meetingOf, type Session } from "../shared/sessions-data.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { useSignedIn } from "../session.ts";
import { Button, buttonClass } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { AttendanceDialog } from "./AttendanceDialog.tsx";
import { hostLinkFor, hostLinks, type HostLink } from "../shared/classes-data.ts";
import { classesMessages } from "./messages.ts";

const DAY = 86_400_000;

/** A session line's meeting actions (the meetings feature's, handed in by composed/TeacherClasses.tsx). */
type MeetingActions = ComponentType<{ session: Session & ReturnType<typeof meetingOf>; over: boolean }>;

export default function TeacherClassesPage({ MeetingActions }: { MeetingActions: MeetingActions }) {
  const m = useMessages(classesMessages);
  const { userId } = useSignedIn();
  const [range] = useState(() => ({ from: new Date(Date.now() - 7 * DAY).toISOString(), to: new Date(Date.now() + 21 * DAY).toISOString() }));
  const sessions = useScheduleQuery(["teacher-classes", userId, range.from], () => listSessions(getSupabase(), { ...range, teacherId: userId }));
  const courseIds = [...new Set((sessions.data ?? []).map((s) => s.course.id))].sort();
  const links = useScheduleQuery(["host-links", ...courseIds], () => hostLinks(getSupabase(), courseIds));
  const [register, setRegister] = useState<Session | null>(null);
  const now = useNow();
  return (
    <div>
      <PageHeader title={useRouteTitle("teacher.classes")} description={m.teacherIntro} />
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : sessions.loading || !sessions.data ? (
        <Skeleton lines={6} />
      ) : sessions.data.length === 0 ? (
        <EmptyState title={m.noNext} />
      ) : (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white" data-testid="teacher-classes">
          {sessions.data.map((s) => (
            <ClassLine key={s.id} session={s} now={now} links={links.data ?? []} onRegister={() => setRegister(s)} MeetingActions={MeetingActions} />
          ))}
        </ul>
      )}
      {register && <AttendanceDialog courseId={register.course.id} eventId={register.id} title={`${register.course.code} — ${register.title}`} onClose={() => setRegister(null)} />}
    </div>
  );
}

function ClassLine({ session, now, links, onRegister, MeetingActions }: { session: Session; now: Date; links: HostLink[]; onRegister: () => void; MeetingActions: MeetingActions }) {
  const m = useMessages(classesMessages);
  const locale = useLocale();
  const meeting = meetingOf(session);
  const start = hostLinkFor(links, session.course.id, session.id);
  const over = now.getTime() > new Date(session.end_time).getTime();
  const platform = meeting.meeting_platform as keyof typeof m.platform | null;
  return (
    <li className="flex flex-col gap-2 p-3 lg:flex-row lg:items-center lg:justify-between">
      <div>
        <p className="font-medium text-gray-900">
          {formatSlot(locale, session.start_time, session.end_time)} · {session.course.code} — {session.title}
        </p>
        <p className="text-sm text-gray-700">
          {session.is_online ? ((platform && m.platform[platform]) ?? m.meeting) : session.room}
          {session.is_online && meeting.zoom_meeting_id && ` · ${fill(m.meetingId, { id: meeting.zoom_meeting_id })}`}
          {session.is_online && meeting.zoom_passcode && ` · ${fill(m.passcode, { code: meeting.zoom_passcode })}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!over && start && (
          <a href={start} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "sm")}>
            {m.start}
            <span className="sr-only"> : {session.course.title}</span>
          </a>
        )}
        {over && session.recording_url && (
          <a href={session.recording_url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "sm")}>
            {m.recording}
          </a>
        )}
        <MeetingActions session={{ ...session, ...meeting }} over={over} />
        <Button size="sm" variant="secondary" onPress={onRegister}>
          {m.attendance}
          <span className="sr-only"> : {session.title}</span>
        </Button>
      </div>
    </li>
  );
}
