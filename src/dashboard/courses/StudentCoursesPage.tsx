// student/courses: the courses I follow this semester, grouped by UE, with credits and teacher; then the
// partner courses (Harvard Online) I may ask a seat in, loaded in their own chunk.
import { Suspense, type ComponentType } from "react";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { hrefTo } from "../paths.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { KeptSummary } from "../ui/offline/KeepOffline.tsx";
import { listCurrentStudentCourses, type Course } from "./data.ts";
import { coursesMessages } from "./messages.ts";

export default function StudentCoursesPage({ PartnerCourses }: { PartnerCourses: ComponentType }) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const courses = useScheduleQuery(["my-courses", userId], () => listCurrentStudentCourses(getSupabase(), userId));
  const groups = new Map<string, Course[]>();
  for (const c of courses.data ?? []) {
    const key = c.unit ? fill(m.unit, { code: c.unit.code, title: locale === "fr" ? c.unit.title_fr : c.unit.title_en }) + ` · ${countOf(locale, m.credits, c.unit.credits)}` : m.noUnit;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return (
    <div>
      <PageHeader title={useRouteTitle("student.courses")} description={m.studentIntro} />
      <KeptSummary />
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : courses.loading || !courses.data ? (
        <Skeleton blocks={3} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noCourses} description={m.noCoursesHint} />
      ) : (
        <div className="space-y-6">
          {[...groups].map(([unit, list]) => (
            <section key={unit} aria-label={unit}>
              <h2 className="mb-2 text-lg font-semibold text-brand-900">{unit}</h2>
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="course-list">
                {list.map((c) => (
                  <li key={c.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
                    <p className="text-sm font-semibold text-gray-700">{c.code}</p>
                    <h3 className="text-base font-semibold text-gray-900">
                      <a href={hrefTo(locale, "student.course", { courseId: c.id })} className="text-brand-800 underline-offset-2 hover:underline">
                        {c.title}
                      </a>
                    </h3>
                    <p className="mt-1 text-sm text-gray-700">
                      {c.teacher ? fill(m.teacher, { name: c.teacher.full_name }) : m.noTeacher} · {countOf(locale, m.credits, c.credits)}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <Suspense fallback={<Skeleton blocks={1} />}>
        <PartnerCourses />
      </Suspense>
    </div>
  );
}
