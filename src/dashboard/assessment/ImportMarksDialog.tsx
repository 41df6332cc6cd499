// CSV import of marks: the file is read in the browser (papaparse, loaded when a file is
// chosen), checked against the course (a dry run listing what would change and every
// problem, by line), then written in one request, only when no problem remains.
import { useId, useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { planImport, type ImportPlan } from "../../lib/results/gradebook-import.ts";
import type { MarkEntry } from "../../lib/results/mark-entry.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { useErrorMessage } from "../ui/toast.ts";
import { cx, errorText, focusRing, labelText } from "../ui/styles.ts";
import { cellKey, saveMarks, type Gradebook } from "./data.ts";
import { gradebookMessages } from "./messages.ts";

export default function ImportMarksDialog({ book, isOpen, onOpenChange, onImported }: { book: Gradebook; isOpen: boolean; onOpenChange: (open: boolean) => void; onImported: () => void }) {
  const m = useMessages(gradebookMessages);
  const t = m.import;
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const fileId = useId();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const existing = (evaluationId: string, studentId: string): MarkEntry => {
    const g = book.grades.get(cellKey(evaluationId, studentId));
    if (!g) return null;
    return g.status === "marked" ? { status: "marked", score: g.score ?? 0 } : { status: g.status, score: null };
  };

  const readFile = async (file: File | undefined) => {
    setPlan(null);
    setProblem(null);
    if (!file) return;
    const { default: Papa } = await import("papaparse");
    const parsed = Papa.parse<Record<string, string>>((await file.text()).replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
    const fatal = parsed.errors.find((e) => e.type === "Delimiter" || e.type === "Quotes");
    if (fatal) return setProblem(fill(t.parseError, { detail: fatal.message }));
    if (parsed.data.length === 0) return setProblem(t.empty);
    setPlan(
      planImport(
        parsed.data,
        m.student,
        book.evaluations.map((e) => ({ id: e.id, title: e.title, isPublished: e.is_published })),
        book.students,
        existing,
      ),
    );
  };

  const problemText = (p: ImportPlan["problems"][number]) =>
    p.kind === "no_evaluation_column" ? t.problems.no_evaluation_column : fill(t.problems[p.kind], p as unknown as Record<string, string | number>);
  const added = plan?.changes.filter((c) => c.isNew).length ?? 0;
  const published = plan?.changes.filter((c) => c.changesPublished).length ?? 0;

  return (
    <Dialog title={t.title} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      {({ close }) => (
        <div className="flex flex-col gap-4">
          <p className="text-gray-700">{t.help}</p>
          <div>
            <label htmlFor={fileId} className={labelText}>
              {t.file}
            </label>
            <input id={fileId} type="file" accept=".csv,text/csv" className={cx("mt-1 block w-full text-sm", focusRing)} onChange={(e) => void readFile(e.currentTarget.files?.[0])} />
          </div>
          {problem && (
            <p role="alert" className={errorText}>
              {problem}
            </p>
          )}
          {plan && (
            <div role="status" className="flex flex-col gap-2" data-testid="import-report">
              <p className="font-semibold text-gray-900">
                {fill(t.report, {
                  added: countOf(locale, t.reportParts.added, added),
                  changed: countOf(locale, t.reportParts.changed, plan.changes.length - added),
                  unchanged: countOf(locale, t.reportParts.unchanged, plan.unchanged),
                  problems: countOf(locale, t.reportParts.problems, plan.problems.length),
                })}
              </p>
              {published > 0 && <p className="text-amber-900">{countOf(locale, t.publishedWarning, published)}</p>}
              {plan.ignoredColumns.length > 0 && <p className="text-gray-700">{fill(t.ignored, { columns: plan.ignoredColumns.join(", ") })}</p>}
              {plan.problems.length > 0 && (
                <>
                  <ul className="list-disc ps-5 text-red-800">
                    {plan.problems.map((p, i) => (
                      <li key={i}>{problemText(p)}</li>
                    ))}
                  </ul>
                  <p className="text-gray-700">{t.fixFirst}</p>
                </>
              )}
              {plan.problems.length === 0 && plan.changes.length === 0 && <p className="text-gray-700">{t.nothing}</p>}
            </div>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={close} isDisabled={busy}>
              {t.cancel}
            </Button>
            {plan && plan.problems.length === 0 && plan.changes.length > 0 && (
              <Button
                isPending={busy}
                onPress={async () => {
                  setBusy(true);
                  setProblem(null);
                  try {
                    await saveMarks(
                      getSupabase(),
                      plan.changes.map((c) => ({ evaluationId: c.evaluationId, studentId: c.studentId, status: c.entry.status, score: c.entry.score })),
                    );
                    showToast({ title: countOf(locale, t.done, plan.changes.length), variant: "success" });
                    onImported();
                    close();
                  } catch (failure) {
                    const code = (failure as { code?: string }).code;
                    setProblem(code === "PT409" ? m.frozen : errorMessage(failure));
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {countOf(locale, t.confirm, plan.changes.length)}
              </Button>
            )}
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
