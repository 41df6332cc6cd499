// teacher/courses: what I teach, with each course's numbers (active students, sessions,
// reviews and their average).
import { formatDecimal, formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { useSignedIn } from "../session.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { listTeacherCourses } from "../shared/course-lists-data.ts";
import { coursesMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function TeacherCoursesPage() {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const courses = useScheduleQuery(["teacher-courses", userId], () => listTeacherCourses(getSupabase(), userId));
  return (
    <div>
      <PageHeader title={useRouteTitle("teacher.courses")} description={m.teacherIntro} />
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : courses.loading || !courses.data ? (
        <Skeleton lines={5} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noTeaching} />
      ) : (
        <TableFrame boxed>
          <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="teacher-courses">
            <thead className="bg-gray-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {m.code}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {m.title}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  UE
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {m.students}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {m.sessions}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {m.reviews}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {courses.data.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2 font-mono">{c.code}</td>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <a href={hrefTo(locale, "teacher.course", { courseId: c.id })} className="text-brand-800 underline">
                      {c.title}
                    </a>
                    <span className="block text-xs font-normal text-gray-700">{countOf(locale, m.credits, c.credits)}</span>
                  </th>
                  <td className="px-3 py-2">{c.unit ? c.unit.code : m.noUnit}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(locale, c.students)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(locale, c.sessions)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {c.averageRating === null ? "—" : `${formatDecimal(locale, Math.round(c.averageRating * 10) / 10)} / 5 (${formatNumber(locale, c.reviews)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}
