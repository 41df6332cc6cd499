// One course for its student: description, teacher, UE and credits, materials by week
// (files fetched with the session from the private bucket), video lessons with the
// student's progress, upcoming sessions, and the
// student's review (1–5 and a comment, once the course has started, editable).
import { useMemo, useState } from "react";
import * as z from "zod/mini";
import { formatDateTime, formatDecimal, formatNumber, formatPercent, formatTime, startOfDoualaDay } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useNow } from "../ui/useNow.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { hrefTo } from "../paths.ts";
import { listSessions } from "../shared/sessions-data.ts";
import { JoinButton } from "../shared/JoinButton.tsx";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { myCourseAttendance } from "../shared/classes-data.ts";
import { KeepCourseOffline, KeepFileOffline } from "../ui/offline/KeepOffline.tsx";
import { downloadMaterial } from "../shared/materials-data.ts";
import { getCourse, listMaterials, listReviews, saveReview } from "./data.ts";
import { MaterialsByWeek } from "./MaterialsByWeek.tsx";
import { coursesMessages } from "./messages.ts";
import { StudentLessons } from "./StudentLessons.tsx";

const DAY = 86_400_000;
export const reviewSchema = z.object({ rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)), comment: z.string().check(z.maxLength(2000)) });

export default function StudentCoursePage({ params }: PageProps) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const courseId = params.courseId;
  const course = useScheduleQuery(["course", courseId], () => getCourse(getSupabase(), courseId));
  if (course.error) return <ErrorState error={course.error} onRetry={course.retry} />;
  if (course.loading || course.data === undefined) return <Skeleton blocks={3} />;
  const c = course.data;
  if (!c) return <EmptyState title={m.notFound} action={<LinkButton href={hrefTo(locale, "student.courses")}>{m.back}</LinkButton>} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${c.code} — ${c.title}`}
        description={[
          c.teacher ? fill(m.teacher, { name: c.teacher.full_name }) : m.noTeacher,
          c.unit ? fill(m.unit, { code: c.unit.code, title: locale === "fr" ? c.unit.title_fr : c.unit.title_en }) : m.noUnit,
          countOf(locale, m.credits, c.credits),
        ].join(" · ")}
      />
      <Card title={m.description}>
        <p className="whitespace-pre-line text-gray-800">{c.description}</p>
        <AttendanceRate courseId={courseId} />
      </Card>
      <Materials courseId={courseId} />
      <StudentLessons courseId={courseId} />
      <Upcoming courseId={courseId} />
      <ReviewCard courseId={courseId} />
    </div>
  );
}

function AttendanceRate({ courseId }: { courseId: string }) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const rate = useScheduleQuery(["my-course-attendance", courseId, userId], () => myCourseAttendance(getSupabase(), userId, courseId));
  if (!rate.data) return null;
  return (
    <p className="mt-3 text-sm text-gray-800" data-testid="attendance-rate">
      {rate.data.counted === 0
        ? m.noAttendance
        : countOf(locale, m.attendance, rate.data.counted, {
            rate: formatPercent(locale, rate.data.attended / rate.data.counted),
            attended: formatNumber(locale, rate.data.attended),
          })}
    </p>
  );
}

const downloadFile = (path: string) => downloadMaterial(getSupabase(), path);

function Materials({ courseId }: { courseId: string }) {
  const m = useMessages(coursesMessages);
  const materials = useScheduleQuery(["materials", courseId], () => listMaterials(getSupabase(), courseId));
  const files = useMemo(() => (materials.data ?? []).filter((item) => item.kind === "file" && item.storage_path), [materials.data]);
  return (
    <Card title={m.materials} testId="materials">
      {files.length > 0 && <KeepCourseOffline courseId={courseId} files={files} download={downloadFile} />}
      <MaterialsByWeek
        materials={materials}
        empty={m.noMaterials}
        action={(item) => (item.kind === "file" && item.storage_path ? <KeepFileOffline courseId={courseId} file={item} download={downloadFile} /> : null)}
      />
    </Card>
  );
}

function Upcoming({ courseId }: { courseId: string }) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const now = useNow();
  // From the start of today (Douala): a key that stays the same all day, so the answer saved
  // on the device is found again offline (sessions already over are filtered out below).
  const [from] = useState(() => startOfDoualaDay(Date.now()).toISOString());
  const sessions = useScheduleQuery(["course-sessions", courseId, from], () => listSessions(getSupabase(), { courseId, from, to: new Date(Date.now() + 60 * DAY).toISOString() }));
  return (
    <Card
      title={m.upcoming}
      actions={
        <LinkButton size="sm" href={hrefTo(locale, "student.schedule")}>
          {m.schedule}
        </LinkButton>
      }
    >
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={3} />
      ) : sessions.data.filter((s) => new Date(s.end_time) > now).length === 0 ? (
        <p className="text-gray-700">{m.noUpcoming}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {sessions.data
            .filter((s) => new Date(s.end_time) > now)
            .slice(0, 8)
            .map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-gray-900">
                    {formatDateTime(locale, s.start_time)}–{formatTime(locale, s.end_time)}
                  </span>{" "}
                  <span className="text-gray-700">· {s.title}</span>
                </span>
                <JoinButton session={s} now={now} recordAttendance />
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}

function ReviewCard({ courseId }: { courseId: string }) {
  const m = useMessages(coursesMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const reviews = useScheduleQuery(["reviews", courseId], () => listReviews(getSupabase(), courseId));
  const [since] = useState(() => startOfDoualaDay(Date.now() - 365 * DAY).toISOString());
  const started = useScheduleQuery(["course-started", courseId, since], () => listSessions(getSupabase(), { courseId, from: since, to: new Date().toISOString() }));
  const mine = reviews.data?.find((r) => r.author_id === userId) ?? null;
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [saving, setSaving] = useState(false);
  const currentRating = rating ?? (mine ? String(mine.rating) : null);
  const currentComment = comment ?? mine?.comment ?? "";
  const save = async () => {
    const parsed = reviewSchema.safeParse({ rating: Number(currentRating), comment: currentComment });
    if (!parsed.success) {
      setErrors({
        rating: parsed.error.issues.some((i) => i.path[0] === "rating") ? m.ratingRequired : undefined,
        comment: parsed.error.issues.some((i) => i.path[0] === "comment") ? m.commentTooLong : undefined,
      });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveReview(getSupabase(), courseId, userId, mine?.id ?? null, parsed.data.rating, parsed.data.comment);
      toastSuccess("saved");
      reviews.retry();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };
  const count = reviews.data?.length ?? 0;
  const average = count ? formatDecimal(locale, Math.round((reviews.data!.reduce((s, r) => s + r.rating, 0) / count) * 10) / 10) : null;
  return (
    <Card title={m.review} description={m.reviewIntro} testId="review">
      {reviews.error || started.error ? (
        <ErrorState error={reviews.error ?? started.error} onRetry={() => (reviews.retry(), started.retry())} />
      ) : !reviews.data || !started.data ? (
        <Skeleton lines={2} />
      ) : started.data.length === 0 ? (
        <p className="text-gray-700">{m.reviewNotYet}</p>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <RadioGroup
            label={m.rating}
            orientation="horizontal"
            value={currentRating}
            onChange={setRating}
            errorMessage={errors.rating}
            isRequired
            options={[1, 2, 3, 4, 5].map((n) => ({
              value: String(n),
              label: (
                <>
                  <span aria-hidden="true">{"★".repeat(n)}</span>
                  <span className="sr-only">{fill(m.stars, { n })}</span>
                </>
              ),
            }))}
          />
          <TextArea label={m.comment} value={currentComment} onChange={setComment} errorMessage={errors.comment} maxLength={2000} />
          <Button type="submit" isPending={saving}>
            {m.save}
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm text-gray-700">{average ? countOf(locale, m.average, count, { avg: average }) : m.noReviews}</p>
    </Card>
  );
}
