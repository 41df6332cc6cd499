// One assignment's copies: every student of the course, what each handed in and when (late
// or not), its files, and the mark with feedback (saved into the gradebook by the
// database, penalised when the policy says so). Every file as one zip, built in the
// browser with client-zip, loaded only when asked.
import { useState } from "react";
import { formatBytes, formatDateTime, formatDecimal, formatMark } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import type { PageProps } from "../paths.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { downloadBlob } from "../../lib/download.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import {
  downloadAttachment,
  downloadSubmissionFile,
  fetchAssignment,
  fetchRoster,
  fetchSubmissions,
  fileName,
  filesOf,
  markSubmission,
  MAX_ZIP_BYTES,
  safeName,
  type Assignment,
  type RosterStudent,
  type Submission,
} from "./data.ts";
import { FileList } from "./FileList.tsx";
import { assignmentMessages } from "./messages.ts";
import { lateDays } from "./status.ts";
import { countOf, plural } from "../../lib/plural.ts";

export default function TeacherAssignmentPage({ params }: PageProps) {
  const m = useMessages(assignmentMessages);
  const assignment = usePeopleQuery(["assignment", params.id], () => fetchAssignment(getSupabase(), params.id));
  const courseId = assignment.data?.course_id;
  const roster = usePeopleQuery(["assignment-roster", courseId ?? ""], () => (courseId ? fetchRoster(getSupabase(), courseId) : Promise.resolve([])));
  const submissions = usePeopleQuery(["assignment-submissions", params.id], () => fetchSubmissions(getSupabase(), params.id));
  const error = assignment.error ?? roster.error ?? submissions.error;
  const a = assignment.data;
  return (
    <>
      <PageHeader
        title={a ? fill(m.submissionsOf, { title: a.title }) : m.teacherTitle}
        description={a ? `${a.course.code} — ${a.course.title}` : undefined}
        actions={a && submissions.data && roster.data && <DownloadAll assignment={a} submissions={submissions.data} roster={roster.data} />}
      />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            assignment.retry();
            roster.retry();
            submissions.retry();
          }}
        />
      ) : assignment.data === undefined || !roster.data || !submissions.data ? (
        <Skeleton label={m.loading} blocks={3} />
      ) : !a ? (
        <EmptyState title={m.notFound} />
      ) : (
        <div className="flex flex-col gap-4">
          <Summary assignment={a} />
          {roster.data!.length === 0 ? (
            <EmptyState title={m.empty} headingLevel={2} />
          ) : (
            roster.data!.map((s) => <StudentCopy key={s.id} assignment={a} student={s} submission={submissions.data!.find((x) => x.student_id === s.id) ?? null} onMarked={submissions.retry} />)
          )}
        </div>
      )}
    </>
  );
}

function Summary({ assignment: a }: { assignment: Assignment }) {
  const m = useMessages(assignmentMessages);
  const locale = useLocale();
  return (
    <Card title={a.title}>
      <p className="text-sm text-gray-800">
        {a.due_at ? fill(m.due, { date: formatDateTime(locale, a.due_at) }) : m.noDue} · {m.policies[a.late_policy]}
        {a.late_policy === "penalty" && ` · ${plural(locale, a.late_penalty_per_day, m.penaltyNote, { points: formatDecimal(locale, a.late_penalty_per_day) })}`}
      </p>
      {a.evaluation && <p className="mt-1 text-sm text-gray-700">{fill(m.gradebook, { published: a.evaluation.is_published ? m.published : m.draft })}</p>}
      {a.instructions && <p className="mt-2 whitespace-pre-line text-gray-900">{a.instructions}</p>}
      {a.attachments.length > 0 && <FileList paths={a.attachments} fetcher={downloadAttachment} />}
    </Card>
  );
}

