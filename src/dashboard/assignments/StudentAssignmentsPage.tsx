// The student's assignments: what is due, handed in, late and marked, with the
// instructions, its own files and the mark and feedback once given. Files go into the
// student's own folder of the private submissions bucket; the server's clock decides
// whether the work is still taken. Work handed in offline or on a lost line is kept on the
// device and sent when the network returns (../outbox), dated by the server on arrival.
import { useId, useState } from "react";
import { checkUploads } from "../../lib/forms/assignment.ts";
import { formatDateTime, formatDecimal, formatMark } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { StatusPill, type Tone } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { cx, descriptionText, errorText, focusRing, labelText } from "../ui/styles.ts";
import { toastError } from "../ui/toast.ts";
import { outboxMessages } from "../shared/outbox/messages.ts";
import { PendingStatus } from "../shared/outbox/PendingStatus.tsx";
import { NotKeptError, sendOrQueue, usePending } from "../shared/outbox/outbox-runtime.ts";
import { useOnline } from "../ui/offline/useOnline.ts";
import type { Pending } from "../shared/outbox/writes.ts";
import { ACCEPTED_TYPES, downloadAttachment, downloadSubmissionFile, fetchMyAssignments, fileName, filesOf, MAX_FILE_BYTES, MAX_FILES, submissionPath, type StudentAssignment } from "./data.ts";
import { assignmentMessages } from "./messages.ts";
import { acceptsWork, assignmentStatus, type AssignmentStatus } from "./status.ts";
import { FileList } from "./FileList.tsx";
import { plural } from "../../lib/plural.ts";

const TONES: Record<AssignmentStatus, Tone> = { upcoming: "neutral", due: "info", overdue: "warning", closed: "danger", submitted: "success", late: "warning", marked: "success" };

export default function StudentAssignmentsPage(_: PageProps) {
  const m = useMessages(assignmentMessages);
  const { userId } = useSignedIn();
  const list = usePeopleQuery(["assignments-mine", userId], () => fetchMyAssignments(getSupabase(), userId));
  return (
    <>
      <PageHeader title={m.studentTitle} description={m.studentDescription} />
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.retry} />
      ) : !list.data ? (
        <Skeleton label={m.loading} blocks={3} />
      ) : (list.data?.length ?? 0) === 0 ? (
        <EmptyState title={m.empty} />
      ) : (
        <div className="flex flex-col gap-4">
          {list.data!.map((a) => (
            <AssignmentCard key={a.id} assignment={a} onChanged={list.retry} />
          ))}
        </div>
      )}
    </>
  );
}

function AssignmentCard({ assignment: a, onChanged }: { assignment: StudentAssignment; onChanged: () => void }) {
  const m = useMessages(assignmentMessages);
  const locale = useLocale();
  const now = new Date();
  const status = assignmentStatus(a, now);
  const s = a.submission;
  // Work kept on the device stays in view even once the page's clock closes the form.
  const pending = usePending((w) => w.kind === "submission" && w.assignmentId === a.id);
  return (
    <Card
      title={`${a.course.code} — ${a.title}`}
      testId="student-assignment"
      description={a.due_at ? fill(m.due, { date: formatDateTime(locale, a.due_at) }) : m.noDue}
      actions={<StatusPill tone={TONES[status]}>{m.statuses[status]}</StatusPill>}
    >
      <div className="flex flex-col gap-3">
        {a.instructions && <p className="whitespace-pre-line text-gray-900">{a.instructions}</p>}
        {a.attachments.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-gray-900">{m.instructionsFiles}</h3>
            <FileList paths={a.attachments} fetcher={downloadAttachment} />
          </div>
        )}
        {a.late_policy === "penalty" && <p className="text-sm text-gray-800">{plural(locale, a.late_penalty_per_day, m.penaltyNote, { points: formatDecimal(locale, a.late_penalty_per_day) })}</p>}
        {status === "upcoming" && a.opens_at && <p className="text-sm text-gray-800">{fill(m.upcomingNote, { date: formatDateTime(locale, a.opens_at) })}</p>}
        {status === "closed" && <p className="text-sm text-gray-800">{m.closedNote}</p>}
        {s && <p className="text-sm text-gray-800">{fill(m.submittedAt, { date: formatDateTime(locale, s.submitted_at) })}</p>}
        {s && s.graded_at && s.score !== null && (
          <div className="rounded-md bg-green-50 p-3" data-testid="my-mark">
            <p className="font-semibold text-green-900">{fill(m.yourMark, { score: formatMark(locale, s.score) })}</p>
            {s.feedback && (
              <>
                <h3 className="mt-1 text-sm font-semibold text-gray-900">{m.teacherFeedback}</h3>
                <p className="whitespace-pre-line text-gray-900">{s.feedback}</p>
              </>
            )}
          </div>
        )}
        {s && !acceptsWork(a, now) && filesOf(s).length > 0 && <FileList paths={filesOf(s)} fetcher={downloadSubmissionFile} />}
        {(acceptsWork(a, now) || pending.length > 0) && <HandInForm assignment={a} late={status === "overdue" || (!!a.due_at && now > a.due_at)} onDone={onChanged} />}
      </div>
    </Card>
  );
}

