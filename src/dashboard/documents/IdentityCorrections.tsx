// admin/students: the registrar's queue of identity correction requests — the current
// record beside what the student asks for and why; approving (confirmed) changes the record
// that documents print, refusing needs a reason; both are audited by the database.
import { useState } from "react";
import { formatDate } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { decideCorrection, fetchPendingCorrections, type PendingCorrection } from "./identity-data.ts";
import { correctionMessages } from "./correction-messages.ts";

export function IdentityCorrections() {
  const m = useMessages(correctionMessages);
  const queue = useScheduleQuery(["identity-corrections"], () => fetchPendingCorrections(getSupabase()));
  return (
    <Card title={m.title} description={m.intro} testId="identity-corrections" className="mt-6">
      {queue.error ? (
        <ErrorState error={queue.error} onRetry={queue.retry} />
      ) : !queue.data ? (
        <Skeleton lines={3} />
      ) : queue.data.length === 0 ? (
        <p className="text-gray-700">{m.none}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {queue.data.map((r) => (
            <Request key={r.id} request={r} onDecided={queue.retry} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function Request({ request: r, onDecided }: { request: PendingCorrection; onDecided: () => void }) {
  const m = useMessages(correctionMessages);
  const locale = useLocale();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const identity = (i: { legal_name: string; birth_date: string | null; birth_place: string | null }) =>
    `${i.legal_name} — ${i.birth_date ? formatDate(locale, i.birth_date) : m.unknown}, ${i.birth_place ?? m.unknown}`;
  const name = r.current.profile?.full_name ?? r.current.legal_name;
  async function decide(approve: boolean) {
    try {
      await decideCorrection(getSupabase(), r.id, approve, approve ? null : note.trim());
      toastSuccess("saved");
      onDecided();
    } catch (error) {
      toastError(error);
    }
  }
  return (
    <li className="py-3" data-testid={`correction-${r.id}`}>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-gray-700">{m.student}</dt>
          <dd className="font-semibold">{name}</dd>
        </div>
        <div>
          <dt className="text-gray-700">{fill(m.requested, { date: formatDate(locale, r.requested_at) })}</dt>
        </div>
        <div>
          <dt className="text-gray-700">{m.now}</dt>
          <dd>{identity(r.current)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">{m.proposed}</dt>
          <dd className="font-semibold">{identity(r)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-gray-700">{m.reason}</dt>
          <dd className="italic">{r.reason}</dd>
        </div>
      </dl>
      <div className="mt-2 flex gap-2">
        <Button size="sm" onPress={() => setApproving(true)}>
          {m.approve}
        </Button>
        <Button size="sm" variant="secondary" onPress={() => setRejecting(true)}>
          {m.reject}
        </Button>
      </div>
      <ConfirmDialog title={m.approveTitle} confirmLabel={m.approve} variant="primary" isOpen={approving} onOpenChange={setApproving} onConfirm={() => decide(true)}>
        {fill(m.approveBody, { name, proposed: identity(r) })}
      </ConfirmDialog>
      <Dialog title={m.rejectTitle} isOpen={rejecting} onOpenChange={setRejecting}>
        {({ close }) => (
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              const trimmed = note.trim();
              if (trimmed.length < 2 || trimmed.length > 500) return setNoteError(m.noteError);
              setNoteError(undefined);
              setBusy(true);
              void decide(false).finally(() => {
                setBusy(false);
                close();
              });
            }}
          >
            <TextArea label={m.note} description={m.noteHelp} isRequired maxLength={500} value={note} onChange={setNote} errorMessage={noteError} />
            <div className="flex gap-2">
              <Button type="submit" isPending={busy}>
                {m.confirmReject}
              </Button>
              <Button variant="secondary" onPress={close}>
                {m.cancel}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </li>
  );
}
