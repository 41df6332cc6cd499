// student/quizzes: my courses' quizzes, open, upcoming and done, with my mark once the
// teacher releases the results. The server's time decides where each stands.
import { formatDateTime, formatMark } from "../../lib/format.ts";
import { quizPhase, type QuizPhase } from "../../lib/quiz/timer.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { hrefTo } from "../paths.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { fetchMyQuizzes, type MyQuiz } from "./data.ts";
import { quizMessages } from "./messages.ts";

const PHASES: QuizPhase[] = ["open", "upcoming", "done"];

export default function StudentQuizzesPage(_: PageProps) {
  const m = useMessages(quizMessages).student;
  const list = usePeopleQuery(["my-quizzes"], () => fetchMyQuizzes(getSupabase()));
  return (
    <>
      <PageHeader title={m.title} description={m.description} />
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.retry} />
      ) : list.loading || !list.data ? (
        <Skeleton label={m.loading} />
      ) : list.data.length === 0 ? (
        <EmptyState title={m.none} />
      ) : (
        <div className="flex flex-col gap-6">
          {PHASES.map((phase) => {
            const quizzes = list.data!.filter((q) => quizPhase(q, q.server_now) === phase);
            return (
              <Card key={phase} title={m[phase]} testId={`quizzes-${phase}`}>
                {quizzes.length === 0 ? (
                  <p>{m.noneHere}</p>
                ) : (
                  <ul className="flex flex-col gap-3">
                    {quizzes.map((q) => (
                      <QuizItem key={q.quiz_id} quiz={q} phase={phase} />
                    ))}
                  </ul>
                )}
              </Card>
            );
          })}
        </div>
      )}
    </>
  );
}

function QuizItem({ quiz, phase }: { quiz: MyQuiz; phase: QuizPhase }) {
  const m = useMessages(quizMessages).student;
  const locale = useLocale();
  const href = hrefTo(locale, "student.quizzes.take", { quizId: quiz.quiz_id });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-3" data-testid="my-quiz">
      <div>
        <p className="font-semibold">{quiz.title}</p>
        <p className="text-sm text-gray-700">
          {`${quiz.course_code} — ${quiz.course_title}`}
          {quiz.opens_at && quiz.closes_at && ` · ${fill(m.window, { opens: formatDateTime(locale, quiz.opens_at), closes: formatDateTime(locale, quiz.closes_at) })}`}
          {` · ${quiz.time_limit_minutes ? fill(m.limit, { minutes: quiz.time_limit_minutes }) : m.noLimit}`}
          {` · ${fill(m.attempts, { used: quiz.attempts_used, max: quiz.max_attempts })}`}
        </p>
        {phase === "done" && (
          <p className="text-sm font-medium">
            {quiz.released && quiz.best_score !== null ? fill(m.result, { score: formatMark(locale, quiz.best_score) }) : quiz.attempts_used > 0 ? m.awaiting : null}
          </p>
        )}
      </div>
      {phase === "open" && (
        <LinkButton variant="primary" href={href} aria-label={`${quiz.open_attempt ? m.resume : m.take} — ${quiz.title}`}>
          {quiz.open_attempt ? m.resume : m.take}
        </LinkButton>
      )}
      {phase !== "upcoming" && quiz.released && quiz.attempts_used > 0 && (
        <LinkButton href={href} aria-label={`${m.see} — ${quiz.title}`}>
          {m.see}
        </LinkButton>
      )}
    </li>
  );
}