function HandInForm({ assignment: a, late, onDone }: { assignment: StudentAssignment; late: boolean; onDone: () => void }) {
  const m = useMessages(assignmentMessages);
  const o = useMessages(outboxMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const id = useId();
  const online = useOnline();
  const pending = usePending((w) => w.kind === "submission" && w.assignmentId === a.id);
  const [body, setBody] = useState(a.submission?.body ?? "");
  const [kept, setKept] = useState<string[]>(a.submission ? filesOf(a.submission) : []);
  const [picked, setPicked] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  // A copy kept on the device left it: only the server's answer takes it away (a refused one
  // stays until its author discards it), so it was handed in.
  const waiting = pending.some((i) => i.state !== "refused");
  const [wasWaiting, setWasWaiting] = useState(waiting);
  if (wasWaiting !== waiting) {
    setWasWaiting(waiting);
    if (!waiting && pending.length === 0) setDone(true); // (the outbox refreshed the list)
  }
  const arrival = a.due_at ? fill(m.arrival[a.late_policy], { date: formatDateTime(locale, a.due_at) }) : m.arrival.none;

  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const problems = checkUploads(files, kept.length + picked.length, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES);
    setProblem(problems.map((p) => fill(m[p.key], { name: p.name })).join(" ") || null);
    if (!problems.length) setPicked((f) => [...f, ...files]);
  };
  const submit = async () => {
    if (!body.trim() && kept.length + picked.length === 0) {
      setProblem(m.nothing);
      return;
    }
    // The key of this press: however many times it is sent, the server writes it once.
    const key = crypto.randomUUID();
    setProblem(null);
    setSaving(true);
    setDone(false);
    try {
      const outcome = await sendOrQueue(
        userId,
        {
          kind: "submission",
          assignmentId: a.id,
          courseId: a.course_id,
          body,
          kept,
          previous: a.submission ? filesOf(a.submission) : [],
          files: picked.map((file) => ({ name: file.name, blob: file })),
          dueAt: a.due_at?.toISOString() ?? null,
          latePolicy: a.late_policy,
        },
        key,
      );
      // The copy as the server will hold it (the paths are the files' names).
      setKept([...new Set([...kept, ...picked.map((f) => submissionPath(a, userId, f.name))])]);
      setPicked([]);
      if (outcome === "sent") {
        setDone(true);
        onDone();
      }
    } catch (error) {
      if (error instanceof NotKeptError) setProblem(o.notKept);
      else toastError(error);
    } finally {
      setSaving(false);
    }
  };
  if (pending.length > 0) return <PendingSubmission items={pending} arrival={arrival} />;
  return (
    <form
      className="flex flex-col gap-3 border-t border-gray-200 pt-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {late && <p className="text-sm font-medium text-amber-900">{m.lateNote}</p>}
      {!online && (
        <p className="text-sm font-medium text-amber-900" data-testid="offline-note">
          {o.offline} {arrival}
        </p>
      )}
      <TextArea label={m.yourText} value={body} onChange={setBody} rows={3} maxLength={50000} />
      <div>
        <label htmlFor={id} className={labelText}>
          {m.addFiles}
        </label>
        <span id={`${id}-hint`} className={descriptionText}>
          {m.addFilesHint}
        </span>
        <input
          id={id}
          type="file"
          multiple
          aria-describedby={`${id}-hint`}
          className={cx("mt-1 block w-full text-sm", focusRing)}
          accept={Object.keys(ACCEPTED_TYPES)
            .map((e) => `.${e}`)
            .join(",")}
          onChange={(e) => {
            pick(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {kept.map((p) => (
            <li key={p} className="flex items-center gap-2">
              {fileName(p)}
              <Button variant="ghost" size="sm" aria-label={fill(m.remove, { name: fileName(p) })} onPress={() => setKept((k) => k.filter((x) => x !== p))}>
                ×
              </Button>
            </li>
          ))}
          {picked.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-2">
              {f.name}
              <Button variant="ghost" size="sm" aria-label={fill(m.remove, { name: f.name })} onPress={() => setPicked((p) => p.filter((_, j) => j !== i))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      </div>
      {problem && (
        <p role="alert" className={errorText}>
          {problem}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-green-900">
          {m.handedIn}
        </p>
      )}
      <div>
        <Button type="submit" isPending={saving}>
          {a.submission ? m.revise : m.handIn}
        </Button>
      </div>
    </form>
  );
}

// The copy kept on this device until the server has it: its state, what it holds, and what
// arriving after the deadline will mean (said before the student relies on it).
function PendingSubmission({ items, arrival }: { items: Pending[]; arrival: string }) {
  const m = useMessages(assignmentMessages);
  return (
    <section className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3" aria-label={m.pendingWork}>
      {items.map((item) => {
        const w = item.write.kind === "submission" ? item.write : null;
        return (
          <PendingStatus key={item.key} item={item}>
            {w?.body && <p className="line-clamp-3 whitespace-pre-line text-sm text-gray-900">{w.body}</p>}
            {w && w.files.length > 0 && <p className="text-sm text-gray-800">{fill(m.pendingFiles, { names: w.files.map((f) => f.name).join(", ") })}</p>}
            {item.state === "refused" ? item.refusal?.code === "PT403" && <p className="text-sm text-red-800">{m.refusedClosed}</p> : <p className="text-sm text-amber-900">{arrival}</p>}
          </PendingStatus>
        );
      })}
    </section>
  );
}
