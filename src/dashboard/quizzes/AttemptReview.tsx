// The teacher's review of one attempt: each answer with its automatic mark, points to give
// instead (short answers above all) and feedback; the mark follows in the gradebook.
import { useState, type FormEvent } from "react";
import { formatMark } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { errorText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { fetchReview, reviewAttempt, type ReviewRow } from "./data.ts";
import { Field } from "./fields.tsx";
import { quizMessages } from "./messages.ts";

export function answerText(row: Pick<ReviewRow, "choices">, answer: readonly (string | number)[] | null, none: string): string {
  if (!answer || answer.length === 0) return none;
  return answer.map((a) => row.choices.find((c) => c.id === String(a))?.label ?? String(a)).join(", ");
}

export function AttemptReview({ attemptId, name, onSaved }: { attemptId: string; name: string; onSaved: () => void }) {
  const m = useMessages(quizMessages).builder;
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const review = usePeopleQuery(["quiz-review", attemptId], () => fetchReview(getSupabase(), attemptId));
  const [points, setPoints] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  if (review.error) return <ErrorState error={review.error} onRetry={review.retry} />;
  if (!review.data) return <Skeleton label={m.loading} />;
  const rows = review.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed: Record<string, number | null> = {};
    for (const [id, text] of Object.entries(points)) {
      const row = rows.find((r) => r.question_id === id)!;
      const value = text.trim() === "" ? null : Number(text.replace(",", "."));
      if (value !== null && (Number.isNaN(value) || value < 0 || value > row.points)) {
        setError(fill(m.override, { points: formatMark(locale, row.points) }));
        return;
      }
      changed[id] = value;
    }
    setError("");
    setPending(true);
    try {
      const score = await reviewAttempt(getSupabase(), attemptId, changed, feedback ?? "");
      showToast({ title: fill(m.reviewed, { score: formatMark(locale, score) }), variant: "success" });
      review.retry();
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-md border border-gray-300 p-4" aria-label={fill(m.reviewTitle, { name })}>
      <h3 className="font-semibold">{fill(m.reviewTitle, { name })}</h3>
      <ol className="flex flex-col gap-3">
        {rows.map((r) => (
          <li key={r.question_id} className="flex flex-col gap-1 border-b border-gray-200 pb-2">
            <p className="font-medium">{`${r.question_position}. ${r.prompt}`}</p>
            <p>
              {answerText(r, r.answer, m.noAnswer)} — <strong>{r.is_right ? m.right : m.wrong}</strong>
            </p>
            {r.correct && <p className="text-sm text-gray-700">{fill(m.key, { answer: answerText(r, r.correct, "—") })}</p>}
            <Field label={fill(m.override, { points: formatMark(locale, r.points) })}>
              {(p) => (
                <input {...p} inputMode="decimal" value={points[r.question_id] ?? formatMark(locale, r.earned)} onChange={(e) => setPoints({ ...points, [r.question_id]: e.currentTarget.value })} />
              )}
            </Field>
          </li>
        ))}
      </ol>
      <Field label={m.feedback}>{(p) => <textarea {...p} rows={3} maxLength={5000} value={feedback ?? rows[0]?.feedback ?? ""} onChange={(e) => setFeedback(e.currentTarget.value)} />}</Field>
      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      <div>
        <Button type="submit" isPending={pending}>
          {m.saveReview}
        </Button>
      </div>
    </form>
  );
}
