// teacher/classes/schedule: create one session or a weekly series (holidays skipped),
// checked for teacher and cohort double-bookings before saving (the database refuses them
// again, atomically); edit an upcoming session (same check) or cancel it — either way its
// enrolled students are told (the database's notify_session_change trigger).
import { lazy, Suspense, useMemo, useState } from "react";
import { formatDateTime, formatTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { listTeacherCourses } from "../shared/course-lists-data.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { cancelSession, listSessions, type Session } from "../shared/sessions-data.ts";
import { invalidateSchedule, useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { OpenOnRequest } from "../ui/OpenOnRequest.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { currentSemester } from "../shared/classes-data.ts";
import { planMessages } from "./messages.ts";

const DAY = 86_400_000;

// The planning form and a session's edit dialog (date, time and number fields: about 50 KB
// gzip) load when asked for: the first screen is the upcoming sessions (DESIGN §6 weight).
const PlanForm = lazy(() => import("./PlanForm.tsx"));
const EditSessionDialog = lazy(() => import("./EditSessionDialog.tsx").then((module) => ({ default: module.EditSessionDialog })));

export default function TeacherClassSchedulePage() {
  const m = useMessages(planMessages);
  const { userId } = useSignedIn();
  const courses = useScheduleQuery(["teacher-courses", userId], () => listTeacherCourses(getSupabase(), userId));
  const semester = useScheduleQuery(["current-semester"], () => currentSemester(getSupabase()));
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("teacher.classes.schedule")} description={m.intro} />
      {courses.error || semester.error ? (
        <ErrorState error={courses.error ?? semester.error} onRetry={() => (courses.retry(), semester.retry())} />
      ) : !courses.data || semester.data === undefined ? (
        <Skeleton blocks={2} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noCourses} />
      ) : (
        <>
          <Card title={m.newTitle} testId="plan-form">
            <OpenOnRequest label={m.openPlan}>
              <PlanForm courses={courses.data.map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` }))} semesterEnd={semester.data?.ends_on} />
            </OpenOnRequest>
          </Card>
          <UpcomingSessions />
        </>
      )}
    </div>
  );
}

function UpcomingSessions() {
  const m = useMessages(planMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const range = useMemo(() => ({ from: new Date().toISOString(), to: new Date(Date.now() + 28 * DAY).toISOString() }), []);
  const sessions = useScheduleQuery(["plan-upcoming", userId, range.from], () => listSessions(getSupabase(), { ...range, teacherId: userId }));
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [editing, setEditing] = useState<Session | null>(null);
  const [note, setNote] = useState("");
  return (
    <Card title={m.upcoming}>
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={4} />
      ) : sessions.data.length === 0 ? (
        <p className="text-gray-700">{m.noUpcoming}</p>
      ) : (
        <ul className="divide-y divide-gray-100" data-testid="plan-upcoming">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-gray-900">
                  {formatDateTime(locale, s.start_time)}–{formatTime(locale, s.end_time)}
                </span>{" "}
                <span className="text-gray-700">
                  · {s.course.code} — {s.title}
                </span>
              </span>
              <span className="flex gap-1">
                <Button size="sm" variant="secondary" onPress={() => setEditing(s)}>
                  {m.edit}
                  <span className="sr-only"> : {s.title}</span>
                </Button>
                <Button size="sm" variant="ghost" onPress={() => setCancelling(s.id)}>
                  {m.cancel}
                  <span className="sr-only"> : {s.title}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {note}
      </p>
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <EditSessionDialog
            session={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNote(m.edited);
              invalidateSchedule();
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        title={m.cancelTitle}
        confirmLabel={m.cancelConfirm}
        cancelLabel={m.keepSession}
        isOpen={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        onConfirm={async () => {
          await cancelSession(getSupabase(), cancelling!);
          setNote(m.cancelled);
          invalidateSchedule();
        }}
      >
        {m.cancelBody}
      </ConfirmDialog>
    </Card>
  );
}
