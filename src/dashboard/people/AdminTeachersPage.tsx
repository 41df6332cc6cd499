// Teachers (admin): each teacher's profile, the courses they teach and this week's hours.
import { useState } from "react";
import { formatNumber } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import type { PageProps } from "../paths.ts";
import MfaBanner from "./MfaBanner.tsx";
import { fetchTeachers, type TeacherRow } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { usePeopleQuery } from "../ui/query.ts";

export default function AdminTeachersPage(_: PageProps) {
  const m = useMessages(peopleMessages);
  const t = m.teachers;
  const locale = useLocale();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const teachers = usePeopleQuery(["teachers", query.page, query.pageSize], () => fetchTeachers(getSupabase(), { page: query.page, perPage: query.pageSize }));
  const columns: DataColumn<TeacherRow>[] = [
    { id: "name", header: t.columns.name, cell: (r) => <span className="font-medium">{r.full_name || "—"}</span>, csv: (r) => r.full_name },
    { id: "phone", header: t.columns.phone, cell: (r) => r.phone ?? "—" },
    {
      id: "courses",
      header: t.columns.courses,
      csv: (r) => r.courses.map((c) => c.code).join(" "),
      cell: (r) =>
        r.courses.length ? (
          <ul className="space-y-1">
            {r.courses.map((c) => (
              <li key={c.id}>
                <span className="font-mono text-xs">{c.code}</span> {c.title}
              </li>
            ))}
          </ul>
        ) : (
          t.noCourse
        ),
    },
    { id: "hours", header: t.columns.hours, align: "end", cell: (r) => fill(t.hours, { hours: formatNumber(locale, r.weekly_hours) }), csv: (r) => r.weekly_hours },
  ];
  return (
    <>
      <PageHeader title={t.title} />
      <MfaBanner />
      <DataTable
        caption={t.title}
        captionHidden
        columns={columns}
        rows={teachers.data?.rows ?? []}
        total={teachers.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={teachers.loading}
        error={teachers.error}
        onRetry={teachers.retry}
        getRowId={(r) => r.teacher_id}
        empty={<EmptyState headingLevel={3} title={t.empty} />}
      />
    </>
  );
}
