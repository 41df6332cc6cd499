// A registrar's reopening of a closed session (issue 20 §2): the dialog says what reopening
// does before anything happens, and requires a reason (5–1000 characters, as the database).
// The database decides who may (an admin at aal2): its refusal is shown in plain words, so an
// admin without two-step verification learns why and what to do.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { useErrorMessage } from "../ui/toast.ts";
import { uiMessages } from "../ui/messages.ts";
import { errorText } from "../ui/styles.ts";
import { reopenDeliberation, reopenReasonSchema, reopenRefusal, type Deliberation } from "./data.ts";
import { resultsMessages } from "./messages.ts";

export function ReopenSessionDialog({ deliberation, onClose, onReopened }: { deliberation: Deliberation; onClose: () => void; onReopened: () => void }) {
  const m = useMessages(resultsMessages).deliberation;
  const ui = useMessages(uiMessages);
  const errorMessage = useErrorMessage();
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async (close: () => void) => {
    const parsed = reopenReasonSchema.safeParse(reason);
    setInvalid(parsed.success ? undefined : m.reopenReasonNeeded);
    if (!parsed.success) return;
    setPending(true);
    setError(null);
    try {
      await reopenDeliberation(getSupabase(), deliberation.id, parsed.data);
      close();
      onReopened();
    } catch (failure) {
      const refusal = reopenRefusal(failure);
      setError(refusal ? m.reopenRefused[refusal] : errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={m.reopenTitle[deliberation.session]} role="alertdialog" size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      {({ close }) => (
        <>
          <div className="flex flex-col gap-3" data-testid="reopen-session">
            <p>{m.reopenIntro}</p>
            <ul className="ms-5 list-disc">
              <li>{m.reopenFrozen}</li>
              {deliberation.published_at && <li>{m.reopenPublished}</li>}
              <li>{m.reopenTranscripts}</li>
              <li>{m.reopenMarks}</li>
            </ul>
            <TextArea label={m.reopenReason} description={m.reopenReasonHelp} value={reason} onChange={setReason} maxLength={1000} rows={3} isRequired errorMessage={invalid} />
          </div>
          {error && (
            <p role="alert" className={errorText}>
              {error}
            </p>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              {ui.cancel}
            </Button>
            <Button variant="danger" isPending={pending} onPress={() => confirm(close)}>
              {m.reopen}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
