// teacher/evaluations/{id}: the quiz of a quiz evaluation. Settings (window in Douala
// time, time limit, attempts, shuffle), questions of every type with their answers,
// publishing; then the attempts, the review of each, and releasing the results.
import { useState, type FormEvent } from "react";
import { quizSettingsSchema, type QuestionForm } from "../../lib/forms/evaluation.ts";
import { formatDateTime, formatDecimal, formatMark } from "../../lib/format.ts";
import { countOf, plural } from "../../lib/plural.ts";
import { fromDoualaInput, toDoualaInput } from "../../lib/quiz/timer.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { hrefTo } from "../paths.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { invalidatePeople, usePeopleQuery } from "../ui/query.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { errorText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { AttemptReview, answerText } from "./AttemptReview.tsx";
import { deleteQuestion, fetchAttempts, fetchQuizOfEvaluation, releaseResults, saveQuestion, saveQuizSettings, setQuizPublished, type Question, type Quiz } from "./data.ts";
import { Field, fieldErrors } from "./fields.tsx";
import { formOf, QuestionEditor } from "./QuestionEditor.tsx";
import { quizMessages } from "./messages.ts";

export default function QuizBuilderPage({ params }: PageProps) {
  const all = useMessages(quizMessages);
  const m = all.builder;
  const locale = useLocale();
  const loaded = usePeopleQuery(["quiz-builder", params.evaluationId], () => fetchQuizOfEvaluation(getSupabase(), params.evaluationId));
  const back = <LinkButton href={hrefTo(locale, "teacher.evaluations")}>{m.back}</LinkButton>;
  if (loaded.error) return <ErrorState error={loaded.error} onRetry={loaded.retry} />;
  if (loaded.loading || loaded.data === undefined) return <Skeleton label={m.loading} />;
  if (loaded.data === null) return <EmptyState title={m.notQuiz} action={back} />;
  const { quiz, questions } = loaded.data;
  const reload = () => {
    invalidatePeople();
    loaded.retry();
  };
  return (
    <>
      <PageHeader
        title={quiz.title}
        description={quiz.course ? `${quiz.course.code} — ${quiz.course.title}` : undefined}
        actions={<StatusPill tone={quiz.is_published ? "success" : "neutral"}>{quiz.is_published ? m.published : m.draft}</StatusPill>}
      />
      <div className="flex flex-col gap-6">
        <Settings key={`${quiz.id}-${quiz.is_published}`} quiz={quiz} questionCount={questions.length} onSaved={reload} />
        <Card title={m.questions}>
          <div className="flex flex-col gap-4">
            {questions.length === 0 && <p>{m.noQuestions}</p>}
            <QuestionList questions={questions} onChanged={reload} />
            <QuestionEditor
              key={questions.length}
              initial={formOf(undefined)}
              title={m.addQuestion}
              onSave={async (q: QuestionForm) => {
                await saveQuestion(getSupabase(), quiz.id, Math.max(0, ...questions.map((x) => x.position)) + 1, q);
                showToast({ title: m.questionSaved, variant: "success" });
                reload();
              }}
            />
          </div>
        </Card>
        <Attempts quiz={quiz} onReleased={reload} />
        <div>{back}</div>
      </div>
    </>
  );
}

