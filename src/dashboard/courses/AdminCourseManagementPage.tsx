// admin/course-management: find a course (or, in the second tab, manage the UEs), then
// admin/course-management/{id}: the course in depth (CourseInDepth.tsx). The course page,
// the UE tab and the course list each load their own code (DESIGN §6 weight): the list
// does not carry the UE form or the course's editors.
import { lazy, Suspense, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { fetchAdminCourses } from "./data.ts";
import { manageMessages } from "./manage-messages.ts";
import { countOf } from "../../lib/plural.ts";
import { registrarMessages } from "./registrar-messages.ts";
import { Pager } from "../ui/Pager.tsx";
import { Tabs } from "../ui/Tabs.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";

const CourseInDepth = lazy(() => import("./CourseInDepth.tsx"));
const CourseUnits = lazy(() => import("./CourseUnits.tsx").then((module) => ({ default: module.CourseUnits })));

export default function AdminCourseManagementPage({ params }: PageProps) {
  return params.courseId ? (
    <Suspense fallback={<Skeleton blocks={3} />}>
      <CourseInDepth courseId={params.courseId} />
    </Suspense>
  ) : (
    <CoursePicker />
  );
}

function CoursePicker() {
  const m = useMessages(manageMessages);
  const r = useMessages(registrarMessages);
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  // every course, a page at a time, with the count (ux review defect 21: the first 20 only)
  const found = useScheduleQuery(["manage-search", term, query.page, query.pageSize], () => fetchAdminCourses(getSupabase(), { search: term || undefined }, query.page, query.pageSize, null));
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("admin.course-management")} description={m.pickIntro} />
      {/* The course list pages a catalogue of hundreds; the UEs are a task of their own, so
          each is a tab rather than the UE tools sitting under a long list. */}
      <Tabs
        label={r.viewsLabel}
        tabs={[
          {
            id: "courses",
            label: r.coursesTab,
            content: (
              <div className="space-y-6">
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setTerm(search.trim());
                    setQuery((q) => ({ ...q, page: 1 }));
                  }}
                >
                  <TextField label={m.search} value={search} onChange={setSearch} maxLength={100} />
                  <Button type="submit">{m.searchButton}</Button>
                </form>
                {found.error ? (
                  <ErrorState error={found.error} onRetry={found.retry} />
                ) : !found.data ? (
                  <Skeleton lines={5} />
                ) : found.data.rows.length === 0 ? (
                  <EmptyState title={m.noMatch} />
                ) : (
                  <div className="space-y-3">
                    <p className="font-semibold" data-testid="manage-count">
                      {countOf(locale, r.count, found.data.total)}
                    </p>
                    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white" data-testid="manage-results">
                      {found.data.rows.map((c) => (
                        <li key={c.id} className="p-3">
                          <a className="font-medium text-brand-800 underline-offset-2 hover:underline" href={hrefTo(locale, "admin.course-management.course", { courseId: c.id })}>
                            {c.code} — {c.title}
                          </a>
                        </li>
                      ))}
                    </ul>
                    <Pager total={found.data.total} query={query} onQueryChange={setQuery} />
                  </div>
                )}
              </div>
            ),
          },
          {
            id: "units",
            label: r.unitsTitle,
            content: (
              <Suspense fallback={<Skeleton lines={5} />}>
                <CourseUnits />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
