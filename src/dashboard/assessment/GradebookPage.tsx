// Gradebook (teacher): a course's students × evaluations with marks /20, entered like a
// spreadsheet; absent and excused marks; the course mark from the results engine; publish
// per evaluation; CSV export.
import { useId, useState } from "react";
import { formatMark } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { ID_COLUMN } from "../../lib/results/gradebook-import.ts";
import { formatMarkEntry } from "../../lib/results/mark-entry.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { downloadText, toCsv } from "../ui/csv.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { cx, inputBox, labelText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { cellKey, fetchGradebook, fetchTeacherCourses, publishEvaluation, saveMark, type Gradebook } from "./data.ts";
import { GradeGrid } from "./GradeGrid.tsx";
import ImportMarksDialog from "./ImportMarksDialog.tsx";
import { gradebookMessages } from "./messages.ts";

export default function GradebookPage(_: PageProps) {
  const m = useMessages(gradebookMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const errorMessage = useErrorMessage();
  const courses = usePeopleQuery(["gradebook-courses", userId], () => fetchTeacherCourses(getSupabase(), userId));
  const [chosen, setChosen] = useState("");
  const course = courses.data?.find((c) => c.id === chosen) ?? courses.data?.[0];
  const selectId = useId();
  const book = usePeopleQuery(["gradebook", course?.id ?? ""], () => (course ? fetchGradebook(getSupabase(), course) : Promise.resolve<Gradebook | null>(null)));
  const [publishing, setPublishing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const save = async (evaluationId: string, studentId: string, entry: Parameters<typeof saveMark>[3]) => {
    try {
      await saveMark(getSupabase(), evaluationId, studentId, entry);
    } catch (failure) {
      const code = (failure as { code?: string }).code;
      throw new Error(code === "PT409" ? m.frozen : errorMessage(failure));
    }
    book.retry(); // the course mark follows (the grid stays while it reloads)
  };

  const exportCsv = async (b: Gradebook) => {
    const header = [ID_COLUMN, m.student, ...b.evaluations.map((e) => e.title), m.courseMark];
    const rows = b.students.map((s) => {
      const mark = b.courseMarks.get(s.id);
      return [
        s.id,
        s.name,
        ...b.evaluations.map((e) => {
          const g = b.grades.get(cellKey(e.id, s.id));
          return g ? formatMarkEntry(g.status === "marked" ? { status: "marked", score: g.score ?? 0 } : { status: g.status, score: null }, locale) : "";
        }),
        mark === null || mark === undefined ? "" : formatMark(locale, mark),
      ];
    });
    downloadText(`${m.csvFile}-${course?.code ?? ""}.csv`, await toCsv(header, rows));
  };

  const toPublish = book.data?.evaluations.find((e) => e.id === publishing);
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          book.data && book.data.students.length > 0 && book.data.evaluations.length > 0 ? (
            <>
              <Button variant="secondary" onPress={() => void exportCsv(book.data!)}>
                {m.exportCsv}
              </Button>
              <Button variant="secondary" onPress={() => setImporting(true)}>
                {m.import.open}
              </Button>
            </>
          ) : undefined
        }
      />
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : courses.loading ? (
        <Skeleton label={m.loading} />
      ) : !course ? (
        <EmptyState title={m.noCourse} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex max-w-xl flex-col gap-1">
            <label htmlFor={selectId} className={labelText}>
              {m.course}
            </label>
            <select id={selectId} value={course.id} onChange={(e) => setChosen(e.currentTarget.value)} className={cx(inputBox, "min-h-11")} data-testid="gradebook-course">
              {(courses.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.code} — ${c.title}${c.semester ? ` (${locale === "en" ? c.semester.name_en : c.semester.name_fr} ${c.semester.starts_on.slice(0, 4)})` : ""}`}
                </option>
              ))}
            </select>
          </div>
          {book.error ? (
            <ErrorState error={book.error} onRetry={book.retry} />
          ) : !book.data ? (
            <Skeleton label={m.loading} />
          ) : book.data.evaluations.length === 0 ? (
            <EmptyState headingLevel={2} title={m.noEvaluations} />
          ) : book.data.students.length === 0 ? (
            <EmptyState headingLevel={2} title={m.noStudents} />
          ) : (
            <>
              {book.data.evaluations.some((e) => e.is_published) && <p className="text-sm text-gray-700">{m.publishedHint}</p>}
              <GradeGrid
                key={course.id}
                book={book.data}
                onSave={save}
                renderHeader={(id) => {
                  const e = book.data!.evaluations.find((x) => x.id === id)!;
                  return e.is_published ? (
                    <StatusPill tone="success">{m.published}</StatusPill>
                  ) : (
                    <Button size="sm" variant="secondary" onPress={() => setPublishing(id)} aria-label={`${m.publish} — ${e.title}`}>
                      {m.publish}
                    </Button>
                  );
                }}
              />
            </>
          )}
        </div>
      )}
      {importing && book.data && <ImportMarksDialog key={course?.id} book={book.data} isOpen onOpenChange={setImporting} onImported={() => book.retry()} />}
      {toPublish && (
        <ConfirmDialog
          title={fill(m.publishTitle, { evaluation: toPublish.title })}
          confirmLabel={m.publish}
          variant="primary"
          isOpen
          onOpenChange={(open) => !open && setPublishing(null)}
          onConfirm={async () => {
            const told = await publishEvaluation(getSupabase(), toPublish.id);
            showToast({ title: countOf(locale, m.publishedToast, told), variant: "success" });
            setPublishing(null);
            book.retry();
          }}
        >
          {m.publishBody}
        </ConfirmDialog>
      )}
    </>
  );
}
