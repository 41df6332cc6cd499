// "Create the meeting" for a course found by code or title: the list shows which courses
// have a meeting already (and, for those allowed to read it, the host's link).
import { useEffect, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { errorText } from "../ui/styles.ts";
import { createCourseMeeting, fetchMeetingCourses, type CreatedMeeting, type MeetingCourse } from "./data.ts";
import { meetingsMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidateMeetings, useMeetingsQuery } from "../ui/query.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function CreateMeetingSection() {
  const m = useMessages(meetingsMessages);
  const refusal = useRefusalText();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const courses = useMeetingsQuery(["courses", search], () => fetchMeetingCourses(getSupabase(), search));
  const [busy, setBusy] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<MeetingCourse | null>(null);
  const [created, setCreated] = useState<{ course: MeetingCourse; meeting: CreatedMeeting } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(course: MeetingCourse, replace: boolean) {
    setBusy(course.id);
    setError(null);
    try {
      const meeting = await createCourseMeeting(getSupabase(), course.id, replace);
      setCreated({ course, meeting });
      invalidateMeetings();
    } catch (failure) {
      setError(refusal(failure));
      if (replace) throw failure;
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={m.createTitle} description={m.createHelp} testId="create-meeting">
      <div className="flex flex-col gap-4">
        <TextField label={m.search} type="search" value={typed} onChange={setTyped} className="max-w-md" />
        {error && (
          <p role="alert" className={errorText}>
            {error}
          </p>
        )}
        {created && <CreatedSummary course={created.course} meeting={created.meeting} />}
        {courses.error ? (
          <ErrorState error={courses.error} onRetry={courses.retry} />
        ) : !courses.data ? (
          <Skeleton lines={5} />
        ) : !courses.data.length ? (
          <EmptyState title={m.noCourse} headingLevel={3} />
        ) : (
          <TableFrame>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.createTitle}</caption>
              <thead>
                <tr className="border-b border-gray-200">
                  <th scope="col" className="py-2 pr-3">
                    {m.course}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {m.meeting}
                  </th>
                  <th scope="col" className="py-2">
                    {m.action}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {courses.data.map((course) => (
                  <tr key={course.id} data-testid="meeting-course">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <span className="font-medium">{course.code}</span> · {course.title}
                    </th>
                    <td className="py-2 pr-3">
                      {course.zoom_meeting_id ? (
                        <span className="flex flex-wrap items-center gap-2">
                          <StatusPill tone="success">{course.zoom_meeting_id}</StatusPill>
                          {course.host_url && (
                            <a className="text-brand-800 underline" href={course.host_url} target="_blank" rel="noopener noreferrer">
                              {m.hostLink}
                              <span className="sr-only"> · {course.code}</span>
                            </a>
                          )}
                        </span>
                      ) : (
                        <span className="text-gray-700">{m.none}</span>
                      )}
                    </td>
                    <td className="py-2">
                      <Button
                        size="sm"
                        variant={course.zoom_meeting_id ? "secondary" : "primary"}
                        isPending={busy === course.id}
                        aria-label={`${course.zoom_meeting_id ? m.recreate : m.create} · ${course.code}`}
                        onPress={() => (course.zoom_meeting_id ? setReplacing(course) : void create(course, false))}
                      >
                        {course.zoom_meeting_id ? m.recreate : m.create}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </div>
      <ConfirmDialog
        title={fill(m.recreateConfirm, { course: replacing?.code ?? "" })}
        confirmLabel={m.recreateLabel}
        variant="primary"
        isOpen={!!replacing}
        onOpenChange={(open) => !open && setReplacing(null)}
        onConfirm={async () => {
          if (replacing) await create(replacing, true);
          setReplacing(null);
        }}
      >
        {m.recreateBody}
      </ConfirmDialog>
    </Card>
  );
}

function CreatedSummary({ course, meeting }: { course: MeetingCourse; meeting: CreatedMeeting }) {
  const m = useMessages(meetingsMessages);
  const locale = useLocale();
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-gray-900" data-testid="meeting-created">
      <p className="font-medium">
        {fill(m.createdTitle, { course: `${course.code} · ${course.title}` })} {meeting.simulated && <StatusPill tone="warning">{m.simulated}</StatusPill>}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{m.meetingId}</dt>
        <dd>{meeting.meeting_id}</dd>
        <dt className="font-medium">{m.passcode}</dt>
        <dd>{meeting.passcode ?? "—"}</dd>
        <dt className="font-medium">{m.joinUrl}</dt>
        <dd className="break-all">{meeting.join_url}</dd>
      </dl>
      <p className="mt-2">{countOf(locale, m.sessionsCovered, meeting.sessions)}</p>
      {meeting.simulated && <p className="mt-1 text-gray-800">{m.simulatedNote}</p>}
    </div>
  );
}