function StudentCopy({ assignment, student, submission, onMarked }: { assignment: Assignment; student: RosterStudent; submission: Submission | null; onMarked: () => void }) {
  const m = useMessages(assignmentMessages);
  const locale = useLocale();
  const [score, setScore] = useState<number | null>(submission?.score ?? null);
  const [feedback, setFeedback] = useState(submission?.feedback ?? "");
  const [saving, setSaving] = useState(false);
  const days = submission ? lateDays(submission.submitted_at, assignment.due_at) : 0;
  const files = submission ? filesOf(submission) : [];
  const save = async () => {
    if (!submission) return;
    setSaving(true);
    try {
      await markSubmission(getSupabase(), submission.id, score, feedback);
      toastSuccess("saved");
      onMarked();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };
  const penalised =
    submission?.score !== null && submission?.score !== undefined && assignment.late_policy === "penalty" && days > 0 ? Math.max(0, submission.score - assignment.late_penalty_per_day * days) : null;
  return (
    <Card
      title={student.name}
      headingLevel={2}
      testId="student-copy"
      actions={
        submission ? (
          submission.graded_at ? (
            <StatusPill tone="success">{m.statuses.marked}</StatusPill>
          ) : (
            <StatusPill tone={days > 0 ? "warning" : "info"}>{days > 0 ? m.statuses.late : m.statuses.submitted}</StatusPill>
          )
        ) : (
          <StatusPill>{m.notSubmitted}</StatusPill>
        )
      }
    >
      {submission && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-gray-800">
            {fill(m.submittedAt, { date: formatDateTime(locale, submission.submitted_at) })}
            {days > 0 && ` · ${countOf(locale, m.lateBy, days)}`}
          </p>
          {submission.body && (
            <div>
              <h3 className="text-sm font-semibold text-gray-900">{m.text}</h3>
              <p className="whitespace-pre-line text-gray-900">{submission.body}</p>
            </div>
          )}
          {files.length > 0 ? <FileList paths={files} fetcher={downloadSubmissionFile} /> : <p className="text-sm text-gray-700">{m.noFiles}</p>}
          <form
            className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <NumberField label={m.score} value={score} onChange={setScore} minValue={0} maxValue={20} step={0.25} />
            <TextArea label={m.feedback} value={feedback} onChange={setFeedback} rows={2} maxLength={5000} />
            <Button type="submit" isPending={saving} aria-label={fill(m.markFor, { name: student.name })}>
              {m.mark}
            </Button>
          </form>
          {submission.score !== null && <p className="text-sm text-gray-800">{fill(m.marked, { score: formatMark(locale, submission.score) })}</p>}
          {penalised !== null && <p className="text-sm text-gray-800">{fill(m.penalised, { score: formatMark(locale, penalised) })}</p>}
        </div>
      )}
    </Card>
  );
}

function DownloadAll({ assignment, submissions, roster }: { assignment: Assignment; submissions: Submission[]; roster: RosterStudent[] }) {
  const m = useMessages(assignmentMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const all = submissions.flatMap((s) => filesOf(s).map((path) => ({ path, student: roster.find((r) => r.id === s.student_id)?.name ?? s.student_id })));
  const run = async () => {
    setBusy(true);
    try {
      const entries: { name: string; input: Blob }[] = [];
      let total = 0;
      for (const f of all) {
        const blob = await downloadSubmissionFile(getSupabase(), f.path);
        total += blob.size;
        if (total > MAX_ZIP_BYTES) throw new Error(fill(m.tooLarge, { size: formatBytes(locale, MAX_ZIP_BYTES) }));
        entries.push({ name: `${safeName(f.student)}/${fileName(f.path)}`, input: blob });
      }
      const { downloadZip } = await import("client-zip");
      downloadBlob(`${safeName(assignment.course.code)}-${safeName(assignment.title)}.zip`, await downloadZip(entries).blob());
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onPress={() => void run()} isPending={busy} isDisabled={all.length === 0} aria-label={all.length === 0 ? m.downloadAllEmpty : undefined}>
      {m.downloadAll}
    </Button>
  );
}
