// admin/finance's reconciliation queue: open mobile-money payments without an answer for
// 10 minutes and payments the operator contradicts. For an open one the bursar may ask the
// operator now (payments-check) or close it as failed or expired with a reason
// (close_stuck_payment, audited): a stuck payment never blocks a student's line for ever.
import { useState } from "react";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import { closeStuckPayment, type FinancePayment } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";
import { checkPayment } from "./data.ts";
import { reconciliationMessages } from "./reconciliation-messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const isOpen = (p: FinancePayment) => p.status === "created" || p.status === "pending";

export default function ReconciliationCard({ queue, onDone }: { queue: FinancePayment[]; onDone: () => void }) {
  const a = useMessages(adminFinanceMessages);
  const m = useMessages(reconciliationMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const [closing, setClosing] = useState<FinancePayment | null>(null);

  async function recheck(p: FinancePayment) {
    setBusy(p.id);
    setSaid("");
    const result = await checkPayment(getSupabase(), p.id).catch(() => ({ error: "server_error" }));
    setBusy(null);
    if ("error" in result) return setSaid((m.checkErrors as Record<string, string>)[result.error] ?? m.checkErrors.server_error);
    if (result.status === "pending" || result.status === "created") return setSaid(m.stillPending);
    setSaid(fill(m.answered, { status: (m.statuses as Record<string, string>)[result.status] ?? result.status }));
    onDone();
  }

  return (
    <Card title={a.queueTitle} description={a.queueHelp} testId="reconciliation">
      {said && (
        <p role="status" className="mb-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {said}
        </p>
      )}
      {!queue.length ? (
        <p className="text-sm text-gray-700">{a.noQueue}</p>
      ) : (
        <TableFrame>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  {a.date}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {a.payer}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {a.method}
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  {a.amount}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {a.status}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {a.issue}
                </th>
                <th scope="col" className="py-1">
                  <span className="sr-only">{m.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {queue.map((p) => (
                <tr key={p.id} data-testid="queue-row">
                  <td className="py-1 pr-2">{formatDateTime(locale, p.created_at)}</td>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {p.payer_name}
                  </th>
                  <td className="py-1 pr-2">{(a.methods as Record<string, string>)[p.method] ?? p.method}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{formatXaf(locale, p.amount_xaf)}</td>
                  <td className="py-1 pr-2">{(a.statuses as Record<string, string>)[p.status] ?? p.status}</td>
                  <td className="py-1 pr-2">{p.mismatch ?? "—"}</td>
                  <td className="py-1">
                    {isOpen(p) && (
                      <div className="flex flex-wrap gap-2">
                        <Button size="sm" variant="secondary" isPending={busy === p.id} onPress={() => void recheck(p)} aria-label={fill(m.recheckLabel, { name: p.payer_name ?? "" })}>
                          {m.recheck}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onPress={() => {
                            setSaid("");
                            setClosing(p);
                          }}
                          aria-label={fill(m.closeLabel, { name: p.payer_name ?? "" })}
                        >
                          {m.close}
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {closing && (
        <CloseDialog
          payment={closing}
          onClose={() => setClosing(null)}
          onDone={() => {
            setClosing(null);
            setSaid(m.closed);
            onDone();
          }}
        />
      )}
    </Card>
  );
}

function CloseDialog({ payment, onClose, onDone }: { payment: FinancePayment; onClose: () => void; onDone: () => void }) {
  const a = useMessages(adminFinanceMessages);
  const m = useMessages(reconciliationMessages);
  const locale = useLocale();
  const [outcome, setOutcome] = useState<"failed" | "expired">("expired");
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3 || text.length > 500) return setInvalid(true);
    setSending(true);
    try {
      await closeStuckPayment(getSupabase(), payment.id, outcome, text);
      onDone();
    } catch (failure) {
      toastError(failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog title={fill(m.closeTitle, { name: payment.payer_name ?? "" })} isOpen onOpenChange={(open) => !open && onClose()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-gray-800">
          {fill(m.closeIntro, {
            amount: formatXaf(locale, payment.amount_xaf),
            method: (a.methods as Record<string, string>)[payment.method] ?? payment.method,
            since: formatDateTime(locale, payment.created_at),
          })}
        </p>
        <RadioGroup
          label={m.closeAs}
          value={outcome}
          onChange={(v) => setOutcome(v as typeof outcome)}
          orientation="horizontal"
          options={[
            { value: "expired", label: m.closeExpired },
            { value: "failed", label: m.closeFailed },
          ]}
        />
        <TextArea label={m.reason} description={m.reasonHelp} value={reason} onChange={setReason} errorMessage={invalid ? m.reasonError : undefined} isRequired />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="danger" isPending={sending}>
            {m.confirmClose}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
