// The teacher's assignments: every assignment of my courses with its deadline, late policy
// and how many copies are handed in and marked; create and edit; open one to mark it.
// ?new=1 opens the form; ?evaluation=<id> opens it for an evaluation of kind assignment
// created on teacher/evaluations/new (its course, title and coefficient filled in).
import { lazy, Suspense, useEffect, useState } from "react";
import { formatDateTime, formatDecimal, formatNumber } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { hrefTo } from "../paths.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { fetchEvaluationWithoutAssignment, fetchTeacherAssignments, fetchTeacherCourses, type Assignment } from "./data.ts";
import { assignmentMessages } from "./messages.ts";
import { plural } from "../../lib/plural.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

// The form (date pickers, uploads) loads on the click that opens it.
const AssignmentFormDialog = lazy(() => import("./AssignmentFormDialog.tsx").then((module) => ({ default: module.AssignmentFormDialog })));

const th = "px-3 py-2 text-start font-semibold text-gray-900";
const td = "px-3 py-2 align-top text-gray-900";

export default function TeacherAssignmentsPage(_: PageProps) {
  const m = useMessages(assignmentMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const courses = usePeopleQuery(["assignments-courses", userId], () => fetchTeacherCourses(getSupabase(), userId));
  const list = usePeopleQuery(["assignments-teacher", userId], () => fetchTeacherAssignments(getSupabase(), userId));
  const search = typeof location === "undefined" ? new URLSearchParams() : new URLSearchParams(location.search);
  const evaluationId = search.get("evaluation");
  const seed = usePeopleQuery(["assignments-evaluation", evaluationId ?? ""], () => (evaluationId ? fetchEvaluationWithoutAssignment(getSupabase(), evaluationId) : Promise.resolve(null)));
  const [editing, setEditing] = useState<Assignment | null | undefined>(() => (search.get("new") === "1" || evaluationId ? null : undefined));
  // An evaluation that already has its assignment (from teacher/evaluations): edit that one.
  const existing = evaluationId && seed.data === null ? list.data?.find((a) => a.evaluation_id === evaluationId) : undefined;
  useEffect(() => {
    if (existing) setEditing((current) => (current === null ? existing : current));
  }, [existing]);
  const error = courses.error ?? list.error ?? seed.error;
  const canCreate = (courses.data?.length ?? 0) > 0;
  return (
    <>
      <PageHeader title={m.teacherTitle} description={m.teacherDescription} actions={canCreate && <Button onPress={() => setEditing(null)}>{m.create}</Button>} />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            courses.retry();
            list.retry();
          }}
        />
      ) : !courses.data || !list.data ? (
        <Skeleton label={m.loading} blocks={2} />
      ) : !canCreate ? (
        <EmptyState title={m.noCourse} />
      ) : (list.data?.length ?? 0) === 0 ? (
        <EmptyState title={m.emptyTeacher} action={<Button onPress={() => setEditing(null)}>{m.create}</Button>} />
      ) : (
        <TableFrame boxed>
          <table className="min-w-full text-sm">
            <caption className="sr-only">{m.teacherTitle}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={th}>
                  {m.columns.title}
                </th>
                <th scope="col" className={th}>
                  {m.columns.course}
                </th>
                <th scope="col" className={th}>
                  {m.columns.due}
                </th>
                <th scope="col" className={th}>
                  {m.columns.policy}
                </th>
                <th scope="col" className={th}>
                  {m.columns.progress}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{m.open}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data!.map((a) => (
                <tr key={a.id} className="border-t border-gray-200" data-testid="assignment-row">
                  <th scope="row" className={`${td} font-semibold`}>
                    {a.title}
                  </th>
                  <td className={td}>{a.course.code}</td>
                  <td className={td}>
                    {a.due_at ? formatDateTime(locale, a.due_at) : m.noDue}
                    {a.opens_at && a.opens_at > new Date() && <span className="block text-xs text-gray-700">{fill(m.opens, { date: formatDateTime(locale, a.opens_at) })}</span>}
                  </td>
                  <td className={td}>
                    {m.policies[a.late_policy]}
                    {a.late_policy === "penalty" && (
                      <span className="block text-xs text-gray-700">{plural(locale, a.late_penalty_per_day, m.penaltyNote, { points: formatDecimal(locale, a.late_penalty_per_day) })}</span>
                    )}
                  </td>
                  <td className={td}>{fill(m.progressShort, { submitted: formatNumber(locale, a.submitted), marked: formatNumber(locale, a.marked) })}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <div className="flex gap-2">
                      <LinkButton size="sm" href={hrefTo(locale, "teacher.assignment", { id: a.id })} aria-label={`${m.open} — ${a.title}`}>
                        {m.open}
                      </LinkButton>
                      <Button size="sm" variant="ghost" onPress={() => setEditing(a)} aria-label={`${m.edit} — ${a.title}`}>
                        {m.edit}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {editing !== undefined && courses.data && seed.data !== undefined && (
        <Suspense fallback={<DialogLoading />}>
          <AssignmentFormDialog
            key={editing?.id ?? "new"}
            courses={courses.data}
            assignment={editing}
            evaluation={editing ? null : seed.data}
            isOpen
            onOpenChange={(open) => !open && setEditing(undefined)}
            onSaved={() => {
              list.retry();
              if (evaluationId) history.replaceState(history.state, "", location.pathname);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
