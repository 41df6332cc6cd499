// admin/course-management/{id}: the course in depth — catalogue place, UE, teacher and
// meeting (with the host's start link, never shown to students), materials (add a link,
// remove), enrolled students (drop or re-enrol, the row and its history kept), and reviews
// (average, anonymous comments, moderation).
import { useState } from "react";
import * as z from "zod/mini";
import { formatDecimal } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { CourseStudents } from "./CourseStudents.tsx";
import { CourseWeights } from "./CourseWeights.tsx";
import { courseHostLink, deleteReview, getCourseDetail, listReviews, saveCourseHostLink } from "./data.ts";
import { manageMessages } from "./manage-messages.ts";
import { MaterialsEditor } from "./MaterialsEditor.tsx";
import { registrarMessages } from "./registrar-messages.ts";

const httpsUrl = z.string().check(z.regex(/^https:\/\/\S+$/), z.maxLength(2000));

export default function CourseInDepth({ courseId }: { courseId: string }) {
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
