// "Étudiants inscrits" on a course's admin page (issue 21 §4): the enrolments (withdrawn ones
// kept, with their date), "Inscrire un étudiant" (search by name or matricule, a reason) and
// "Retirer" (a reason, confirmed). Audited SQL functions; a refusal (a closed semester's
// freeze above all) is said in words inside the dialog, which stays open.
import { useState } from "react";
import { formatDate } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { errorText } from "../ui/styles.ts";
import { listEnrolments, type Enrolment } from "./data.ts";
import { enrolStudent, findStudents, reasonSchema, REASON_MAX, withdrawStudent, type FoundStudent } from "./registrar.ts";
import { countOf } from "../../lib/plural.ts";
import { refusal, registrarMessages } from "./registrar-messages.ts";

type Target = { kind: "enrol"; student?: FoundStudent } | { kind: "withdraw"; enrolment: Enrolment };

export function CourseStudents({ courseId, courseLabel }: { courseId: string; courseLabel: string }) {
  const m = useMessages(registrarMessages);
  const locale = useLocale();
  const enrolments = useScheduleQuery(["manage-enrolments", courseId], () => listEnrolments(getSupabase(), courseId));
  const [target, setTarget] = useState<Target | null>(null);
  const [note, setNote] = useState("");
  const active = (enrolments.data ?? []).filter((e) => e.status === "active").length;
  return (
    <Card
      title={m.studentsTitle}
      description={enrolments.data ? countOf(locale, m.activeCount, active) : undefined}
      actions={
        <Button size="sm" onPress={() => setTarget({ kind: "enrol" })}>
          {m.enrol}
        </Button>
      }
      testId="manage-students"
    >
      <p role="status" className="text-sm text-green-800">
        {note}
      </p>
      {enrolments.error ? (
        <ErrorState error={enrolments.error} onRetry={enrolments.retry} />
      ) : !enrolments.data ? (
        <Skeleton lines={4} />
      ) : enrolments.data.length === 0 ? (
        <p className="text-gray-700">{m.noStudents}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {enrolments.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="enrolment">
              <span>
                {e.student.full_name} · <Badge tone={e.status === "active" ? "success" : e.status === "dropped" ? "warning" : "neutral"}>{m.enrolment[e.status]}</Badge>
                {e.dropped_at && (
                  <span className="ml-2 text-sm text-gray-700">
                    {fill(m.droppedOn, {
                      date: formatDate(locale, e.dropped_at),
                    })}
                  </span>
                )}
              </span>
              {(e.status === "active" || e.status === "pending") && (
                <Button size="sm" variant="secondary" onPress={() => setTarget({ kind: "withdraw", enrolment: e })}>
                  {m.withdraw}
                  <span className="sr-only"> : {e.student.full_name}</span>
                </Button>
              )}
              {e.status === "dropped" && (
                <Button
                  size="sm"
                  variant="ghost"
                  onPress={() =>
                    setTarget({
                      kind: "enrol",
                      student: {
                        id: e.student.id,
                        full_name: e.student.full_name,
                        matricule: null,
                      },
                    })
                  }
                >
                  {m.enrolAgain}
                  <span className="sr-only"> : {e.student.full_name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {target && (
        <ReasonDialog
          target={target}
          courseLabel={courseLabel}
          onClose={() => setTarget(null)}
          onDone={(message) => {
            setNote(message);
            setTarget(null);
            enrolments.retry();
          }}
          courseId={courseId}
        />
      )}
    </Card>
  );
}

function ReasonDialog({ target, courseId, courseLabel, onClose, onDone }: { target: Target; courseId: string; courseLabel: string; onClose: () => void; onDone: (message: string) => void }) {
  const m = useMessages(registrarMessages);
  const [student, setStudent] = useState<FoundStudent | undefined>(target.kind === "enrol" ? target.student : undefined);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [problem, setProblem] = useState("");
  const [pending, setPending] = useState(false);
  const withdrawing = target.kind === "withdraw";
  const name = withdrawing ? target.enrolment.student.full_name : (student?.full_name ?? "");
  return (
    <Dialog
      title={withdrawing ? fill(m.withdrawTitle, { name, course: courseLabel }) : fill(m.enrolTitle, { course: courseLabel })}
      role={withdrawing ? "alertdialog" : "dialog"}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
    >
      {({ close }) => (
        <div className="space-y-3">
          {!withdrawing && !student && <StudentSearch onChoose={setStudent} />}
          <form
            noValidate
            className="space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!withdrawing && !student) return setProblem(m.pickStudent);
              const parsed = reasonSchema.safeParse(reason);
              if (!parsed.success) return setReasonError(m.badReason);
              setReasonError(undefined);
              setProblem("");
              setPending(true);
              try {
                if (withdrawing) await withdrawStudent(getSupabase(), target.enrolment.id, parsed.data);
                else await enrolStudent(getSupabase(), courseId, student!.id, parsed.data);
                onDone(fill(withdrawing ? m.withdrawn : m.enrolled, { name }));
              } catch (failure) {
                setProblem(refusal(m.refused, failure, "alreadyEnrolled"));
              } finally {
                setPending(false);
              }
            }}
          >
            {withdrawing ? (
              <p>{m.withdrawBody}</p>
            ) : (
              student && (
                <p data-testid="chosen-student">
                  {fill(m.chosen, {
                    name: student.matricule ? `${student.full_name} (${student.matricule})` : student.full_name,
                  })}
                </p>
              )
            )}
            <TextArea label={m.reason} value={reason} onChange={setReason} errorMessage={reasonError} maxLength={REASON_MAX} rows={3} isRequired />
            <p role="alert" className={problem ? errorText : "sr-only"}>
              {problem}
            </p>
            <DialogActions>
              <Button variant="secondary" onPress={close} isDisabled={pending}>
                {m.cancel}
              </Button>
              <Button type="submit" variant={withdrawing ? "danger" : "primary"} isPending={pending}>
                {withdrawing ? m.withdrawConfirm : m.enrolConfirm}
              </Button>
            </DialogActions>
          </form>
        </div>
      )}
    </Dialog>
  );
}

function StudentSearch({ onChoose }: { onChoose: (student: FoundStudent) => void }) {
  const m = useMessages(registrarMessages);
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const [hint, setHint] = useState<string>();
  const found = useScheduleQuery(["find-students", term], () => (term ? findStudents(getSupabase(), term) : Promise.resolve(null)));
  const search = () => {
    const t = text.trim();
    if (t.length < 2) return setHint(m.searchHint);
    setHint(undefined);
    setTerm(t);
  };
  return (
    <div className="space-y-2">
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <TextField label={m.searchStudent} value={text} onChange={setText} errorMessage={hint} maxLength={100} className="min-w-64 flex-1" />
        <Button type="submit" variant="secondary">
          {m.searchButton}
        </Button>
      </form>
      {term &&
        (found.error ? (
          <ErrorState error={found.error} onRetry={found.retry} />
        ) : !found.data ? (
          <p aria-live="polite">{m.searching}</p>
        ) : found.data.length === 0 ? (
          <p aria-live="polite">{m.noStudentFound}</p>
        ) : (
          <ul className="max-h-60 divide-y divide-gray-100 overflow-auto rounded-md border border-gray-200" data-testid="found-students">
            {found.data.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 p-2">
                <span>
                  {s.full_name}
                  {s.matricule && <span className="ml-2 text-sm text-gray-700">{s.matricule}</span>}
                </span>
                <Button size="sm" variant="secondary" onPress={() => onChoose(s)}>
                  {m.choose}
                  <span className="sr-only"> : {s.full_name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
