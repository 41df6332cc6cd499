// The admins' view of the outbox: every e-mail and SMS the platform sent, newest first,
// paged on the server, recipients masked (also in the CSV export).
import { formatDateTime } from "../../lib/format.ts";
import { maskRecipient } from "../../lib/messaging/mask.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { useServerTable } from "../ui/useServerTable.ts";
import { listOutbox, type OutboxMessage } from "./data.ts";
import { notificationMessages } from "./messages.ts";

/** The CSV holds at most this many of the newest messages. */
const EXPORT_LIMIT = 2000;

export default function OutboxSection() {
  const m = useMessages(notificationMessages);
  const locale = useLocale();
  const table = useServerTable<OutboxMessage>({
    key: "outbox",
    fetchPage: (query) => listOutbox(getSupabase(), { page: query.page - 1, pageSize: query.pageSize }).then(({ items, total }) => ({ rows: items, count: total })),
  });
  const statusClass = { queued: "bg-gray-100 text-gray-900", logged: "bg-brand-50 text-brand-900", sent: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900" };
  const columns: DataColumn<OutboxMessage>[] = [
    { id: "created_at", header: m.outbox.when, cell: (row) => formatDateTime(locale, row.created_at) },
    { id: "channel", header: m.outbox.channel, cell: (row) => m.outbox.channels[row.channel] },
    { id: "recipient", header: m.outbox.recipient, cell: (row) => <span className="font-mono whitespace-nowrap">{maskRecipient(row.recipient)}</span>, csv: (row) => maskRecipient(row.recipient) },
    {
      id: "body",
      header: m.outbox.body,
      cell: (row) => (
        <span className="block max-w-md">
          {row.subject && <span className="block font-semibold">{row.subject}</span>}
          {row.body}
        </span>
      ),
      csv: (row) => (row.subject ? `${row.subject} — ${row.body}` : row.body),
    },
    {
      id: "status",
      header: m.outbox.status,
      cell: (row) => (
        <>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass[row.status]}`}>{m.outbox.statuses[row.status]}</span>
          {row.error && <span className="mt-1 block text-xs text-red-900">{row.error}</span>}
        </>
      ),
      csv: (row) => m.outbox.statuses[row.status],
    },
    { id: "provider", header: m.outbox.provider, cell: (row) => row.provider ?? "—" },
  ];

  return (
    <Card title={m.outbox.title} description={m.outbox.intro} testId="outbox" className="mt-6">
      <DataTable
        caption={m.outbox.title}
        captionHidden
        columns={columns}
        getRowId={(row) => row.id}
        {...table.tableProps}
        fetchAll={() => listOutbox(getSupabase(), { page: 0, pageSize: EXPORT_LIMIT }).then((r) => r.items)}
        csvFileName={locale === "en" ? "outbox.csv" : "boite-d-envoi.csv"}
        empty={<EmptyState title={m.outbox.empty} headingLevel={3} />}
      />
    </Card>
  );
}
