// student/payments: what is due, paid and late per instalment, the balance, "Payer" by
// mobile money (followed live), bank slips, and the history with its receipts (PDF with a
// QR code to the public verification page; pdf-lib loads only on download).
import { useCallback, useEffect, useState } from "react";
import { formatDate, formatDateTime, formatXaf } from "../../lib/format.ts";
import { keepForOffline } from "../../lib/offline/prefetch.ts";
import { readThrough } from "../../lib/offline/read-through.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { useLiveUpdates } from "../ui/data-saver.ts";
import { useShownKey } from "../ui/offline/useShownKey.ts";
import { StatusPill, type Tone } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { cancelPayment, fetchStudentFinance, openPaymentOf, subscribeToPayments, type Due, type StudentFinance } from "./data.ts";
import type { Receipt } from "../shared/receipts-data.ts";
import { financeMessages } from "./messages.ts";
import { outcomeText } from "./outcome.ts";
import OpenPaymentLine from "./OpenPaymentLine.tsx";
import PayDialog, { type LiveStatus } from "./PayDialog.tsx";
import SlipDialog from "./SlipDialog.tsx";
import { TableFrame } from "../ui/TableFrame.tsx";

const STATE_TONE: Record<Due["state"], Tone> = { paid: "success", partial: "info", due: "neutral", late: "danger" };
const PAYMENT_TONE: Record<string, Tone> = { succeeded: "success", pending: "info", created: "info", failed: "danger", expired: "warning", cancelled: "neutral", refunded: "warning" };

