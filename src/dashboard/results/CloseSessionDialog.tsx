// Closing a session, deliberately (issue 20 §6): before the confirmation the dialog asks the
// database what the session still lacks (students without a mark on its published
// evaluations, exams still to come). A complete session closes on confirmation; otherwise the
// admin sees what is missing and closes only by ticking the override and giving a reason,
// which the database records in the audit log with what was missing.
import { useState } from "react";
import { formatDate } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { useErrorMessage } from "../ui/toast.ts";
import { uiMessages } from "../ui/messages.ts";
import { errorText } from "../ui/styles.ts";
import { closeDeliberation, fetchDeliberationGaps } from "./data.ts";
import { resultsMessages } from "./messages.ts";

export function CloseSessionDialog({ semesterId, session, onClose, onClosed }: { semesterId: string; session: "normal" | "resit"; onClose: () => void; onClosed: () => void }) {
  const m = useMessages(resultsMessages).deliberation;
  const ui = useMessages(uiMessages);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  // (a fresh read each time the dialog opens: marks may have come in since)
  const [openedAt] = useState(() => Date.now());
  const gaps = usePeopleQuery(["deliberation-gaps", semesterId, session, openedAt], () => fetchDeliberationGaps(getSupabase(), semesterId, session));
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<{ override?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const complete = gaps.data?.complete ?? false;

  const confirm = async (close: () => void) => {
    if (!gaps.data) return;
    if (!complete) {
      const problems = {
        override: override ? undefined : m.overrideNeeded,
        reason: reason.trim().length >= 5 && reason.trim().length <= 1000 ? undefined : m.reasonNeeded,
      };
      setInvalid(problems);
      if (problems.override || problems.reason) return;
    }
    setPending(true);
    setError(null);
    try {
      await closeDeliberation(getSupabase(), semesterId, session, complete ? undefined : { reason: reason.trim() });
      close();
      onClosed();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={m.closeTitle[session]} role="alertdialog" size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      {({ close }) => (
        <>
          {gaps.error ? (
            <ErrorState error={gaps.error} onRetry={gaps.retry} />
          ) : !gaps.data ? (
            <Skeleton label={m.gapsLoading} />
          ) : (
            <div className="flex flex-col gap-3" data-testid="close-session-gaps">
              {!complete && (
                <>
                  <p className="font-semibold text-red-800">{m.notReady}</p>
                  {gaps.data.marks > 0 && (
                    <div>
                      <p>{fill(m.missing, { students: countOf(locale, m.missingParts.students, gaps.data.students), marks: countOf(locale, m.missingParts.marks, gaps.data.marks) })}</p>
                      <ul className="ms-5 list-disc">
                        {gaps.data.evaluations.map((e) => (
                          <li key={e.id}>{countOf(locale, m.missingLine, e.missing, { course: e.course_code, title: e.title })}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {gaps.data.exams_ahead.length > 0 && (
                    <div>
                      <p>{m.examsAhead}</p>
                      <ul className="ms-5 list-disc">
                        {gaps.data.exams_ahead.map((e) => (
                          <li key={e.id}>{fill(m.examLine, { course: e.course_code, title: e.title, date: formatDate(locale, e.held_on) })}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <Checkbox label={m.override} description={m.overrideHint} value={override} onChange={setOverride} errorMessage={invalid.override} />
                  <TextArea label={m.reason} value={reason} onChange={setReason} maxLength={1000} rows={3} isRequired isDisabled={!override} errorMessage={invalid.reason} />
                </>
              )}
              <p>{m.closeBody}</p>
            </div>
          )}
          {error && (
            <p role="alert" className={errorText}>
              {error}
            </p>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              {ui.cancel}
            </Button>
            <Button variant="danger" isPending={pending} isDisabled={!gaps.data} onPress={() => confirm(close)}>
              {m.close[session]}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
