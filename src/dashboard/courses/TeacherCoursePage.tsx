// teacher/courses/{id}: one course I teach — its materials by week (upload a file to the
// private bucket or add a link) and its video lessons (with how many students completed
// each); its sessions are planned on teacher/classes/schedule.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { LinkButton } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { getCourse } from "./data.ts";
import { LessonsEditor } from "./LessonsEditor.tsx";
import { MaterialsEditor } from "./MaterialsEditor.tsx";
import { teachingMessages } from "./teaching-messages.ts";

export default function TeacherCoursePage({ params }: PageProps) {
  const m = useMessages(teachingMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const course = useScheduleQuery(["course", params.courseId], () => getCourse(getSupabase(), params.courseId));
  if (course.error) return <ErrorState error={course.error} onRetry={course.retry} />;
  if (course.loading || course.data === undefined) return <Skeleton blocks={3} />;
  const c = course.data;
  if (!c || c.teacher?.id !== userId) return <EmptyState title={m.notFound} action={<LinkButton href={hrefTo(locale, "teacher.courses")}>{m.back}</LinkButton>} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${c.code} — ${c.title}`}
        description={m.intro}
        actions={
          <LinkButton variant="secondary" href={hrefTo(locale, "teacher.classes.schedule")}>
            {m.planSessions}
          </LinkButton>
        }
      />
      <MaterialsEditor courseId={c.id} />
      <LessonsEditor courseId={c.id} />
    </div>
  );
}
