// admin/harvard-online: the partner's courses offered to students — seats taken out of the
// total, requests waiting, open or closed to requests — created and edited in a dialog.
// The requests themselves are decided on /admin/harvard-online.
import { lazy, Suspense, useState } from "react";
import { doualaDay, formatDate, formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useRouteTitle } from "../links.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { isOpen, listPartnerCourses, setPartnerCourseOpen, type PartnerCourse } from "./data.ts";
import { partnersMessages } from "./messages.ts";

// The course form (react-hook-form, number fields) loads with its dialog, on the click that opens it.
const PartnerCourseDialog = lazy(() => import("./PartnerCourseDialog.tsx"));

export default function AdminPartnerCoursesPage() {
  const m = useMessages(partnersMessages);
  const locale = useLocale();
  const courses = useScheduleQuery(["partner-courses"], () => listPartnerCourses(getSupabase()));
  const [editing, setEditing] = useState<PartnerCourse | "new" | null>(null);
  const [note, setNote] = useState("");
  const today = doualaDay(new Date());
  const day = (d: string) => formatDate(locale, `${d}T12:00:00Z`);
  const toggle = async (course: PartnerCourse) => {
    try {
      await setPartnerCourseOpen(getSupabase(), course.id, !course.requests_open);
      setNote(course.requests_open ? m.closed : m.opened);
      courses.retry();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={useRouteTitle("admin.harvard-online")}
        description={m.coursesIntro}
        actions={
          <>
            <LinkButton href={hrefTo(locale, "admin.harvard-online.requests")}>{m.toRequests}</LinkButton>
            <Button onPress={() => setEditing("new")}>{m.newCourse}</Button>
          </>
        }
      />
      <p role="status" className="text-sm font-semibold text-green-800">
        {note}
      </p>
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : !courses.data ? (
        <Skeleton blocks={3} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noCourses} description={m.noCoursesHint} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="partner-courses">
          {courses.data.map((c) => {
            const full = c.approved >= c.seats;
            return (
              <li key={c.id} className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={`${c.code} ${c.title}`}>
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-700">
                  {c.partner} · {c.code}
                  <Badge tone={isOpen(c, today) ? "success" : "neutral"}>{isOpen(c, today) ? m.isOpen : m.isClosed}</Badge>
                  {full && <Badge tone="warning">{m.full}</Badge>}
                </p>
                <h2 className="text-lg font-semibold text-gray-900">{c.title}</h2>
                <p className="text-sm text-gray-700">
                  {m.languages[c.language]} · {fill(m.dates, { start: day(c.starts_on), end: day(c.ends_on) })}
                  {c.requests_close_on && ` · ${fill(m.closesOn, { date: day(c.requests_close_on) })}`}
                </p>
                <p className="font-semibold tabular-nums text-brand-900" data-testid="seats">
                  {countOf(locale, m.seats, c.seats, { taken: formatNumber(locale, c.approved) })}
                </p>
                <p className="text-sm text-gray-800">
                  {fill(m.pending, { requested: countOf(locale, m.pendingParts.requested, c.requested), waitlisted: countOf(locale, m.pendingParts.waitlisted, c.waitlisted) })}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <LinkButton size="sm" href={`${hrefTo(locale, "admin.harvard-online.requests")}?requests.f.course=${c.id}`}>
                    {m.seeRequests}
                    <span className="sr-only"> : {c.code}</span>
                  </LinkButton>
                  <Button size="sm" variant="secondary" onPress={() => setEditing(c)}>
                    {m.edit}
                    <span className="sr-only"> : {c.code}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onPress={() => void toggle(c)}>
                    {c.requests_open ? m.close : m.open}
                    <span className="sr-only"> : {c.code}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <PartnerCourseDialog
            course={editing === "new" ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNote(m.saved);
              courses.retry();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
