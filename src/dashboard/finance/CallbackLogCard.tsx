// admin/finance: every operator callback and its fate (payment_callback_log), newest
// first, filtered by outcome — what the bursar shows an auditor asking "who tried to
// credit what". Phone numbers arrive masked from the database.
import { useState } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { scopedQuery } from "../ui/query.ts";
import { CALLBACK_OUTCOMES, fetchCallbackLog, type CallbackOutcome } from "./admin-data.ts";
import { reconciliationMessages } from "./reconciliation-messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const ALL = "all";
const useQuery = scopedQuery("finance-callbacks");

export default function CallbackLogCard() {
  const m = useMessages(reconciliationMessages);
  const locale = useLocale();
  const [filter, setFilter] = useState<string>(ALL);
  const log = useQuery(["log", filter], () => fetchCallbackLog(getSupabase(), filter === ALL ? null : (filter as CallbackOutcome)));
  const rows = log.data;

  const outcomes = m.outcomes as Record<string, string>;
  return (
    <Card title={m.logTitle} description={m.logHelp} testId="callback-log">
      <Select
        label={m.logFilter}
        className="mb-3 max-w-xs"
        value={filter}
        onChange={(v) => setFilter(v ?? ALL)}
        options={[{ value: ALL, label: m.logAll }, ...CALLBACK_OUTCOMES.map((o) => ({ value: o, label: outcomes[o] }))]}
      />
      {log.error ? (
        <ErrorState error={log.error} onRetry={log.retry} />
      ) : !rows ? (
        <Skeleton lines={3} label={m.logLoading} />
      ) : !rows.length ? (
        <p className="text-sm text-gray-700">{m.logEmpty}</p>
      ) : (
        <TableFrame>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  {m.when}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.provider}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.outcome}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.claimed}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.confirmed}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.phone}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {m.credited}
                </th>
                <th scope="col" className="py-1">
                  {m.detail}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="callback-row" data-outcome={r.outcome}>
                  <td className="py-1 pr-2">{formatDateTime(locale, r.received_at)}</td>
                  <td className="py-1 pr-2">{r.provider ?? "—"}</td>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {outcomes[r.outcome] ?? r.outcome}
                  </th>
                  <td className="py-1 pr-2">{r.claimed ? ((m.statuses as Record<string, string>)[r.claimed] ?? r.claimed) : "—"}</td>
                  <td className="py-1 pr-2">{r.confirmed ? ((m.statuses as Record<string, string>)[r.confirmed] ?? r.confirmed) : "—"}</td>
                  <td className="py-1 pr-2 tabular-nums">{r.payer_phone_masked ?? "—"}</td>
                  <td className="py-1 pr-2">{r.credited ? m.yes : "—"}</td>
                  <td className="py-1">{r.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </Card>
  );
}
