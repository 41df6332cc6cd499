// The audit log tab ("Journal d'audit"): who did what to whom, newest first, paged on the server.
import { useState } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { fetchAuditLog, fetchNames, type AuditEntry } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { usePeopleQuery } from "../ui/query.ts";

export default function AuditSection() {
  const m = useMessages(peopleMessages);
  const locale = useLocale();
  const a = m.users.audit;
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const log = usePeopleQuery(["audit", query.page, query.pageSize], async () => {
    const page = await fetchAuditLog(getSupabase(), { page: query.page, perPage: query.pageSize });
    const ids = [...new Set(page.rows.filter((r) => r.target_type === "user" && r.target_id).map((r) => r.target_id!))];
    return { ...page, names: await fetchNames(getSupabase(), ids) };
  });
  const actionLabel = (action: string) => (a.actions as Record<string, string>)[action] ?? action;
  const detailsText = (entry: AuditEntry) =>
    Object.entries(entry.details)
      .map(
        ([key, value]) =>
          `${key}: ${key === "role" && typeof value === "string" && value in m.roles ? m.roles[value as keyof typeof m.roles] : Array.isArray(value) ? value.join(", ") : String(value)}`,
      )
      .join(" · ");
  const targetText = (entry: AuditEntry) => (entry.target_type === "user" && entry.target_id ? (log.data?.names.get(entry.target_id) ?? entry.target_id) : (entry.target_id ?? entry.target_type));

  const columns: DataColumn<AuditEntry>[] = [
    { id: "when", header: a.when, cell: (e) => formatDateTime(locale, e.created_at) },
    { id: "who", header: a.who, cell: (e) => e.actor?.full_name || a.system },
    { id: "what", header: a.what, cell: (e) => actionLabel(e.action) },
    { id: "target", header: a.target, cell: (e) => <span className="break-all">{targetText(e)}</span>, csv: (e) => targetText(e) },
    { id: "details", header: a.details, cell: (e) => detailsText(e) },
  ];
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-3 text-xl font-semibold text-brand-900">
        {a.caption}
      </h2>
      <DataTable
        caption={a.caption}
        captionHidden
        columns={columns}
        rows={log.data?.rows ?? []}
        total={log.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={log.loading}
        error={log.error}
        onRetry={log.retry}
        getRowId={(e) => e.id}
        empty={<EmptyState headingLevel={3} title={a.empty} />}
      />
    </section>
  );
}
