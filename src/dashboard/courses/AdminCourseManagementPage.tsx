// admin/course-management: find a course, then admin/course-management/{id}: the course in
// depth — catalogue place, UE, teacher and meeting (with the host's start link, never shown
// to students), materials (add a link, remove), enrolled students (drop or re-enrol, the row
// and its history kept), and reviews (average, anonymous comments, moderation).
import { useState } from "react";
import * as z from "zod/mini";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../query.ts";
import { useRouteTitle } from "../links.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import {
  courseHostLink, deleteReview, fetchAdminCourses, getCourseDetail, listReviews, saveCourseHostLink,
} from "./data.ts";
import { manageMessages } from "./manage-messages.ts";
import { MaterialsEditor } from "./MaterialsEditor.tsx";
import { CourseWeights } from "./CourseWeights.tsx";
import { CourseStudents } from "./CourseStudents.tsx";
import { CourseUnits } from "./CourseUnits.tsx";
import { formatDecimal } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { registrarMessages } from "./registrar-messages.ts";
import { Pager } from "../ui/Pager.tsx";
import { Tabs } from "../ui/Tabs.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";

const httpsUrl = z.string().check(z.regex(/^https:\/\/\S+$/), z.maxLength(2000));

export default function AdminCourseManagementPage({ params }: PageProps) {
  return params.courseId ? <CourseInDepth courseId={params.courseId} /> : <CoursePicker />;
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
          { id: "units", label: r.unitsTitle, content: <CourseUnits /> },
        ]}
      />
    </div>
  );
}

function CourseInDepth({ courseId }: { courseId: string }) {
  const m = useMessages(manageMessages);
  const r = useMessages(registrarMessages);
  const locale = useLocale();
  const course = useScheduleQuery(["manage-course", courseId], () => getCourseDetail(getSupabase(), courseId));
  if (course.error) return <ErrorState error={course.error} onRetry={course.retry} />;
  if (course.data === undefined) return <Skeleton blocks={3} />;
  const c = course.data;
  if (!c) return <EmptyState title={m.notFound} />;
  const name = (o: { name_fr: string; name_en: string }) => (locale === "fr" ? o.name_fr : o.name_en);
  const platform = (c.meeting_platform ?? "none") as keyof typeof m.platform;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${c.code} — ${c.title}`}
        description={m.intro}
        actions={
          <LinkButton variant="secondary" href={`${hrefTo(locale, "admin.advanced-programming")}?course=${encodeURIComponent(courseId)}`}>
            {r.planning}
          </LinkButton>
        }
      />
      <Card title={m.details} testId="manage-details">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{m.school}</dt>
          <dd>{name(c.school)}</dd>
          <dt className="font-semibold">{m.programme}</dt>
          <dd>{c.programme ? `${name(c.programme)} ${c.level_code ?? ""}` : "—"}</dd>
          <dt className="font-semibold">{m.semester}</dt>
          <dd>{c.semester ? name(c.semester) : "—"}</dd>
          <dt className="font-semibold">{m.unit}</dt>
          <dd>{c.unit ? `${c.unit.code} — ${locale === "fr" ? c.unit.title_fr : c.unit.title_en}` : m.noUnit}</dd>
          <dt className="font-semibold">{m.teacher}</dt>
          <dd>{c.teacher?.full_name ?? m.noTeacher}</dd>
          <dt className="font-semibold">{m.credits}</dt>
          <dd>
            {c.credits} · {String(c.coefficient)}
          </dd>
          <dt className="font-semibold">{m.status}</dt>
          <dd>
            <Badge tone={c.is_published ? "success" : "neutral"}>{c.is_published ? m.published : m.draft}</Badge>
          </dd>
          <dt className="font-semibold">{m.meeting}</dt>
          <dd>
            {m.platform[platform]}
            {c.zoom_meeting_id && ` · ${c.zoom_meeting_id}`}
            {c.teams_meeting_url && ` · ${c.teams_meeting_url}`}
          </dd>
        </dl>
        <HostLink courseId={courseId} />
      </Card>
      <CourseWeights courseId={courseId} />
      <MaterialsEditor courseId={courseId} testId="manage-materials" />
      <CourseStudents courseId={courseId} courseLabel={c.code} />
      <Reviews courseId={courseId} />
    </div>
  );
}

function HostLink({ courseId }: { courseId: string }) {
  const m = useMessages(manageMessages);
  const link = useScheduleQuery(["manage-host", courseId], () => courseHostLink(getSupabase(), courseId));
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState("");
  if (link.error) return <ErrorState error={link.error} onRetry={link.retry} />;
  if (link.data === undefined) return <Skeleton lines={1} />;
  const current = value ?? link.data?.start_url ?? "";
  return (
    <form
      noValidate
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!httpsUrl.safeParse(current).success) return setError(m.badUrl);
        setError(undefined);
        try {
          await saveCourseHostLink(getSupabase(), courseId, link.data?.id ?? null, current);
          setNote(m.hostSaved);
          link.retry();
        } catch (failure) {
          toastError(failure);
        }
      }}
    >
      <TextField label={m.hostLink} value={current} onChange={setValue} type="url" errorMessage={error} className="min-w-72 flex-1" maxLength={2000} />
      <Button type="submit" variant="secondary">
        {m.hostSave}
      </Button>
      <p role="status" className="w-full text-sm text-green-800">
        {note}
      </p>
    </form>
  );
}

function Reviews({ courseId }: { courseId: string }) {
  const m = useMessages(manageMessages);
  const locale = useLocale();
  const reviews = useScheduleQuery(["manage-reviews", courseId], () => listReviews(getSupabase(), courseId));
  const list = reviews.data ?? [];
  const average = list.length ? formatDecimal(locale, Math.round((list.reduce((s, r) => s + r.rating, 0) / list.length) * 10) / 10) : null;
  return (
    <Card title={m.reviews} description={average ? countOf(locale, m.average, list.length, { avg: average }) : m.noReviews}>
      {reviews.error ? (
        <ErrorState error={reviews.error} onRetry={reviews.retry} />
      ) : !reviews.data ? (
        <Skeleton lines={3} />
      ) : (
        <ul className="divide-y divide-gray-100">
          {list
            .filter((r) => r.comment)
            .map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span aria-hidden="true">{"★".repeat(r.rating)}</span>
                  <span className="sr-only">{r.rating} / 5</span> {r.comment}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onPress={async () => {
                    try {
                      await deleteReview(getSupabase(), r.id);
                      reviews.retry();
                    } catch (failure) {
                      toastError(failure);
                    }
                  }}
                >
                  {m.moderate}
                </Button>
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}
