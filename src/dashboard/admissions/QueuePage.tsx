// The reviewers' queue (admin/student-applications, admin/international-applications):
// server-paged, filtered by school, status, nationality, date and name; counts per
// programme and status; bulk decisions on the selected files; CSV export.
import { useState } from "react";
import { Input, Label, SearchField } from "react-aria-components";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../lib/admissions/rules.ts";
import { formatDate } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { cx, inputBox, labelText } from "../ui/styles.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { fetchCounts, fetchQueue, fetchWholeQueue, SCHOOL_KINDS, targetName, type Application, type QueueFilters } from "./data.ts";
import { DecisionForm } from "./DecisionForm.tsx";
import { admissionsMessages } from "./messages.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import { invalidateAdmissions, useAdmissionsQuery } from "../ui/query.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export function QueuePage({ international }: { international: boolean }) {
  const m = useMessages(admissionsMessages);
  const q = m.queue;
  const locale = useLocale();
  const supabase = getSupabase();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery({ sort: { id: "date", desc: true } }));
  const [selected, setSelected] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const filters: QueueFilters = query.filters;
  const page = useAdmissionsQuery(["queue", String(international), query.page, query.pageSize, JSON.stringify(filters), JSON.stringify(query.sort)], () => fetchQueue(supabase, international, query));
  const counts = useAdmissionsQuery(["counts", String(international)], () => fetchCounts(supabase, international));
  const setFilter = (key: keyof QueueFilters, value: string) => {
    const next = { ...query.filters, [key]: value };
    if (!value) delete next[key];
    setQuery({ ...query, page: 1, filters: next });
  };
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const feeLabel = (a: Application) => ((a.fee_xaf ?? 0) === 0 ? m.fee.none : a.fee_paid_at ? m.fee.paid : m.fee.due);

  const columns: DataColumn<Application>[] = [
    {
      id: "select",
      header: "✓",
      cell: (a) => <input type="checkbox" className="h-5 w-5" checked={selected.includes(a.id)} onChange={() => toggle(a.id)} aria-label={fill(q.select, { name: a.full_name })} />,
      csv: () => "",
    },
    {
      id: "name",
      header: q.columns.name,
      sortable: true,
      cell: (a) => (
        <a className="font-medium text-brand-700 underline" href={hrefTo(locale, international ? "admin.international-application" : "admin.student-application", { id: a.id })}>
          {a.full_name}
        </a>
      ),
      csv: (a) => a.full_name,
    },
    { id: "target", header: q.columns.target, cell: (a) => targetName(a, locale) },
    { id: "school", header: q.columns.school, cell: (a) => m.schools[a.kind as keyof typeof m.schools] ?? a.kind },
    { id: "country", header: q.columns.country, cell: (a) => a.country },
    { id: "status", header: q.columns.status, sortable: true, cell: (a) => <StatusBadge status={a.status} />, csv: (a) => m.statuses[a.status] },
    { id: "fee", header: q.columns.fee, cell: (a) => feeLabel(a) },
    { id: "date", header: q.columns.date, sortable: true, cell: (a) => formatDate(locale, a.submitted_at, "short"), csv: (a) => a.submitted_at.slice(0, 10) },
  ];

  // counts: one row per programme, one column per status that occurs
  const statuses = APPLICATION_STATUSES.filter((s) => counts.data?.some((c) => c.status === s));
  const byTarget = new Map<string, { name: string; n: Partial<Record<ApplicationStatus, number>> }>();
  for (const c of counts.data ?? []) {
    const key = c.target_id ?? "-";
    const row = byTarget.get(key) ?? { name: locale === "en" ? c.target_en : c.target_fr, n: {} };
    row.n[c.status] = c.n;
    byTarget.set(key, row);
  }

  return (
    <>
      <PageHeader title={international ? q.internationalTitle : q.studentTitle} description={international ? q.internationalIntro : q.studentIntro} />
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          {notice}
        </p>
      )}
      <DataTable
        caption={international ? q.internationalTitle : q.studentTitle}
        captionHidden
        columns={columns}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={page.loading}
        error={page.error}
        onRetry={page.retry}
        getRowId={(a) => a.id}
        fetchAll={() => fetchWholeQueue(supabase, international, filters)}
        csvFileName={international ? "candidatures-internationales.csv" : "candidatures.csv"}
        empty={<EmptyState headingLevel={3} title={q.empty} />}
        filters={
          <>
            <SearchField defaultValue={filters.search ?? ""} onSubmit={(v) => setFilter("search", v.trim())} onClear={() => setFilter("search", "")} className="flex min-w-48 flex-col gap-1">
              <Label className={labelText}>{q.search}</Label>
              <Input className={inputBox} />
            </SearchField>
            <FilterSelect
              label={q.school}
              allLabel={q.all}
              value={filters.school ?? ""}
              onChange={(v) => setFilter("school", v)}
              options={SCHOOL_KINDS.map((k) => ({ value: k, label: m.schools[k] }))}
            />
            <FilterSelect
              label={q.status}
              allLabel={q.all}
              value={filters.status ?? ""}
              onChange={(v) => setFilter("status", v)}
              options={APPLICATION_STATUSES.filter((s) => s !== "draft").map((s) => ({ value: s, label: m.statuses[s] }))}
              testId="filter-status"
            />
            <DateFilter label={q.nationality} value={filters.nationality ?? ""} onChange={(v) => setFilter("nationality", v)} type="text" />
            <DateFilter label={q.from} value={filters.from ?? ""} onChange={(v) => setFilter("from", v)} />
            <DateFilter label={q.to} value={filters.to ?? ""} onChange={(v) => setFilter("to", v)} />
          </>
        }
      />
      <Card
        title={q.bulk}
        description={countOf(locale, q.selected, selected.length)}
        className="mt-6"
        actions={
          selected.length ? (
            <Button variant="ghost" onPress={() => setSelected([])}>
              {q.clearSelection}
            </Button>
          ) : undefined
        }
      >
        <DecisionForm
          ids={selected}
          onDone={() => {
            setNotice(m.file.decided);
            setSelected([]);
            invalidateAdmissions();
          }}
        />
      </Card>
      <Card title={q.counts} className="mt-6">
        <TableFrame>
          <table className="min-w-full text-sm" data-testid="application-counts">
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left">
                  {q.columns.target}
                </th>
                {statuses.map((s) => (
                  <th key={s} scope="col" className="p-2 text-right">
                    {m.statuses[s]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...byTarget.entries()].map(([key, row]) => (
                <tr key={key} className="border-t border-gray-200">
                  <th scope="row" className="p-2 text-left font-medium">
                    {row.name}
                  </th>
                  {statuses.map((s) => (
                    <td key={s} className="p-2 text-right">
                      {row.n[s] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </Card>
    </>
  );
}

function DateFilter({ label, value, onChange, type = "date" }: { label: string; value: string; onChange: (v: string) => void; type?: "date" | "text" }) {
  const id = `filter-${label.replace(/\W+/g, "-")}`;
  return (
    <div className="flex min-w-36 flex-col gap-1">
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        defaultValue={value}
        maxLength={type === "text" ? 2 : undefined}
        className={cx(inputBox, "min-h-11")}
        onBlur={(e) => e.currentTarget.value !== value && onChange(e.currentTarget.value.trim())}
        onKeyDown={(e) => e.key === "Enter" && onChange(e.currentTarget.value.trim())}
      />
    </div>
  );
}
