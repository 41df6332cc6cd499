// The student's video lessons of a course (pre-recorded lessons of extension certificates,
// capsules of other courses): in order, with a progress bar; opening one records it, and
// the student marks a lesson completed (or not) — saved by set_lesson_progress.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { listLessons, myLessonProgress, setLessonProgress } from "./data.ts";
import { teachingMessages } from "./teaching-messages.ts";

export function StudentLessons({ courseId }: { courseId: string }) {
  const m = useMessages(teachingMessages);
  const { userId } = useSignedIn();
  const lessons = useScheduleQuery(["lessons", courseId], () => listLessons(getSupabase(), courseId));
  const progress = useScheduleQuery(["lesson-progress", courseId, userId], () => myLessonProgress(getSupabase(), userId, courseId));
  // A course without lessons shows nothing.
  if (lessons.data && lessons.data.length === 0) return null;
  const completed = new Set((progress.data ?? []).filter((p) => p.completed_at).map((p) => p.lesson_id));
  const total = lessons.data?.length ?? 0;
  const doneCount = (lessons.data ?? []).filter((l) => completed.has(l.id)).length;
  const record = (lessonId: string, value?: boolean) => setLessonProgress(getSupabase(), lessonId, value).then(() => progress.retry(), toastError);
  return (
    <Card title={m.lessons} testId="video-lessons">
      {lessons.error || progress.error ? (
        <ErrorState error={lessons.error ?? progress.error} onRetry={() => (lessons.retry(), progress.retry())} />
      ) : !lessons.data || !progress.data ? (
        <Skeleton lines={3} />
      ) : (
        <>
          <p className="text-sm text-gray-800" id={`progress-${courseId}`}>
            {fill(m.progress, { done: doneCount, total })}
          </p>
          <progress className="mt-1 h-2 w-full accent-brand-600" max={total} value={doneCount} aria-labelledby={`progress-${courseId}`} />
          <ol className="mt-3 divide-y divide-gray-100">
            {lessons.data.map((lesson, i) => (
              <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-gray-900">
                    {i + 1}. {lesson.title}
                  </span>{" "}
                  <span className="text-sm text-gray-700">· {fill(m.minutes, { n: lesson.duration_minutes })}</span>
                </span>
                <span className="flex items-center gap-3">
                  <a href={lesson.url} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-800 underline" onClick={() => void record(lesson.id)}>
                    {m.watch}
                    <span className="sr-only"> : {lesson.title}</span>
                  </a>
                  <Checkbox
                    label={
                      <>
                        {m.done}
                        <span className="sr-only"> : {lesson.title}</span>
                      </>
                    }
                    value={completed.has(lesson.id)}
                    onChange={(v) => void record(lesson.id, v)}
                  />
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}