function Settings({ quiz, questionCount, onSaved }: { quiz: Quiz; questionCount: number; onSaved: () => void }) {
  const all = useMessages(quizMessages);
  const m = all.builder;
  const errorMessage = useErrorMessage();
  const [v, setV] = useState({
    description: quiz.description,
    opens_at: quiz.opens_at ? toDoualaInput(quiz.opens_at) : "",
    closes_at: quiz.closes_at ? toDoualaInput(quiz.closes_at) : "",
    time_limit_minutes: quiz.time_limit_minutes === null ? "" : String(quiz.time_limit_minutes),
    max_attempts: String(quiz.max_attempts),
    shuffle: quiz.shuffle,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const error = (name: string) => (errors[name] ? (all.errors[errors[name]] ?? errors[name]) : undefined);

  const save = async (publish?: boolean) => {
    const parsed = quizSettingsSchema.safeParse({
      description: v.description,
      opens_at: fromDoualaInput(v.opens_at),
      closes_at: fromDoualaInput(v.closes_at),
      time_limit_minutes: v.time_limit_minutes.trim() === "" ? null : Number(v.time_limit_minutes),
      max_attempts: Number(v.max_attempts),
      shuffle: v.shuffle,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    if (publish && questionCount === 0) {
      setErrors({ form: m.needQuestions });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await saveQuizSettings(getSupabase(), quiz.id, { ...parsed.data, ...(publish === undefined ? {} : { is_published: publish }) });
      showToast({ title: m.saved, variant: "success" });
      onSaved();
    } catch (failure) {
      setErrors({ form: errorMessage(failure) });
    } finally {
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <Card title={m.settings}>
      <form noValidate onSubmit={submit} className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field label={m.description} error={error("description")}>
            {(p) => <textarea {...p} rows={2} value={v.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} />}
          </Field>
        </div>
        <Field label={m.opens} error={error("opens_at")}>
          {(p) => <input {...p} type="datetime-local" value={v.opens_at} onChange={(e) => setV({ ...v, opens_at: e.currentTarget.value })} />}
        </Field>
        <Field label={m.closes} error={error("closes_at")}>
          {(p) => <input {...p} type="datetime-local" value={v.closes_at} onChange={(e) => setV({ ...v, closes_at: e.currentTarget.value })} />}
        </Field>
        <Field label={m.limit} error={error("time_limit_minutes")}>
          {(p) => <input {...p} inputMode="numeric" value={v.time_limit_minutes} onChange={(e) => setV({ ...v, time_limit_minutes: e.currentTarget.value })} />}
        </Field>
        <Field label={m.attempts} error={error("max_attempts")}>
          {(p) => <input {...p} inputMode="numeric" value={v.max_attempts} onChange={(e) => setV({ ...v, max_attempts: e.currentTarget.value })} />}
        </Field>
        <label className="flex items-center gap-2 sm:col-span-2">
          <input type="checkbox" className="h-5 w-5" checked={v.shuffle} onChange={(e) => setV({ ...v, shuffle: e.currentTarget.checked })} />
          {m.shuffle}
        </label>
        {errors.form && (
          <p role="alert" className={`${errorText} sm:col-span-2`}>
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="secondary" isPending={pending}>
            {m.save}
          </Button>
          {quiz.is_published ? (
            <Button variant="secondary" onPress={() => void setQuizPublished(getSupabase(), quiz.id, false).then(onSaved)}>
              {m.unpublish}
            </Button>
          ) : (
            <Button onPress={() => void save(true)}>{m.publish}</Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function QuestionList({ questions, onChanged }: { questions: Question[]; onChanged: () => void }) {
  const all = useMessages(quizMessages);
  const locale = useLocale();
  const m = all.builder;
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <>
      <ol className="flex flex-col gap-3">
        {questions.map((q, i) =>
          editing === q.id ? (
            <li key={q.id}>
              <QuestionEditor
                initial={formOf(q)}
                title={fill(m.editQuestion, { n: i + 1 })}
                onCancel={() => setEditing(null)}
                onSave={async (form) => {
                  await saveQuestion(getSupabase(), "", q.position, form, q.id);
                  setEditing(null);
                  onChanged();
                }}
              />
            </li>
          ) : (
            <li key={q.id} className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-200 pb-2" data-testid="quiz-question">
              <div>
                <p className="font-medium">{`${i + 1}. ${q.prompt}`}</p>
                <p className="text-sm text-gray-700">
                  {`${all.questionKinds[q.kind]} · ${plural(locale, q.points, all.take.points, { points: formatDecimal(locale, q.points) })} · `}
                  {fill(m.key, { answer: answerText(q, q.key?.correct ?? null, "—") + (q.kind === "numeric" && q.key?.tolerance ? ` ± ${formatDecimal(locale, q.key.tolerance)}` : "") })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onPress={() => setEditing(q.id)} aria-label={`${m.edit} — ${i + 1}`}>
                  {m.edit}
                </Button>
                <Button size="sm" variant="danger" onPress={() => setRemoving(q.id)} aria-label={`${m.remove} — ${i + 1}`}>
                  {m.remove}
                </Button>
              </div>
            </li>
          ),
        )}
      </ol>
      {removing && (
        <ConfirmDialog
          title={m.removeTitle}
          confirmLabel={m.remove}
          isOpen
          onOpenChange={(open) => !open && setRemoving(null)}
          onConfirm={async () => {
            await deleteQuestion(getSupabase(), removing);
            setRemoving(null);
            onChanged();
          }}
        >
          {m.removeBody}
        </ConfirmDialog>
      )}
    </>
  );
}

function Attempts({ quiz, onReleased }: { quiz: Quiz; onReleased: () => void }) {
  const m = useMessages(quizMessages).builder;
  const locale = useLocale();
  const attempts = usePeopleQuery(["quiz-attempts", quiz.id], () => fetchAttempts(getSupabase(), quiz.id));
  const [open, setOpen] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);
  return (
    <Card
      title={m.results}
      actions={
        quiz.results_released_at ? undefined : (
          <Button onPress={() => setReleasing(true)} isDisabled={!quiz.is_published}>
            {m.release}
          </Button>
        )
      }
    >
      {quiz.results_released_at && <p className="mb-3">{fill(m.released, { date: formatDateTime(locale, quiz.results_released_at) })}</p>}
      {attempts.error ? (
        <ErrorState error={attempts.error} onRetry={attempts.retry} />
      ) : !attempts.data ? (
        <Skeleton label={m.loading} />
      ) : attempts.data.length === 0 ? (
        <p>{m.noAttempts}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.results}</caption>
            <thead className="border-b border-gray-300">
              <tr>
                <th scope="col" className="p-2">
                  {m.student}
                </th>
                <th scope="col" className="p-2">
                  {m.started}
                </th>
                <th scope="col" className="p-2">
                  {m.submitted}
                </th>
                <th scope="col" className="p-2">
                  {m.score}
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">{m.review}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {attempts.data.map((a) => (
                <tr key={a.id} className="border-b border-gray-200" data-testid="quiz-attempt">
                  <th scope="row" className="p-2 font-medium">
                    {a.student?.full_name ?? "—"}
                  </th>
                  <td className="p-2">{formatDateTime(locale, a.started_at)}</td>
                  <td className="p-2">{a.submitted_at ? formatDateTime(locale, a.submitted_at) : m.inProgress}</td>
                  <td className="p-2">{a.score === null ? "—" : formatMark(locale, a.score)}</td>
                  <td className="p-2">
                    {a.submitted_at && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onPress={() => setOpen(open === a.id ? null : a.id)}
                        aria-expanded={open === a.id}
                        aria-label={`${m.review} — ${a.student?.full_name ?? ""}`}
                      >
                        {m.review}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open && <AttemptReview key={open} attemptId={open} name={attempts.data.find((a) => a.id === open)?.student?.full_name ?? ""} onSaved={attempts.retry} />}
        </div>
      )}
      {releasing && (
        <ConfirmDialog
          title={m.releaseTitle}
          confirmLabel={m.release}
          variant="primary"
          isOpen
          onOpenChange={setReleasing}
          onConfirm={async () => {
            const told = await releaseResults(getSupabase(), quiz.id);
            showToast({ title: countOf(locale, m.releasedToast, told), variant: "success" });
            setReleasing(false);
            attempts.retry();
            onReleased();
          }}
        >
          {m.releaseBody}
        </ConfirmDialog>
      )}
    </Card>
  );
}
