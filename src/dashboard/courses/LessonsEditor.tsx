// A course's video lessons for its teacher and admins: in order, each with its link,
// length and how many students completed it; add one at the end, remove one.
import { useState } from "react";
import * as z from "zod/mini";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { addLesson, deleteLesson, lessonCompletions, listLessons, type VideoLesson } from "./data.ts";
import { teachingMessages } from "./teaching-messages.ts";

const schema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  url: z.string().check(z.trim(), z.regex(/^https:\/\/\S+$/), z.maxLength(2000)),
  duration_minutes: z.number().check(z.int(), z.minimum(1), z.maximum(600)),
});

export function LessonsEditor({ courseId, title }: { courseId: string; title?: string }) {
  const m = useMessages(teachingMessages);
  const locale = useLocale();
  const lessons = useScheduleQuery(["lessons", courseId], () => listLessons(getSupabase(), courseId));
  const done = useScheduleQuery(["lesson-completions", courseId], () => lessonCompletions(getSupabase(), courseId));
  const [removing, setRemoving] = useState<VideoLesson | null>(null);
  const [note, setNote] = useState("");
  const [form, setForm] = useState({ title: "", url: "", duration_minutes: 20 });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [busy, setBusy] = useState(false);
  const refresh = () => (lessons.retry(), done.retry());

  const submit = async () => {
    const parsed = schema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof form;
        next[key] = key === "url" ? m.badUrl : key === "duration_minutes" ? m.badDuration : m.titleRequired;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await addLesson(getSupabase(), courseId, parsed.data, Math.max(0, ...(lessons.data ?? []).map((l) => l.position)));
      setForm({ title: "", url: "", duration_minutes: 20 });
      setNote(m.lessonAdded);
      refresh();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={title ?? m.lessons} testId="lessons-editor">
      {lessons.error ? (
        <ErrorState error={lessons.error} onRetry={refresh} />
      ) : !lessons.data ? (
        <Skeleton lines={3} />
      ) : lessons.data.length === 0 ? (
        <p className="text-gray-700">{m.noLessons}</p>
      ) : (
        <ol className="divide-y divide-gray-100">
          {lessons.data.map((lesson, i) => (
            <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-gray-900">
                  {i + 1}. {lesson.title}
                </span>{" "}
                <span className="text-sm text-gray-700">
                  · {fill(m.minutes, { n: lesson.duration_minutes })} · {countOf(locale, m.completions, done.data?.get(lesson.id) ?? 0)}
                </span>
              </span>
              <span className="flex gap-1">
                <a href={lesson.url} target="_blank" rel="noopener noreferrer" className="px-2 text-sm font-medium text-brand-800 underline">
                  {m.watch}
                  <span className="sr-only"> : {lesson.title}</span>
                </a>
                <Button size="sm" variant="ghost" onPress={() => setRemoving(lesson)}>
                  {m.remove}
                  <span className="sr-only"> : {lesson.title}</span>
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {note}
      </p>
      <form
        className="mt-2 grid gap-4 border-t border-gray-100 pt-4 sm:grid-cols-2"
        noValidate
        aria-label={m.addLesson}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3 className="font-semibold text-gray-900 sm:col-span-2">{m.addLesson}</h3>
        <TextField label={m.titleLabel} value={form.title} onChange={(v) => setForm((f) => ({ ...f, title: v }))} errorMessage={errors.title} isRequired maxLength={200} />
        <NumberField
          label={m.duration}
          value={form.duration_minutes}
          onChange={(v) => setForm((f) => ({ ...f, duration_minutes: v ?? 0 }))}
          minValue={1}
          maxValue={600}
          errorMessage={errors.duration_minutes}
        />
        <TextField label={m.url} type="url" value={form.url} onChange={(v) => setForm((f) => ({ ...f, url: v }))} errorMessage={errors.url} isRequired className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" isPending={busy}>
            {m.add}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        title={m.removeLessonTitle}
        confirmLabel={m.remove}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={async () => {
          await deleteLesson(getSupabase(), removing!.id);
          setNote(m.lessonRemoved);
          refresh();
        }}
      >
        {m.removeLessonBody}
      </ConfirmDialog>
    </Card>
  );
}
