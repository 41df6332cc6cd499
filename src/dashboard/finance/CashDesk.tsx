// admin/finance: cash taken at the desk (a succeeded payment and its receipt at once) and
// refunds (a cancelling receipt with the reason; a receipt is never edited). Both through
// audited SQL functions that only the bursar (admins) may call; checked here with zod.
import { useEffect, useRef, useState } from "react";
import { cashSchema, fieldErrors, francs, refundSchema } from "../../lib/forms/finance.ts";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ComboBox } from "../ui/ComboBox.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchOpenLines, findRefundable, recordCash, refund, searchBilledStudents, type BilledStudent, type FinancePayment, type IssuedReceipt, type OpenLine } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";

const REGISTRATION = "registration";

function ReceiptButton({ receipt }: { receipt: IssuedReceipt }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { downloadReceipt } = await import("../shared/receipt-pdf.ts");
      await downloadReceipt(receipt, locale);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }
  return <Button size="sm" variant="secondary" isPending={busy} onPress={() => void download()}>{fill(m.downloadReceipt, { number: receipt.number })}</Button>;
}

export function CashCard({ onDone }: { onDone: () => void }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const [found, setFound] = useState<BilledStudent[]>([]);
  const [student, setStudent] = useState<string | null>(null);
  const [lines, setLines] = useState<OpenLine[] | null>(null);
  const [linesError, setLinesError] = useState<unknown>(null);
  const [line, setLine] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedReceipt | null>(null);

  const loadLines = async (id: string) => {
    setLines(null);
    setLinesError(null);
    try {
      const open = await fetchOpenLines(getSupabase(), id);
      setLines(open);
      const first = open[0];
      setLine(first ? first.instalment_id ?? REGISTRATION : null);
      setAmount(first ? String(first.remaining_xaf) : "");
    } catch (failure) {
      setLinesError(failure);
    }
  };
  useEffect(() => {
    if (student) void loadLines(student);
  }, [student]);

  const asked = useRef(0);
  async function search(text: string) {
    const ask = ++asked.current;
    try {
      const answer = await searchBilledStudents(getSupabase(), text);
      if (ask === asked.current) setFound(answer);
    } catch (failure) {
      toastError(failure);
    }
  }

  const chosen = lines?.find((l) => (l.instalment_id ?? REGISTRATION) === line);
  const label = (l: OpenLine) => fill(m.remaining, { label: l.instalment_id ? (locale === "en" ? l.label_en : l.label_fr) : m.registrationLine, amount: formatXaf(locale, l.remaining_xaf) });
  const error = (key: string) => (errors[key] ? fill((m.formErrors as Record<string, string>)[errors[key]] ?? errors[key], { amount: chosen ? formatXaf(locale, chosen.remaining_xaf) : "" }) : undefined);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = cashSchema.safeParse({ student: student ?? "", instalment: line === REGISTRATION ? null : line, amount_xaf: francs(amount), cash_reference: reference });
    const problems = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!problems.amount_xaf && chosen && francs(amount) > chosen.remaining_xaf) problems.amount_xaf = "overpaid";
    if (!parsed.success || Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    setBusy(true);
    try {
      setIssued(await recordCash(getSupabase(), parsed.data));
      setReference("");
      await loadLines(parsed.data.student);
      onDone();
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.cashTitle} description={m.cashHelp} testId="cash">
      {issued && (
        <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          <span>{fill(m.cashRecorded, { number: issued.number })}</span>
          <ReceiptButton receipt={issued} />
        </div>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={m.cashTitle}>
        <ComboBox className="sm:col-span-2" label={m.student} value={student} options={found.map((s) => ({ value: s.id, label: `${s.full_name ?? s.id}${s.matricule ? ` (${s.matricule})` : ""}` }))}
          onInputChange={(text) => void search(text)} menuTrigger="focus" onChange={(v) => { setStudent(v); setIssued(null); }} errorMessage={error("student")} isRequired />
        {student && (linesError ? <div className="sm:col-span-2"><ErrorState error={linesError} onRetry={() => void loadLines(student)} /></div>
          : !lines ? <div className="sm:col-span-2"><Skeleton label={m.loadingDues} /></div>
          : !lines.length ? <p className="text-sm text-gray-700 sm:col-span-2">{m.nothingDue}</p>
          : (
            <>
              <Select className="sm:col-span-2" label={m.line} value={line} options={lines.map((l) => ({ value: l.instalment_id ?? REGISTRATION, label: label(l) }))}
                onChange={(v) => { setLine(v); const l = lines.find((x) => (x.instalment_id ?? REGISTRATION) === v); if (l) setAmount(String(l.remaining_xaf)); }} />
              <TextField label={m.cashAmount} inputMode="numeric" value={amount} onChange={setAmount} errorMessage={error("amount_xaf")} isRequired />
              <TextField label={m.cashReference} value={reference} onChange={setReference} maxLength={100} errorMessage={error("cash_reference")} isRequired />
              <div className="sm:col-span-2"><Button type="submit" isPending={busy}>{m.recordCash}</Button></div>
            </>
          ))}
      </form>
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
        <Button type="submit" variant="secondary">{m.find}</Button>
      </form>
      {error ? <ErrorState error={error} onRetry={() => void search()} /> : results && (!results.length ? <p className="mt-3 text-sm text-gray-700">{m.noPayment}</p> : (
        <ul className="mt-3 divide-y divide-gray-100">
          {results.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium text-gray-900">{p.payer_name} {p.matricule ? `(${p.matricule})` : ""} · {formatXaf(locale, p.amount_xaf)}</p>
                <p className="text-sm text-gray-700">{p.receipt_number} · {locale === "en" ? p.item_en : p.item_fr} · {(m.methods as Record<string, string>)[p.method] ?? p.method} · {p.paid_at ? formatDateTime(locale, p.paid_at) : ""}</p>
              </div>
              {p.status === "refunded" ? <span className="text-sm font-semibold text-gray-800">{m.alreadyRefunded}</span>
                : <Button size="sm" variant="danger" onPress={() => setTarget(p)}>{fill(m.refundButton, { number: p.receipt_number ?? "" })}</Button>}
            </li>
          ))}
        </ul>
      ))}
      {target && <RefundDialog payment={target} onClose={() => setTarget(null)} onDone={async (receipt) => {
        setTarget(null);
        setIssued(receipt);
        await search();
        onDone();
      }} />}
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
        <TextArea label={m.refundReason} description={m.refundReasonHelp} value={reason} onChange={setReason} maxLength={500}
          errorMessage={invalid ? (m.formErrors as Record<string, string>)[invalid] : undefined} isRequired />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>{m.cancel}</Button>
          <Button type="submit" variant="danger" isPending={sending}>{m.confirmRefund}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
