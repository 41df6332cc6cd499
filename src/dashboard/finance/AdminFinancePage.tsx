// admin/finance (the bursar): the period's collections by channel, school and programme,
// outstanding and late balances, late penalties to waive, bank slips to approve or reject with a reason, the
// reconciliation queue, the accountant's CSV export and the daily closing.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { doualaDay, formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { downloadText, toCsv } from "../ui/csv.ts";
import { DateInput } from "../ui/DateInput.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import CallbackLogCard from "./CallbackLogCard.tsx";
import ReconciliationCard from "./ReconciliationCard.tsx";
import { fetchPeriodPayments, fetchQueue, fetchSlips, fetchSummary, reviewSlip, type FinancePayment, type FinanceSummary } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";
import { CashCard, RefundCard } from "./CashDesk.tsx";
import { PenaltiesCard } from "./PenaltiesCard.tsx";
import { slipReviewMessages } from "./slip-review-messages.ts";

interface Loaded {
  summary: FinanceSummary;
  slips: FinancePayment[];
  queue: FinancePayment[];
}

// A slip's review (its image, approve or reject) loads with its dialog.
const SlipReviewDialog = lazy(() => import("./SlipReviewDialog.tsx"));

export default function AdminFinancePage() {
  const m = useMessages(adminFinanceMessages);
  const review = useMessages(slipReviewMessages);
  const locale = useLocale();
  const today = doualaDay(new Date());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState("");
  const [rejecting, setRejecting] = useState<FinancePayment | null>(null);
  const [reviewing, setReviewing] = useState<FinancePayment | null>(null);

  const load = useCallback(async (start: string, end: string) => {
    try {
      const supabase = getSupabase();
      const [summary, slips, queue] = await Promise.all([fetchSummary(supabase, start, end), fetchSlips(supabase), fetchQueue(supabase)]);
      setData({ summary, slips, queue });
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, []);
  useEffect(() => void load(today, today), [load, today]);

  async function exportCsv(start: string, end: string, name: string) {
    try {
      const rows = await fetchPeriodPayments(getSupabase(), start, end);
      const csv = await toCsv(
        [...m.csv],
        rows.map((p) => [
          formatDateTime(locale, p.created_at),
          p.paid_at ? formatDateTime(locale, p.paid_at) : "",
          p.payer_name,
          p.matricule,
          p.school_fr,
          locale === "en" ? p.programme_en : p.programme_fr,
          locale === "en" ? p.item_en : p.item_fr,
          (m.methods as Record<string, string>)[p.method] ?? p.method,
          p.amount_xaf,
          (m.statuses as Record<string, string>)[p.status] ?? p.status,
          p.reference,
          p.receipt_number,
          p.failure_reason ?? p.note,
        ]),
      );
      downloadText(name, csv);
    } catch (failure) {
      toastError(failure);
    }
  }

  const groupLabel = (g: { key: string; key_en?: string }) => (locale === "en" && g.key_en ? g.key_en : ((m.methods as Record<string, string>)[g.key] ?? g.key));

  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          <Button variant="secondary" onPress={() => void exportCsv(today, today, `cloture-${today}.csv`)}>
            {m.closing}
          </Button>
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      <form
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void load(from, to);
        }}
      >
        {/* The browser's date fields: a filter of the first screen, without a date picker's weight. */}
        <DateInput label={m.from} value={from} onChange={(v) => v && setFrom(v)} maxValue={to} />
        <DateInput label={m.to} value={to} onChange={(v) => v && setTo(v)} minValue={from} />
        <Button type="submit">{m.show}</Button>
        <Button variant="secondary" onPress={() => void exportCsv(from, to, `paiements-${from}-${to}.csv`)}>
          {m.exportCsv}
        </Button>
      </form>
      {error ? (
        <ErrorState error={error} onRetry={() => void load(from, to)} />
      ) : !data ? (
        <Skeleton lines={6} label={m.loading} />
      ) : (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid="finance-figures">
            <div className="rounded-xl border border-gray-200 bg-white p-4">
              <dt className="text-sm text-gray-700">{m.collected}</dt>
              <dd className="text-2xl font-bold tabular-nums text-brand-900">{formatXaf(locale, data.summary.total_xaf)}</dd>
              <dd className="text-sm text-gray-700">{countOf(locale, m.payments, data.summary.count)}</dd>
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-4">
              <dt className="text-sm text-gray-700">{m.outstanding}</dt>
              <dd className="text-2xl font-bold tabular-nums text-brand-900">{formatXaf(locale, data.summary.outstanding_xaf)}</dd>
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-4">
              <dt className="text-sm text-gray-700">{m.late}</dt>
              <dd className="text-2xl font-bold tabular-nums text-red-800">{formatXaf(locale, data.summary.late_xaf)}</dd>
              <dd className="text-sm text-gray-700">{countOf(locale, m.lateStudents, data.summary.late_students)}</dd>
            </div>
          </dl>

          <div className="grid gap-6 lg:grid-cols-3">
            {(
              [
                ["byChannel", data.summary.by_channel],
                ["bySchool", data.summary.by_school],
                ["byProgramme", data.summary.by_programme],
              ] as const
            ).map(([key, groups]) => (
              <Card key={key} title={m[key]}>
                {!groups.length ? (
                  <p className="text-sm text-gray-700">{m.none}</p>
                ) : (
                  <table className="w-full text-left text-sm">
                    <thead>
                      <tr>
                        <th scope="col" className="py-1 pr-2">
                          {m[key]}
                        </th>
                        <th scope="col" className="py-1 pr-2 text-right">
                          {m.count}
                        </th>
                        <th scope="col" className="py-1 text-right">
                          {m.total}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-gray-100">
                      {groups.map((g) => (
                        <tr key={g.key}>
                          <th scope="row" className="py-1 pr-2 font-normal">
                            {groupLabel(g)}
                          </th>
                          <td className="py-1 pr-2 text-right tabular-nums">{g.count}</td>
                          <td className="py-1 text-right tabular-nums">{formatXaf(locale, g.total_xaf)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Card>
            ))}
          </div>

          <Card title={m.slipsTitle} testId="slips">
            {!data.slips.length ? (
              <p className="text-sm text-gray-700">{m.noSlip}</p>
            ) : (
              <ul className="divide-y divide-gray-100">
                {data.slips.map((slip) => (
                  <li key={slip.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="slip-row">
                    <div>
                      <p className="font-medium text-gray-900">
                        {slip.payer_name} {slip.matricule ? `(${slip.matricule})` : ""} · {formatXaf(locale, slip.amount_xaf)}
                      </p>
                      <p className="text-sm text-gray-700">
                        {locale === "en" ? slip.item_en : slip.item_fr} · {m.reference} {slip.reference ?? "—"} · {formatDateTime(locale, slip.created_at)}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" onPress={() => setReviewing(slip)}>
                        {fill(review.review, { name: slip.payer_name ?? "" })}
                      </Button>
                      <Button size="sm" variant="danger" onPress={() => setRejecting(slip)}>
                        {m.reject}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <div className="grid gap-6 lg:grid-cols-2">
            <CashCard onDone={() => void load(from, to)} />
            <RefundCard onDone={() => void load(from, to)} />
          </div>

          <PenaltiesCard onDone={() => void load(from, to)} />

          <ReconciliationCard queue={data.queue} onDone={() => void load(from, to)} />
          <CallbackLogCard />
        </div>
      )}
      {reviewing && (
        <Suspense fallback={<DialogLoading />}>
          <SlipReviewDialog
            slip={reviewing}
            onClose={() => setReviewing(null)}
            onReject={() => {
              setRejecting(reviewing);
              setReviewing(null);
            }}
            onDecided={async (outcome) => {
              setReviewing(null);
              setNotice(outcome === "approved" ? m.approved : review.alreadyDecided);
              await load(from, to);
            }}
          />
        </Suspense>
      )}
      {rejecting && (
        <RejectDialog
          slip={rejecting}
          onClose={() => setRejecting(null)}
          onDone={async () => {
            setRejecting(null);
            setNotice(m.rejected);
            await load(from, to);
          }}
        />
      )}
    </>
  );
}

function RejectDialog({ slip, onClose, onDone }: { slip: FinancePayment; onClose: () => void; onDone: () => Promise<void> }) {
  const m = useMessages(adminFinanceMessages);
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (reason.trim().length < 3) return setInvalid(true);
    setSending(true);
    try {
      await reviewSlip(getSupabase(), slip.id, false, reason.trim());
      await onDone();
    } catch (failure) {
      toastError(failure);
    } finally {
      setSending(false);
    }
  }
  return (
    <Dialog title={fill(m.rejectTitle, { name: slip.payer_name ?? "" })} isOpen onOpenChange={(open) => !open && onClose()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea label={m.reason} description={m.reasonHelp} value={reason} onChange={setReason} errorMessage={invalid ? m.reasonError : undefined} isRequired />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="danger" isPending={sending}>
            {m.confirmReject}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
