// Students (admin): this academic year's registrations with matricule, programme, level,
// status and balance; filtered by school, programme, level and status on the server; CSV export.
import { useState, type ComponentType } from "react";
import { Input, Label, SearchField } from "react-aria-components";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { inputBox, labelText } from "../ui/styles.ts";
import MfaBanner from "./MfaBanner.tsx";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { fetchAllStudents, fetchStudentFilterOptions, fetchStudents, LEVEL_CODES, REGISTRATION_STATUSES, type StudentFilters, type StudentRow } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { usePeopleQuery } from "../ui/query.ts";

const TONES: Record<StudentRow["status"], Tone> = { active: "success", suspended: "warning", graduated: "info", withdrawn: "neutral" };

export default function AdminStudentsPage({ IdentityCorrections }: { IdentityCorrections: ComponentType }) {
  const m = useMessages(peopleMessages);
  const s = m.students;
  const locale = useLocale();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const filters: StudentFilters = query.filters;
  const options = usePeopleQuery(["student-filter-options"], () => fetchStudentFilterOptions(getSupabase()));
  const students = usePeopleQuery(["students", query.page, query.pageSize, JSON.stringify(filters), JSON.stringify(query.sort)], () =>
    fetchStudents(getSupabase(), filters, query.page, query.pageSize, query.sort),
  );
  const name = (o: { name_fr: string | null; name_en: string | null }) => (locale === "en" ? o.name_en : o.name_fr) ?? "";
  const setFilter = (key: keyof StudentFilters, value: string) => {
    const next = { ...query.filters, [key]: value };
    if (!value) delete next[key];
    setQuery({ ...query, page: 1, filters: next });
  };

  const columns: DataColumn<StudentRow>[] = [
    { id: "matricule", header: s.columns.matricule, sortable: true, cell: (r) => <span className="font-mono">{r.student_number}</span>, csv: (r) => r.student_number },
    { id: "name", header: s.columns.name, sortable: true, cell: (r) => r.full_name },
    { id: "programme", header: s.columns.programme, cell: (r) => name({ name_fr: r.programme_name_fr, name_en: r.programme_name_en }) || "—" },
    { id: "level", header: s.columns.level, sortable: true, cell: (r) => r.level_code ?? "—" },
    { id: "status", header: s.columns.status, cell: (r) => <Badge tone={TONES[r.status]}>{s.statuses[r.status]}</Badge>, csv: (r) => s.statuses[r.status] },
    { id: "balance", header: s.columns.balance, align: "end", sortable: true, cell: (r) => formatXaf(locale, r.balance_xaf), csv: (r) => r.balance_xaf },
  ];

  return (
    <>
      <PageHeader title={s.title} description={s.balanceHint} />
      <MfaBanner />
      <DataTable
        caption={s.title}
        captionHidden
        columns={columns}
        rows={students.data?.rows ?? []}
        total={students.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={students.loading}
        error={students.error}
        onRetry={students.retry}
        getRowId={(r) => r.registration_id}
        fetchAll={() => fetchAllStudents(getSupabase(), filters, query.sort)}
        csvFileName={locale === "en" ? "students.csv" : "etudiants.csv"}
        empty={<EmptyState headingLevel={3} title={s.empty} />}
        filters={
          <>
            <SearchField defaultValue={filters.search ?? ""} onSubmit={(value) => setFilter("search", value.trim())} onClear={() => setFilter("search", "")} className="flex min-w-48 flex-col gap-1">
              <Label className={labelText}>{s.searchLabel}</Label>
              <Input className={inputBox} />
            </SearchField>
            <FilterSelect
              label={s.school}
              allLabel={s.all}
              value={filters.school ?? ""}
              onChange={(v) => setFilter("school", v)}
              options={(options.data?.schools ?? []).map((o) => ({ value: o.slug, label: name(o) }))}
              testId="filter-school"
            />
            <FilterSelect
              label={s.programme}
              allLabel={s.all}
              value={filters.programme ?? ""}
              onChange={(v) => setFilter("programme", v)}
              options={(options.data?.programmes ?? []).map((o) => ({ value: o.slug, label: name(o) }))}
              testId="filter-programme"
            />
            <FilterSelect label={s.level} allLabel={s.all} value={filters.level ?? ""} onChange={(v) => setFilter("level", v)} options={LEVEL_CODES.map((l) => ({ value: l, label: l }))} />
            <FilterSelect
              label={s.status}
              allLabel={s.all}
              value={filters.status ?? ""}
              onChange={(v) => setFilter("status", v)}
              options={REGISTRATION_STATUSES.map((st) => ({ value: st, label: s.statuses[st] }))}
            />
          </>
        }
      />
      <IdentityCorrections />
    </>
  );
}
