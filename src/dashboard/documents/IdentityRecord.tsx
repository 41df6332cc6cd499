// student/documents: the identity my documents print (the registrar's record), and a
// request to correct it, with its justification; the registrar decides (admin/students).
import { useState, type FormEvent } from "react";
import { doualaDay, formatDate } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchMyIdentity, requestCorrection, withdrawCorrection, type StudentIdentity } from "./identity-data.ts";
import { identityMessages } from "./identity-messages.ts";
import { checkProposal, type ProposalProblem } from "./identity-rules.ts";

export function IdentityRecord() {
  const m = useMessages(identityMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const record = useScheduleQuery(["my-identity", userId], () => fetchMyIdentity(getSupabase(), userId));
  const [asking, setAsking] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [notice, setNotice] = useState("");
  const birth = (date: string | null) => (date ? formatDate(locale, date) : m.unknown);

  if (record.error)
    return (
      <Card title={m.title}>
        <ErrorState error={record.error} onRetry={record.retry} />
      </Card>
    );
  if (!record.data)
    return (
      <Card title={m.title}>
        <Skeleton lines={3} />
      </Card>
    );
  const { identity, requests } = record.data;
  const pending = requests.find((r) => r.status === "pending");
  const decided = requests.find((r) => r.status === "approved" || r.status === "rejected");
  return (
    <Card title={m.title} description={m.intro} testId="my-identity">
      {!identity ? (
        <p className="text-gray-700">{m.noRecord}</p>
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-gray-700">{m.legalName}</dt>
              <dd className="font-semibold" data-testid="legal-name">
                {identity.legal_name}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-700">{m.birthDate}</dt>
              <dd className="font-semibold">{birth(identity.birth_date)}</dd>
            </div>
            <div>
              <dt className="text-sm text-gray-700">{m.birthPlace}</dt>
              <dd className="font-semibold">{identity.birth_place ?? m.unknown}</dd>
            </div>
          </dl>
          <p role="status" className="mt-2 text-sm text-green-900">
            {notice}
          </p>
          {decided && !pending && (
            <p className="mt-2 text-sm text-gray-800">
              {decided.status === "approved"
                ? fill(m.approved, { date: formatDate(locale, decided.decided_at!) })
                : fill(m.rejected, { date: formatDate(locale, decided.decided_at!), note: decided.decision_note ?? "" })}
            </p>
          )}
          {pending ? (
            <div className="mt-3 rounded-md bg-amber-50 p-3 text-amber-950" data-testid="pending-correction">
              <p className="text-sm">{fill(m.pending, { date: formatDate(locale, pending.requested_at) })}</p>
              <p className="font-semibold">
                {pending.legal_name} — {birth(pending.birth_date)}, {pending.birth_place ?? m.unknown}
              </p>
              <p className="text-sm italic">{pending.reason}</p>
              <Button size="sm" variant="secondary" className="mt-2" onPress={() => setWithdrawing(true)}>
                {m.withdraw}
              </Button>
              <ConfirmDialog
                title={m.withdrawTitle}
                confirmLabel={m.withdraw}
                isOpen={withdrawing}
                onOpenChange={setWithdrawing}
                onConfirm={async () => {
                  try {
                    await withdrawCorrection(getSupabase(), pending.id);
                    setNotice("");
                    record.retry();
                  } catch (error) {
                    toastError(error);
                  }
                }}
              >
                {m.withdrawBody}
              </ConfirmDialog>
            </div>
          ) : asking ? (
            <CorrectionForm
              identity={identity}
              onDone={(sent) => {
                setAsking(false);
                if (sent) {
                  setNotice(m.sent);
                  record.retry();
                }
              }}
            />
          ) : (
            <Button size="sm" variant="secondary" className="mt-3" onPress={() => setAsking(true)}>
              {m.ask}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function CorrectionForm({ identity, onDone }: { identity: StudentIdentity; onDone: (sent: boolean) => void }) {
  const m = useMessages(identityMessages);
  const [values, setValues] = useState({
    legal_name: identity.legal_name,
    birth_date: identity.birth_date ?? "",
    birth_place: identity.birth_place ?? "",
    reason: "",
  });
  const [problems, setProblems] = useState<ProposalProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const error = (key: ProposalProblem) => (problems.includes(key) ? m.errors[key] : undefined);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkProposal(values, identity, doualaDay(new Date()));
    if (!checked.ok) return setProblems(checked.problems);
    setProblems([]);
    setBusy(true);
    try {
      await requestCorrection(getSupabase(), checked.proposal);
      onDone(true);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-3" aria-label={m.ask} data-testid="correction-form">
      <TextField label={m.legalName} isRequired maxLength={200} value={values.legal_name} onChange={set("legal_name")} errorMessage={error("legalName")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={m.birthDate} description={m.birthDateHelp} inputMode="numeric" maxLength={10} value={values.birth_date} onChange={set("birth_date")} errorMessage={error("birthDate")} />
        <TextField label={m.birthPlace} maxLength={100} value={values.birth_place} onChange={set("birth_place")} errorMessage={error("birthPlace")} />
      </div>
      <TextArea label={m.reason} description={m.reasonHelp} isRequired maxLength={1000} value={values.reason} onChange={set("reason")} errorMessage={error("reason")} />
      {problems.includes("unchanged") && (
        <p role="alert" className="text-sm text-red-800">
          {m.errors.unchanged}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" isPending={busy}>
          {m.send}
        </Button>
        <Button variant="secondary" onPress={() => onDone(false)}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}