export default function StudentPaymentsPage() {
  const m = useMessages(financeMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const [data, setData] = useState<StudentFinance | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [live, setLive] = useState<LiveStatus | null>(null);
  const [paying, setPaying] = useState<Due | null>(null);
  const [slip, setSlip] = useState<Due | null>(null);
  const [notice, setNotice] = useState("");
  const [downloading, setDownloading] = useState<string | null>(null);

  // Saved on the device and read from there offline (issue 24), receipts included: a receipt's
  // PDF is made in the browser from these figures.
  const key = `finance-student-${userId}`;
  useShownKey(key);
  const load = useCallback(async () => {
    try {
      setData(await readThrough(key, () => fetchStudentFinance(getSupabase(), userId)));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [key, userId]);

  useEffect(() => void load(), [load]);
  useLiveUpdates(
    userId,
    () =>
      subscribeToPayments(getSupabase(), userId, (row) => {
        setLive(row);
        void load();
      }),
    () => void load(),
  );

  // Back online: read again. With receipts: the PDF code (pdf-lib, outside the service
  // worker's precache for its size) is fetched once idle, so a receipt opens offline later.
  useEffect(() => {
    const again = () => void load();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [load]);
  const hasReceipts = data?.payments.some((p) => p.receipts.length > 0) ?? false;
  useEffect(() => {
    if (hasReceipts) keepForOffline(() => import("../shared/receipt-pdf.ts"));
  }, [hasReceipts]);

  const label = (due: Due) => (locale === "en" ? due.label_en : due.label_fr);

  async function download(receipt: Receipt) {
    setDownloading(receipt.id);
    try {
      const { downloadReceipt } = await import("../shared/receipt-pdf.ts");
      await downloadReceipt(receipt, locale);
    } catch (failure) {
      toastError(failure);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <>
      <PageHeader title={m.title} description={m.description} />
      {notice && (
        <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {error ? (
        <ErrorState error={error} onRetry={() => void load()} />
      ) : !data ? (
        <Skeleton lines={6} label={m.loading} />
      ) : !data.dues.length ? (
        <EmptyState title={m.noBill} description={m.noBillHint} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card title={m.balanceTitle} testId="balance">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-gray-700">{m.billed}</dt>
                <dd className="text-xl font-semibold tabular-nums">{formatXaf(locale, data.balance.billed_xaf)}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700">{m.paid}</dt>
                <dd className="text-xl font-semibold tabular-nums">{formatXaf(locale, data.balance.paid_xaf)}</dd>
              </div>
              <div>
                <dt className="text-sm text-gray-700">{m.balance}</dt>
                <dd className="text-xl font-bold tabular-nums text-brand-900" data-testid="balance-due">
                  {formatXaf(locale, Math.max(0, data.balance.balance_xaf))}
                </dd>
              </div>
            </dl>
          </Card>

          <Card title={m.duesTitle}>
            <TableFrame>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-gray-200 text-gray-700">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {m.line}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.dueOn}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      {m.amount}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      {m.paidCol}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.state}
                    </th>
                    <th scope="col" className="py-2">
                      {m.actions}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {data.dues.map((due) => {
                    // At most one payment is open per line (open_payment); a paid line shows none.
                    const open = due.state === "paid" ? null : openPaymentOf(due, data.payments);
                    return (
                      <tr key={`${due.student_fee_id}-${due.instalment_id ?? "reg"}`} data-testid="due-row">
                        <th scope="row" className="py-2 pr-3 font-medium text-gray-900">
                          {label(due)}
                          {due.instalment_id && (
                            <span className="block text-xs font-normal text-gray-600">
                              {due.position}/{due.instalment_count}
                            </span>
                          )}
                        </th>
                        <td className="py-2 pr-3">{due.due_on ? formatDate(locale, `${due.due_on}T12:00:00Z`) : m.noDate}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{formatXaf(locale, due.amount_xaf)}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{formatXaf(locale, due.paid_xaf)}</td>
                        <td className="py-2 pr-3">
                          <StatusPill tone={STATE_TONE[due.state]}>{m.states[due.state]}</StatusPill>
                          {open && (
                            <OpenPaymentLine
                              payment={open}
                              line={label(due)}
                              onChanged={(said) => {
                                setNotice(said);
                                void load();
                              }}
                            />
                          )}
                          {due.penalty_xaf > 0 ? (
                            <span className="mt-1 block text-xs text-red-800">{fill(m.penalty, { amount: formatXaf(locale, due.penalty_xaf) })}</span>
                          ) : (
                            due.state === "late" &&
                            due.late_penalty_xaf > 0 && <span className="mt-1 block text-xs text-red-800">{fill(m.penalty, { amount: formatXaf(locale, due.late_penalty_xaf) })}</span>
                          )}
                          {due.penalty_waived_xaf > 0 && (
                            <span className="mt-1 block text-xs text-green-900" data-testid="penalty-waiver">
                              {fill(m.penaltyWaived, { amount: formatXaf(locale, due.penalty_waived_xaf), reason: due.penalty_waiver_reason ?? "" })}
                            </span>
                          )}
                        </td>
                        <td className="py-2" data-label="">
                          {due.remaining_xaf > 0 && !open && (
                            <div className="flex flex-wrap gap-2">
                              <Button
                                size="sm"
                                onPress={() => {
                                  setNotice("");
                                  setPaying(due);
                                }}
                                aria-label={fill(m.payLine, { line: label(due) })}
                              >
                                {m.pay}
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                onPress={() => {
                                  setNotice("");
                                  setSlip(due);
                                }}
                                aria-label={fill(m.slipLine, { line: label(due) })}
                              >
                                {m.slip}
                              </Button>
                            </div>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
          </Card>

          <Card title={m.historyTitle}>
            {!data.payments.length ? (
              <p className="text-sm text-gray-700">{m.noPayment}</p>
            ) : (
              <ul className="divide-y divide-gray-100" data-testid="payment-history">
                {data.payments.map((payment) => (
                  <li key={payment.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="payment-row">
                    <div>
                      <p className="font-medium text-gray-900">
                        {formatXaf(locale, payment.amount_xaf)} · {(m.methods as Record<string, string>)[payment.method] ?? payment.method}{" "}
                        <StatusPill tone={PAYMENT_TONE[payment.status] ?? "neutral"}>{m.paymentStates[payment.status]}</StatusPill>
                      </p>
                      <p className="text-sm text-gray-700">
                        {formatDateTime(locale, payment.paid_at ?? payment.created_at)}
                        {payment.reference ? ` · ${payment.reference}` : ""}
                      </p>
                      {payment.status !== "succeeded" && payment.status !== "pending" && payment.status !== "created" && (
                        <p className="text-sm text-gray-700">
                          {outcomeText(m, payment.status, payment.failure_reason)}
                          {payment.note ? ` ${payment.note}` : ""}
                        </p>
                      )}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {payment.receipts.map((receipt) => (
                        <Button key={receipt.id} size="sm" variant="secondary" isPending={downloading === receipt.id} onPress={() => void download(receipt)}>
                          {fill(m.download, { number: receipt.number })}
                          {receipt.kind === "cancellation" ? ` (${m.cancellation})` : ""}
                        </Button>
                      ))}
                      {payment.status === "pending" && payment.method === "bank_transfer" && (
                        <Button size="sm" variant="ghost" onPress={() => cancelPayment(getSupabase(), payment.id).then(load, (e) => toastError(e))}>
                          {m.cancel}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      {paying && (
        <PayDialog
          due={paying}
          label={label(paying)}
          live={live}
          onClose={() => {
            setPaying(null);
            void load();
          }}
        />
      )}
      {slip && (
        <SlipDialog
          due={slip}
          label={label(slip)}
          studentId={userId}
          onClose={() => setSlip(null)}
          onSent={() => {
            setSlip(null);
            setNotice(m.slipSent);
            void load();
          }}
        />
      )}
    </>
  );
}
