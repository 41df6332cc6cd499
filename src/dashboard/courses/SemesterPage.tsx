// /semestre/{semestreId}: the semester at a glance for its student or teacher — its UEs
// and my courses with credits, and the ways to its timetable and virtual classes.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatDate } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSemester } from "../shared/classes-data.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { listStudentCourses } from "./data.ts";
import { listTeacherCourses } from "../shared/course-lists-data.ts";
import { coursesMessages } from "./messages.ts";

interface Line {
  id: string;
  code: string;
  title: string;
  credits: number;
  unit: { code: string; title_fr: string; title_en: string; credits: number } | null;
}

export default function SemesterPage({ params }: PageProps) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const { userId, role } = useSignedIn();
  const semesterId = params.semesterId;
  const semester = useScheduleQuery(["semester", semesterId], () => getSemester(getSupabase(), semesterId));
  const courses = useScheduleQuery(["semester-courses", semesterId, userId, role ?? ""], async (): Promise<Line[]> => {
    if (role !== "teacher") return listStudentCourses(getSupabase(), userId, semesterId);
    return (await listTeacherCourses(getSupabase(), userId)).filter((c) => c.semesterId === semesterId);
  });
  if (semester.error) return <ErrorState error={semester.error} onRetry={semester.retry} />;
  if (semester.data === undefined) return <Skeleton blocks={2} />;
  if (semester.data === null) return <EmptyState title={m.notFound} />;
  const s = semester.data;
  const units = new Map<string, Line[]>();
  for (const c of courses.data ?? []) {
    const key = c.unit ? `${c.unit.code} — ${locale === "fr" ? c.unit.title_fr : c.unit.title_en} · ${countOf(locale, m.credits, c.unit.credits)}` : m.noUnit;
    units.set(key, [...(units.get(key) ?? []), c]);
  }
  const total = (courses.data ?? []).reduce((sum, c) => sum + c.credits, 0);
  const area = role === "teacher" ? "teacher" : "student";
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${locale === "fr" ? s.name_fr : s.name_en} (${formatDate(locale, s.starts_on)} – ${formatDate(locale, s.ends_on)})`}
        description={m.semesterIntro}
        actions={
          <>
            <LinkButton href={hrefTo(locale, `${area}.schedule`)}>{m.timetable}</LinkButton>
            <LinkButton href={hrefTo(locale, "virtual-class", { semesterId })}>{m.virtual}</LinkButton>
          </>
        }
      />
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : !courses.data ? (
        <Skeleton lines={4} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noCoursesSemester} />
      ) : (
        <Card title={countOf(locale, m.totalCredits, total)}>
          <div className="space-y-4">
            {[...units].map(([unit, list]) => (
              <section key={unit} aria-label={unit}>
                <h3 className="font-semibold text-gray-900">{unit}</h3>
                <ul className="mt-1 list-disc pl-5 text-gray-800">
                  {list.map((c) => (
                    <li key={c.id}>
                      {c.code} — {c.title} · {countOf(locale, m.credits, c.credits)}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Card>
      )}
      <p className="text-gray-700">{m.results}</p>
    </div>
  );
}
