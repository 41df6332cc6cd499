// admin/extension-school: the Extension School's programmes (credential, delivery,
// length) with their courses (teacher, video lessons, enrolments); choosing a course opens
// its video lessons to manage and its upcoming class sessions (planned on
// admin/advanced-programming).
import { useMemo, useState } from "react";
import { formatNumber, formatSlot } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { listSessions } from "../shared/sessions-data.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { listExtensionProgrammes } from "./data.ts";
import { LessonsEditor } from "./LessonsEditor.tsx";
import { teachingMessages } from "./teaching-messages.ts";

export default function AdminExtensionSchoolPage() {
  const m = useMessages(teachingMessages);
  const locale = useLocale();
  const programmes = useScheduleQuery(["extension-programmes"], () => listExtensionProgrammes(getSupabase()));
  const [selected, setSelected] = useState<{ id: string; label: string } | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("admin.extension-school")} description={m.extIntro} actions={<LinkButton href={hrefTo(locale, "admin.advanced-programming")}>{m.advanced}</LinkButton>} />
      {programmes.error ? (
        <ErrorState error={programmes.error} onRetry={programmes.retry} />
      ) : !programmes.data ? (
        <Skeleton blocks={2} />
      ) : programmes.data.length === 0 ? (
        <EmptyState title={m.noProgrammes} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="extension-programmes">
          {programmes.data.map((p) => (
            <Card key={p.id} title={locale === "fr" ? p.name_fr : p.name_en}>
              <p className="flex flex-wrap gap-2 text-sm">
                <Badge>{m.credential[p.credential]}</Badge>
                <Badge>{m.delivery[p.delivery]}</Badge>
                <span className="text-gray-700">{countOf(locale, m.months, p.duration_months)}</span>
              </p>
              {p.courses.length === 0 ? (
                <p className="mt-3 text-gray-700">{m.noCourses}</p>
              ) : (
                <table className="mt-3 w-full text-sm">
                  <thead className="text-left">
                    <tr>
                      <th scope="col" className="py-1 font-semibold">
                        {m.course}
                      </th>
                      <th scope="col" className="py-1 text-right font-semibold">
                        {m.lessonsCount}
                      </th>
                      <th scope="col" className="py-1 text-right font-semibold">
                        {m.students}
                      </th>
                      <th scope="col" className="py-1">
                        <span className="sr-only">{m.manage}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {p.courses.map((c) => (
                      <tr key={c.id}>
                        <th scope="row" className="py-1 text-left font-medium">
                          {c.code} — {c.title}
                          <span className="block text-xs font-normal text-gray-700">{c.teacher?.full_name ?? m.noTeacher}</span>
                        </th>
                        <td className="py-1 text-right tabular-nums">{formatNumber(locale, c.video_lessons[0]?.count ?? 0)}</td>
                        <td className="py-1 text-right tabular-nums">{formatNumber(locale, c.course_enrollments[0]?.count ?? 0)}</td>
                        <td className="py-1 text-right">
                          <Button size="sm" variant="secondary" onPress={() => setSelected({ id: c.id, label: `${c.code} — ${c.title}` })}>
                            {m.manage}
                            <span className="sr-only"> : {c.code}</span>
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>
          ))}
        </div>
      )}
      {selected && (
        <div className="grid gap-4 lg:grid-cols-2" key={selected.id}>
          <LessonsEditor courseId={selected.id} title={fill(m.courseLessons, { course: selected.label })} />
          <CourseSessions courseId={selected.id} label={selected.label} />
        </div>
      )}
    </div>
  );
}

function CourseSessions({ courseId, label }: { courseId: string; label: string }) {
  const m = useMessages(teachingMessages);
  const locale = useLocale();
  const range = useMemo(() => ({ from: new Date().toISOString(), to: new Date(Date.now() + 180 * 86_400_000).toISOString() }), []);
  const sessions = useScheduleQuery(["sessions", "extension", courseId, range.from], () => listSessions(getSupabase(), { courseId, ...range }));
  return (
    <Card title={fill(m.upcomingSessions, { course: label })}>
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={3} />
      ) : sessions.data.length === 0 ? (
        <p className="text-gray-700">{m.noSessions}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {sessions.data.slice(0, 20).map((s) => (
            <li key={s.id} className="py-1">
              <span className="font-medium">{formatSlot(locale, s.start_time, s.end_time)}</span> · {s.title}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
