// admin/advanced-programming: plan any course of the current semester — a weekly series
// over the semester with holidays skipped, checked for teacher and cohort double-bookings
// before saving (the same form as teacher/classes/schedule) — and shift a range of a
// course's sessions by days and minutes: previewed with the moved times, checked, then
// moved all at once by shift_sessions (nothing moves on a conflict; students are told).
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../query.ts";
import { useRouteTitle } from "../links.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { currentSemester, listSemesterCourses } from "../shared/classes-data.ts";
import { planMessages } from "./messages.ts";
import { PlanForm } from "./PlanForm.tsx";
import { ShiftForm } from "./ShiftForm.tsx";

export default function AdminAdvancedProgrammingPage() {
  const m = useMessages(planMessages);
  const semester = useScheduleQuery(["current-semester"], () => currentSemester(getSupabase()));
  const semesterId = semester.data?.id;
  const courses = useScheduleQuery(["semester-courses", semesterId ?? "none"], () => (semesterId ? listSemesterCourses(getSupabase(), semesterId) : Promise.resolve([])));
  // ?course= (the link from admin/course-management/{id}): that course first, so both forms start on it
  const wanted = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("course");
  const options = (courses.data ?? [])
    .map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` }))
    .sort((a, b) => Number(b.value === wanted) - Number(a.value === wanted));
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("admin.advanced-programming")} description={m.intro} />
      {semester.error || courses.error ? (
        <ErrorState error={semester.error ?? courses.error} onRetry={() => (semester.retry(), courses.retry())} />
      ) : semester.data === undefined || !courses.data ? (
        <Skeleton blocks={2} />
      ) : options.length === 0 ? (
        <EmptyState title={m.noSemesterCourses} />
      ) : (
        <>
          <ShiftForm courses={options} />
          <PlanForm title={m.seriesTitle} courses={options} semesterEnd={semester.data?.ends_on} />
        </>
      )}
    </div>
  );
}
