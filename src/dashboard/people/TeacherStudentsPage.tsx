// My students (teacher): the students actively enrolled in my courses, by course, with
// their attendance rate and average.
import { useState } from "react";
import { formatMark } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { defaultQuery, pageRange, type TableQuery } from "../ui/table-query.ts";
import type { PageProps } from "../paths.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { fetchMyCourses, fetchMyStudents, type MyStudent } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { usePeopleQuery } from "../ui/query.ts";

export default function TeacherStudentsPage(_: PageProps) {
  const m = useMessages(peopleMessages);
  const t = m.myStudents;
  const locale = useLocale();
  const { userId } = useSignedIn();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const course = query.filters.course ?? "";
  const courses = usePeopleQuery(["my-courses", userId], () => fetchMyCourses(getSupabase(), userId));
  const students = usePeopleQuery(["my-students", course], () => fetchMyStudents(getSupabase(), course || undefined));
  const [from, to] = pageRange(query);
  const percent = (rate: number) => new Intl.NumberFormat(locale === "en" ? "en-GB" : "fr-FR", { style: "percent", maximumFractionDigits: 0 }).format(rate);

  const columns: DataColumn<MyStudent>[] = [
    { id: "name", header: t.columns.name, cell: (r) => <span className="font-medium">{r.full_name || "—"}</span>, csv: (r) => r.full_name },
    { id: "course", header: t.columns.course, cell: (r) => `${r.course_code} — ${r.course_title}` },
    { id: "attendance", header: t.columns.attendance, align: "end", cell: (r) => (r.attendance_rate === null ? t.noData : percent(r.attendance_rate)), csv: (r) => r.attendance_rate ?? "" },
    { id: "average", header: t.columns.average, align: "end", cell: (r) => (r.average === null ? t.noData : formatMark(locale, r.average)), csv: (r) => r.average ?? "" },
  ];
  return (
    <>
      <PageHeader title={t.title} description={t.attendanceHint} />
      <DataTable
        caption={t.title}
        captionHidden
        columns={columns}
        rows={(students.data ?? []).slice(from, to + 1)}
        total={students.data?.length ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={students.loading}
        error={students.error}
        onRetry={students.retry}
        getRowId={(r) => `${r.course_id}:${r.student_id}`}
        fetchAll={async () => students.data ?? []}
        csvFileName={locale === "en" ? "my-students.csv" : "mes-etudiants.csv"}
        empty={<EmptyState headingLevel={3} title={t.empty} />}
        filters={
          <FilterSelect
            label={t.course}
            allLabel={t.allCourses}
            value={course}
            onChange={(v) => setQuery({ ...query, page: 1, filters: v ? { course: v } : {} })}
            options={(courses.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` }))}
            testId="filter-course"
          />
        }
      />
    </>
  );
}
