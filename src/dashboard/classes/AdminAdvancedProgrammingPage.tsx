// admin/advanced-programming: plan any course of the current semester — a weekly series
// over the semester with holidays skipped, checked for teacher and cohort double-bookings
// before saving (the same form as teacher/classes/schedule) — and shift a range of a
// course's sessions by days and minutes: previewed with the moved times, checked, then
// moved all at once by shift_sessions (nothing moves on a conflict; students are told).
import { lazy } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { OpenOnRequest } from "../ui/OpenOnRequest.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { currentSemester, listSemesterCourses } from "../shared/classes-data.ts";
import { planMessages } from "./messages.ts";

// Both forms (date, time and number fields: about 50 KB gzip) load when asked for (DESIGN §6 weight).
const PlanForm = lazy(() => import("./PlanForm.tsx"));
const ShiftForm = lazy(() => import("./ShiftForm.tsx"));

export default function AdminAdvancedProgrammingPage() {
  const m = useMessages(planMessages);
  const semester = useScheduleQuery(["current-semester"], () => currentSemester(getSupabase()));
  const semesterId = semester.data?.id;
  const courses = useScheduleQuery(["semester-courses", semesterId ?? "none"], () => (semesterId ? listSemesterCourses(getSupabase(), semesterId) : Promise.resolve([])));
  // ?course= (the link from admin/course-management/{id}): that course first, so both forms start on it
  const wanted = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("course");
  const options = (courses.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` })).sort((a, b) => Number(b.value === wanted) - Number(a.value === wanted));
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
          <Card title={m.shiftTitle} description={m.shiftIntro} testId="shift-form">
            <OpenOnRequest label={m.openShift}>
              <ShiftForm courses={options} />
            </OpenOnRequest>
          </Card>
          <Card title={m.seriesTitle} testId="plan-form">
            <OpenOnRequest label={m.openPlan}>
              <PlanForm courses={options} semesterEnd={semester.data?.ends_on} />
            </OpenOnRequest>
          </Card>
        </>
      )}
    </div>
  );
}
