// student/quizzes/{id}: a start screen first (duration, attempts left, what happens at
// time-out); only "Commencer" starts an attempt, so opening the page uses nothing. Then the
// quiz with a visible timer, each answer saved to the database as it changes (a reload
// resumes the same attempt, the time left counted from the server's start time), then
// submitting, which shows the copy handed in and starts nothing. Once released, the review.
import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatDecimal, formatMark } from "../../lib/format.ts";
import { countOf, plural } from "../../lib/plural.ts";
import { formatClock, quizPhase, remainingSeconds } from "../../lib/quiz/timer.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { hrefTo } from "../paths.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { invalidatePeople, usePeopleQuery } from "../ui/query.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { cx, errorText, inputBox } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { answerText } from "./AttemptReview.tsx";
import {
  fetchAttemptQuestions,
  fetchMyQuizzes,
  fetchMySubmittedAttempts,
  fetchReview,
  fetchRunningAttempt,
  saveAnswer,
  startAttempt,
  submitAttempt,
  type AttemptQuestion,
  type MyQuiz,
  type StartedAttempt,
} from "./data.ts";
import { quizMessages } from "./messages.ts";

interface Taking {
  attempt: StartedAttempt;
  readAt: number;
  questions: AttemptQuestion[];
}
/** What the student handed in, as it stood on the page once every answer was saved. */
interface Copy {
  questions: AttemptQuestion[];
  answers: Record<string, string[]>;
  message: string;
}
type View = { kind: "start"; quiz: MyQuiz } | { kind: "take"; quiz: MyQuiz; taking: Taking } | { kind: "review"; quiz: MyQuiz; attemptId: string } | { kind: "closed"; quiz: MyQuiz | undefined };

async function takingOf(attempt: StartedAttempt): Promise<Taking> {
  const readAt = Date.now();
  return { attempt, readAt, questions: await fetchAttemptQuestions(getSupabase(), attempt.attempt_id) };
}

/** Reads where the quiz stands for me; starts nothing (a running attempt is resumed). */
async function load(quizId: string, studentId: string): Promise<View> {
  const supabase = getSupabase();
  const quiz = (await fetchMyQuizzes(supabase)).find((q) => q.quiz_id === quizId);
  if (!quiz) return { kind: "closed", quiz };
  const running = await fetchRunningAttempt(supabase, quiz);
  if (running) return { kind: "take", quiz, taking: await takingOf(running) };
  if (quiz.released && quiz.attempts_used > 0) {
    const [best] = await fetchMySubmittedAttempts(supabase, quizId, studentId);
    if (best) return { kind: "review", quiz, attemptId: best.id };
  }
  if (quizPhase(quiz, quiz.server_now) === "open") return { kind: "start", quiz };
  return { kind: "closed", quiz };
}

export default function TakeQuizPage({ params }: PageProps) {
  const all = useMessages(quizMessages);
  const m = all.take;
  const { userId } = useSignedIn();
  const [round, setRound] = useState(0);
  const view = usePeopleQuery(["quiz-take", params.quizId, round], () => load(params.quizId, userId));
  const locale = useLocale();
  const back = <LinkButton href={hrefTo(locale, "student.quizzes")}>{m.back}</LinkButton>;
  // Started on this page ("Commencer"), and the copy handed in: local, so that reading the
  // quiz again (attempts used) never starts or resumes anything by itself.
  const [started, setStarted] = useState<Taking | null>(null);
  const [copy, setCopy] = useState<Copy | null>(null);
  const finished = (handedIn: Copy) => {
    setCopy(handedIn);
    setStarted(null);
    invalidatePeople();
    setRound((r) => r + 1);
  };

  if (view.error) return <ErrorState error={view.error} onRetry={view.retry} />;
  if (!view.data) return <Skeleton label={m.loading} />;
  const v = view.data;
  const taking = copy ? null : (started ?? (v.kind === "take" ? v.taking : null));
  return (
    <>
      <PageHeader title={v.quiz?.title ?? all.student.title} description={v.quiz ? `${v.quiz.course_code} — ${v.quiz.course_title}` : undefined} />
      {copy ? (
        <HandedIn copy={copy} quiz={v.quiz} />
      ) : taking ? (
        <Attempt key={taking.attempt.attempt_id} taking={taking} onDone={finished} />
      ) : v.kind === "start" ? (
        <StartScreen quiz={v.quiz} onStarted={setStarted} />
      ) : v.kind === "review" ? (
        <Review attemptId={v.attemptId} />
      ) : v.quiz && v.quiz.attempts_used > 0 ? (
        <p role="status" className="rounded-md border border-gray-300 bg-white p-3">
          {countOf(locale, m.handedIn, v.quiz.attempts_used)}
        </p>
      ) : (
        <EmptyState title={m.notOpen} />
      )}
      <div className="mt-6">{back}</div>
    </>
  );
}

