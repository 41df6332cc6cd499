// The teachers' course proposals on admin/unified-course-management, pending first. Approving creates
// the published course taught by its proposer; refusing needs a reason, which the teacher
// sees. Both go through decide_course_proposal (admins only, pending only, audited).
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import { decideProposal, listProposals, type Proposal } from "./data.ts";
import { proposalMessages } from "./proposal-messages.ts";
import { ProposalList } from "./ProposalList.tsx";

export function CourseProposalsCard() {
  const m = useMessages(proposalMessages);
  const locale = useLocale();
  const proposals = useScheduleQuery(["proposals"], () => listProposals(getSupabase()));
  const [approving, setApproving] = useState<Proposal | null>(null);
  const [refusing, setRefusing] = useState<Proposal | null>(null);
  const [note, setNote] = useState("");
  return (
    <div className="mb-6">
      <Card title={m.all} testId="course-proposals">
        <p className="mb-2 text-sm text-gray-700">{m.adminIntro}</p>
        <p role="status" className="text-sm font-semibold text-green-800">
          {note}
        </p>
        {proposals.error ? (
          <ErrorState error={proposals.error} onRetry={proposals.retry} />
        ) : !proposals.data ? (
          <Skeleton lines={4} />
        ) : (
          <ProposalList
            proposals={proposals.data}
            actions={(p) =>
              p.status === "pending" ? (
                <>
                  <Button size="sm" onPress={() => setApproving(p)}>
                    {m.approve}
                    <span className="sr-only"> : {p.code}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onPress={() => setRefusing(p)}>
                    {m.refuse}
                    <span className="sr-only"> : {p.code}</span>
                  </Button>
                </>
              ) : p.course_id ? (
                <LinkButton size="sm" href={hrefTo(locale, "admin.course-management.course", { courseId: p.course_id })}>
                  {m.openCourse}
                  <span className="sr-only"> : {p.code}</span>
                </LinkButton>
              ) : null
            }
          />
        )}
      </Card>
      <ConfirmDialog
        title={m.approveTitle}
        confirmLabel={m.approve}
        variant="primary"
        isOpen={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        onConfirm={async () => {
          await decideProposal(getSupabase(), approving!.id, true, null);
          setNote(m.approved);
          proposals.retry();
        }}
      >
        {approving && `${approving.code} — ${approving.title}. ${m.approveBody}`}
      </ConfirmDialog>
      {refusing && (
        <RefuseDialog
          proposal={refusing}
          onClose={() => setRefusing(null)}
          onDone={() => {
            setRefusing(null);
            setNote(m.refused);
            proposals.retry();
          }}
        />
      )}
    </div>
  );
}

function RefuseDialog({ proposal, onClose, onDone }: { proposal: Proposal; onClose: () => void; onDone: () => void }) {
  const m = useMessages(proposalMessages);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={m.refuseTitle} isOpen onOpenChange={(open) => !open && onClose()}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) return setError(m.refuseRequired);
          setBusy(true);
          try {
            await decideProposal(getSupabase(), proposal.id, false, reason.trim());
            onDone();
          } catch (err) {
            toastError(err);
          } finally {
            setBusy(false);
          }
        }}
      >
        <p className="text-sm text-gray-700">
          {proposal.code} — {proposal.title}
        </p>
        <TextArea label={m.refuseReason} value={reason} onChange={setReason} errorMessage={error} isRequired maxLength={2000} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.close}
          </Button>
          <Button type="submit" isPending={busy}>
            {m.refuse}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
