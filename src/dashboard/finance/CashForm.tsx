// The cash-desk form of admin/finance: find the billed student, choose the line to settle,
// the amount and the cash-desk slip number; recorded by record_cash_payment, which issues
// the receipt at once.
import { useEffect, useRef, useState } from "react";
import { cashSchema, fieldErrors, francs } from "../../lib/forms/finance.ts";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { ComboBox } from "../ui/ComboBox.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchOpenLines, recordCash, searchBilledStudents, type BilledStudent, type IssuedReceipt, type OpenLine } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";
import { ReceiptButton } from "./ReceiptButton.tsx";

const REGISTRATION = "registration";

export default function CashForm({ onDone }: { onDone: () => void }) {
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
      setLine(first ? (first.instalment_id ?? REGISTRATION) : null);
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
  const error = (key: string) =>
    errors[key] ? fill((m.formErrors as Record<string, string>)[errors[key]] ?? errors[key], { amount: chosen ? formatXaf(locale, chosen.remaining_xaf) : "" }) : undefined;

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
    <>
      {issued && (
        <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          <span>{fill(m.cashRecorded, { number: issued.number })}</span>
          <ReceiptButton receipt={issued} />
        </div>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={m.cashTitle}>
        <ComboBox
          className="sm:col-span-2"
          label={m.student}
          value={student}
          options={found.map((s) => ({ value: s.id, label: `${s.full_name ?? s.id}${s.matricule ? ` (${s.matricule})` : ""}` }))}
          onInputChange={(text) => void search(text)}
          menuTrigger="focus"
          onChange={(v) => {
            setStudent(v);
            setIssued(null);
          }}
          errorMessage={error("student")}
          isRequired
        />
        {student &&
          (linesError ? (
            <div className="sm:col-span-2">
              <ErrorState error={linesError} onRetry={() => void loadLines(student)} />
            </div>
          ) : !lines ? (
            <div className="sm:col-span-2">
              <Skeleton label={m.loadingDues} />
            </div>
          ) : !lines.length ? (
            <p className="text-sm text-gray-700 sm:col-span-2">{m.nothingDue}</p>
          ) : (
            <>
              <Select
                className="sm:col-span-2"
                label={m.line}
                value={line}
                options={lines.map((l) => ({ value: l.instalment_id ?? REGISTRATION, label: label(l) }))}
                onChange={(v) => {
                  setLine(v);
                  const l = lines.find((x) => (x.instalment_id ?? REGISTRATION) === v);
                  if (l) setAmount(String(l.remaining_xaf));
                }}
              />
              <TextField label={m.cashAmount} inputMode="numeric" value={amount} onChange={setAmount} errorMessage={error("amount_xaf")} isRequired />
              <TextField label={m.cashReference} value={reference} onChange={setReference} maxLength={100} errorMessage={error("cash_reference")} isRequired />
              <div className="sm:col-span-2">
                <Button type="submit" isPending={busy}>
                  {m.recordCash}
                </Button>
              </div>
            </>
          ))}
      </form>
    </>
  );
}
