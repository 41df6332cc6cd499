// admin/finance: cash taken at the desk (a succeeded payment and its receipt at once) and
// refunds (a cancelling receipt with the reason; a receipt is never edited). Both through
// audited SQL functions that only the bursar (admins) may call; checked here with zod.
// The cash form (CashForm.tsx: its student search is react-aria's ComboBox, about 40 KB gzip
// with its list and popover) loads when the bursar starts a cash payment.
import { lazy, useState } from "react";
import { refundSchema } from "../../lib/forms/finance.ts";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { OpenOnRequest } from "../ui/OpenOnRequest.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { findRefundable, refund, type FinancePayment, type IssuedReceipt } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";
import { ReceiptButton } from "./ReceiptButton.tsx";

const CashForm = lazy(() => import("./CashForm.tsx"));

export function CashCard({ onDone }: { onDone: () => void }) {
  const m = useMessages(adminFinanceMessages);
  return (
    <Card title={m.cashTitle} description={m.cashHelp} testId="cash">
      <OpenOnRequest label={m.cashOpen}>
        <CashForm onDone={onDone} />
      </OpenOnRequest>
    </Card>
  );
}

export function RefundCard({ onDone }: { onDone: () => void }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const [text, setText] = useState("");
  const [results, setResults] = useState<FinancePayment[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [target, setTarget] = useState<FinancePayment | null>(null);
  const [issued, setIssued] = useState<IssuedReceipt | null>(null);

  async function search(event?: { preventDefault(): void }) {
    event?.preventDefault();
    try {
      setResults(await findRefundable(getSupabase(), text));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <Card title={m.refundTitle} description={m.refundHelp} testId="refund">
      {issued && (
        <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          <span>{fill(m.refunded, { number: issued.number })}</span>
          <ReceiptButton receipt={issued} />
        </div>
      )}
      <form onSubmit={(e) => void search(e)} className="flex flex-wrap items-end gap-3" aria-label={m.refundTitle}>
        <TextField label={m.findPayment} value={text} onChange={setText} maxLength={100} />
        <Button type="submit" variant="secondary">
          {m.find}
        </Button>
      </form>
      {error ? (
        <ErrorState error={error} onRetry={() => void search()} />
      ) : (
        results &&
        (!results.length ? (
          <p className="mt-3 text-sm text-gray-700">{m.noPayment}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {results.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-medium text-gray-900">
                    {p.payer_name} {p.matricule ? `(${p.matricule})` : ""} · {formatXaf(locale, p.amount_xaf)}
                  </p>
                  <p className="text-sm text-gray-700">
                    {p.receipt_number} · {locale === "en" ? p.item_en : p.item_fr} · {(m.methods as Record<string, string>)[p.method] ?? p.method} ·{" "}
                    {p.paid_at ? formatDateTime(locale, p.paid_at) : ""}
                  </p>
                </div>
                {p.status === "refunded" ? (
                  <span className="text-sm font-semibold text-gray-800">{m.alreadyRefunded}</span>
                ) : (
                  <Button size="sm" variant="danger" onPress={() => setTarget(p)}>
                    {fill(m.refundButton, { number: p.receipt_number ?? "" })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))
      )}
      {target && (
        <RefundDialog
          payment={target}
          onClose={() => setTarget(null)}
          onDone={async (receipt) => {
            setTarget(null);
            setIssued(receipt);
            await search();
            onDone();
          }}
        />
      )}
    </Card>
  );
}

function RefundDialog({ payment, onClose, onDone }: { payment: FinancePayment; onClose: () => void; onDone: (receipt: IssuedReceipt) => Promise<void> }) {
  const m = useMessages(adminFinanceMessages);
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = refundSchema.safeParse({ reason });
    if (!parsed.success) return setInvalid(parsed.error.issues[0].message);
    setInvalid(null);
    setSending(true);
    try {
      await onDone(await refund(getSupabase(), payment.id, parsed.data.reason));
    } catch (failure) {
      toastError(failure);
    } finally {
      setSending(false);
    }
  }
  return (
    <Dialog title={fill(m.refundDialog, { name: payment.payer_name ?? "" })} isOpen onOpenChange={(open) => !open && onClose()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea
          label={m.refundReason}
          description={m.refundReasonHelp}
          value={reason}
          onChange={setReason}
          maxLength={500}
          errorMessage={invalid ? (m.formErrors as Record<string, string>)[invalid] : undefined}
          isRequired
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="danger" isPending={sending}>
            {m.confirmRefund}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
