// teacher/evaluations: every evaluation of my courses with its kind, date, coefficient and
// status (draft, marking, published), and where to go next: the gradebook, the quiz
// builder, the assignments page; edit one, or delete one that has no marks.
import { useState } from "react";
import { formatDate, formatDecimal } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { hrefTo } from "../paths.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { StatusPill, type Tone } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastSuccess } from "../ui/toast.ts";
import { deleteEvaluation, fetchTeacherEvaluations, type TeacherEvaluation } from "./data.ts";
import { EditEvaluationDialog } from "./EditEvaluationDialog.tsx";
import { quizMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const TONES: Record<string, Tone> = { draft: "neutral", marking: "warning", published: "success" };

export default function TeacherEvaluationsPage(_: PageProps) {
  const all = useMessages(quizMessages);
  const m = all.evaluations;
  const locale = useLocale();
  const list = usePeopleQuery(["quiz-evaluations"], () => fetchTeacherEvaluations(getSupabase()));
  const createHref = hrefTo(locale, "teacher.evaluations.new");
  const [editing, setEditing] = useState<TeacherEvaluation | null>(null);
  const [deleting, setDeleting] = useState<TeacherEvaluation | null>(null);
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          <LinkButton variant="primary" href={createHref}>
            {m.create}
          </LinkButton>
        }
      />
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.retry} />
      ) : list.loading || !list.data ? (
        <Skeleton label={m.loading} />
      ) : list.data.length === 0 ? (
        <EmptyState title={m.none} action={<LinkButton href={createHref}>{m.create}</LinkButton>} />
      ) : (
        <TableFrame>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.caption}</caption>
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="p-2">
                  {m.name}
                </th>
                <th scope="col" className="p-2">
                  {m.course}
                </th>
                <th scope="col" className="p-2">
                  {m.kind}
                </th>
                <th scope="col" className="p-2">
                  {m.date}
                </th>
                <th scope="col" className="p-2">
                  {m.coefficient}
                </th>
                <th scope="col" className="p-2">
                  {m.status}
                </th>
                <th scope="col" className="p-2">
                  {m.actions}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((e) => (
                <tr key={e.id} className="border-b border-gray-200" data-testid="evaluation-row">
                  <th scope="row" className="p-2 font-semibold">
                    {e.title}
                  </th>
                  <td className="p-2">{e.course_code}</td>
                  <td className="p-2">{all.kinds[e.kind] ?? e.kind}</td>
                  <td className="p-2">{e.held_on ? formatDate(locale, e.held_on, "short") : "—"}</td>
                  <td className="p-2">{formatDecimal(locale, e.coefficient)}</td>
                  <td className="p-2">
                    <StatusPill tone={TONES[e.status]}>{all.statuses[e.status]}</StatusPill> <span className="text-gray-700">{countOf(locale, m.marks, e.marks_count)}</span>
                  </td>
                  <td className="flex flex-wrap gap-2 p-2">
                    {e.quiz_id && (
                      <LinkButton size="sm" href={hrefTo(locale, "teacher.evaluations.quiz", { evaluationId: e.id })} aria-label={`${m.quiz} — ${e.title}`}>
                        {m.quiz}
                      </LinkButton>
                    )}
                    {e.kind === "assignment" && (
                      <LinkButton size="sm" href={`${hrefTo(locale, "teacher.assignments")}?evaluation=${encodeURIComponent(e.id)}`} aria-label={`${m.assignment} — ${e.title}`}>
                        {m.assignment}
                      </LinkButton>
                    )}
                    <LinkButton size="sm" variant="ghost" href={hrefTo(locale, "teacher.grades")} aria-label={`${m.gradebook} — ${e.title}`}>
                      {m.gradebook}
                    </LinkButton>
                    <Button size="sm" variant="ghost" onPress={() => setEditing(e)} aria-label={`${m.edit} — ${e.title}`}>
                      {m.edit}
                    </Button>
                    {e.marks_count === 0 && (
                      <Button size="sm" variant="ghost" onPress={() => setDeleting(e)} aria-label={`${m.delete} — ${e.title}`}>
                        {m.delete}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {editing && <EditEvaluationDialog key={editing.id} evaluation={editing} onClose={() => setEditing(null)} onSaved={list.retry} />}
      {deleting && (
        <ConfirmDialog
          title={m.deleteTitle}
          isOpen
          onOpenChange={(open) => !open && setDeleting(null)}
          onConfirm={async () => {
            await deleteEvaluation(getSupabase(), deleting.id);
            toastSuccess("deleted");
            list.retry();
          }}
        >
          {fill(m.deleteBody, { title: deleting.title })}
        </ConfirmDialog>
      )}
    </>
  );
}