/** The rules before the clock runs; "Commencer" is the only thing that starts an attempt. */
function StartScreen({ quiz, onStarted }: { quiz: MyQuiz; onStarted: (taking: Taking) => void }) {
  const m = useMessages(quizMessages).take;
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const left = Math.max(0, quiz.max_attempts - quiz.attempts_used);
  const begin = async () => {
    setPending(true);
    setFailure(null);
    try {
      onStarted(await takingOf(await startAttempt(getSupabase(), quiz.quiz_id)));
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  };
  return (
    <Card title={m.startTitle} headingLevel={2} testId="quiz-start">
      {quiz.description && <p className="mb-3">{quiz.description}</p>}
      <ul className="mb-4 flex list-disc flex-col gap-2 pl-5">
        <li>{quiz.time_limit_minutes ? fill(m.duration, { minutes: quiz.time_limit_minutes }) : m.durationNone}</li>
        {quiz.closes_at && <li>{fill(m.closesAt, { date: formatDateTime(locale, quiz.closes_at) })}</li>}
        <li data-testid="quiz-attempts-left">{fill(m.attemptsLeft, { used: quiz.attempts_used, max: quiz.max_attempts, left })}</li>
        <li>{m.timeout}</li>
        <li className="font-semibold">{m.countsOnStart}</li>
      </ul>
      {failure && (
        <p role="alert" className={cx("mb-3", errorText)}>
          {failure}
        </p>
      )}
      <Button isPending={pending} onPress={() => void begin()}>
        {m.begin}
      </Button>
    </Card>
  );
}

/** The copy just handed in, read-only, and where the student stands; nothing new starts. */
function HandedIn({ copy, quiz }: { copy: Copy; quiz: MyQuiz | undefined }) {
  const all = useMessages(quizMessages);
  const m = all.take;
  return (
    <>
      <p role="status" className="mb-4 rounded-md border border-green-700 bg-green-50 p-3">
        {copy.message}
        {quiz && (
          <span className="block" data-testid="quiz-attempts-used">
            {fill(m.attemptsUsed, { used: quiz.attempts_used, max: quiz.max_attempts })}
          </span>
        )}
      </p>
      <Card title={m.copyTitle} headingLevel={2} testId="quiz-copy">
        <ol className="flex flex-col gap-3">
          {copy.questions.map((q) => (
            <li key={q.id} className="border-b border-gray-200 pb-2">
              <p className="font-medium">{`${q.question_position}. ${q.prompt}`}</p>
              <p>{answerText(q, copy.answers[q.id]?.length ? copy.answers[q.id] : null, all.builder.noAnswer)}</p>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function Attempt({ taking, onDone }: { taking: Taking; onDone: (copy: Copy) => void }) {
  const all = useMessages(quizMessages);
  const locale = useLocale();
  const m = all.take;
  const errorMessage = useErrorMessage();
  const { attempt, readAt, questions } = taking;
  const left = () => remainingSeconds(attempt.deadline, attempt.server_now, readAt, Date.now());
  const [seconds, setSeconds] = useState(left);
  const [answers, setAnswers] = useState<Record<string, string[]>>(() => Object.fromEntries(questions.map((q) => [q.id, q.answer ?? []])));
  const [status, setStatus] = useState<Record<string, "saving" | "saved" | string>>({});
  const [confirming, setConfirming] = useState(false);
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const latest = useRef(answers);
  latest.current = answers;
  const pending = useRef<Promise<unknown>[]>([]);

  useEffect(() => {
    if (seconds === null) return;
    const tick = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(tick);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one clock per attempt
  }, []);
  useEffect(() => {
    if (seconds !== 0) return;
    void Promise.allSettled(pending.current)
      .then(() => submitAttempt(getSupabase(), attempt.attempt_id))
      .catch(() => undefined)
      .then(() => onDone({ questions, answers: latest.current, message: m.over }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when time is up
  }, [seconds === 0]);

  const save = (questionId: string, answer: string[], delay: number) => {
    setAnswers((a) => ({ ...a, [questionId]: answer }));
    clearTimeout(timers.current[questionId]);
    timers.current[questionId] = setTimeout(() => {
      setStatus((s) => ({ ...s, [questionId]: "saving" }));
      const saving = saveAnswer(getSupabase(), attempt.attempt_id, questionId, answer).then(
        () => setStatus((s) => ({ ...s, [questionId]: "saved" })),
        (failure) => setStatus((s) => ({ ...s, [questionId]: fill(m.saveFailed, { reason: errorMessage(failure) }) })),
      );
      pending.current.push(saving);
    }, delay);
  };
  const flush = async () => {
    for (const id of Object.keys(timers.current)) clearTimeout(timers.current[id]);
    await Promise.allSettled(pending.current);
  };

  const urgent = seconds !== null && seconds <= 60;
  return (
    <div className="flex flex-col gap-4">
      <div className={cx("sticky top-0 z-10 flex items-center justify-between rounded-md border p-3", urgent ? "border-red-700 bg-red-50" : "border-gray-300 bg-white")}>
        <span className="font-semibold">{seconds === null ? m.noLimit : m.timeLeft}</span>
        {seconds !== null && (
          <span role="timer" aria-live={urgent ? "assertive" : "off"} aria-label={m.timeLeft} className="font-mono text-xl" data-testid="quiz-timer">
            {formatClock(seconds)}
          </span>
        )}
      </div>
      {questions.map((q, i) => (
        <Card key={q.id} title={fill(m.question, { n: i + 1, total: questions.length })} headingLevel={2} testId="quiz-question">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              {q.prompt} <span className="text-sm text-gray-700">({plural(locale, q.points, m.points, { points: formatDecimal(locale, q.points) })})</span>
            </legend>
            {q.kind === "single" || q.kind === "true_false" || q.kind === "multiple" ? (
              q.choices.map((c) => {
                const chosen = answers[q.id]?.includes(c.id) ?? false;
                return (
                  <label key={c.id} className="flex min-h-11 items-center gap-2">
                    <input
                      type={q.kind === "multiple" ? "checkbox" : "radio"}
                      name={`q-${q.id}`}
                      className="h-5 w-5"
                      checked={chosen}
                      onChange={(e) => {
                        const current = answers[q.id] ?? [];
                        const next = q.kind === "multiple" ? (e.currentTarget.checked ? [...current, c.id] : current.filter((x) => x !== c.id)) : [c.id];
                        save(q.id, next, 0);
                      }}
                    />
                    {c.label}
                  </label>
                );
              })
            ) : (
              <label className="flex flex-col gap-1">
                <span className="text-sm font-semibold">{m.yourAnswer}</span>
                <input
                  className={cx(inputBox, "min-h-11 max-w-md")}
                  inputMode={q.kind === "numeric" ? "decimal" : "text"}
                  maxLength={500}
                  value={answers[q.id]?.[0] ?? ""}
                  onChange={(e) => save(q.id, e.currentTarget.value === "" ? [] : [e.currentTarget.value], 500)}
                />
              </label>
            )}
            <p aria-live="polite" className={cx("min-h-5 text-sm", status[q.id] && status[q.id] !== "saving" && status[q.id] !== "saved" ? errorText : "text-gray-700")} data-testid="answer-status">
              {status[q.id] === "saving" ? m.saving : status[q.id] === "saved" ? m.saved : (status[q.id] ?? "")}
            </p>
          </fieldset>
        </Card>
      ))}
      <div>
        <Button onPress={() => setConfirming(true)}>{m.submit}</Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={m.submitTitle}
          confirmLabel={m.submit}
          variant="primary"
          isOpen
          onOpenChange={setConfirming}
          onConfirm={async () => {
            await flush();
            await submitAttempt(getSupabase(), attempt.attempt_id);
            setConfirming(false);
            onDone({ questions, answers: latest.current, message: m.submitted });
          }}
        >
          {m.submitBody}
        </ConfirmDialog>
      )}
    </div>
  );
}

function Review({ attemptId }: { attemptId: string }) {
  const all = useMessages(quizMessages);
  const m = all.take;
  const locale = useLocale();
  const review = usePeopleQuery(["quiz-my-review", attemptId], () => fetchReview(getSupabase(), attemptId));
  if (review.error) return <ErrorState error={review.error} onRetry={review.retry} />;
  if (!review.data) return <Skeleton label={m.loading} />;
  const rows = review.data;
  const first = rows[0];
  return (
    <Card title={m.review}>
      {first?.score !== null && first?.score !== undefined && (
        <p className="mb-2 text-lg font-semibold" data-testid="quiz-score">
          {fill(m.score, { score: formatMark(locale, first.score) })}
        </p>
      )}
      {first?.feedback && (
        <div className="mb-4">
          <h3 className="font-semibold">{m.feedback}</h3>
          <p>{first.feedback}</p>
        </div>
      )}
      {rows.every((r) => r.correct === null) && <p className="mb-3 text-sm text-gray-700">{m.keyLater}</p>}
      <ol className="flex flex-col gap-3">
        {rows.map((r) => (
          <li key={r.question_id} className="border-b border-gray-200 pb-2">
            <p className="font-medium">{`${r.question_position}. ${r.prompt}`}</p>
            <p>
              {answerText(r, r.answer, all.builder.noAnswer)} — <strong>{r.is_right ? all.builder.right : all.builder.wrong}</strong> ·{" "}
              {plural(locale, r.points, m.earned, { earned: formatMark(locale, r.earned), points: formatMark(locale, r.points) })}
            </p>
            {r.correct && <p className="text-sm text-gray-700">{fill(m.correctAnswer, { answer: answerText(r, r.correct, "—") })}</p>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
