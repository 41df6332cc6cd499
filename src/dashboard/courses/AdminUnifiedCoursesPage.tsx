// admin/unified-course-management: every course of the three schools in one server-paged
// table, filtered by school, semester, programme, level, teacher and status; CSV export; a
// bulk action (publish, back to draft, hand to a teacher, move to a semester) applied to
// every course matching the filters after a confirmation, and audited.
import { useState } from "react";
import { Input, Label, SearchField } from "react-aria-components";
import { formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { invalidateSchedule, useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { CourseProposalsCard } from "./CourseProposalsCard.tsx";
import { inputBox, labelText } from "../ui/styles.ts";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { adminCoursesMessages } from "./admin-messages.ts";
import { bulkUpdateCourses, fetchAdminCourses, fetchAllAdminCourses, type AdminCourseFilters, type AdminCourseRow, type BulkAction } from "./data.ts";
import { wizardChoices } from "../shared/course-lists-data.ts";

const LEVELS = ["L1", "L2", "L3", "M1", "M2"];

export default function AdminUnifiedCoursesPage() {
  const m = useMessages(adminCoursesMessages);
  const locale = useLocale();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const [version, setVersion] = useState(0);
  const filters = query.filters as AdminCourseFilters;
  const options = useScheduleQuery(["wizard-choices"], () => wizardChoices(getSupabase()));
  const courses = useScheduleQuery(["admin-courses", version, query.page, query.pageSize, JSON.stringify(filters), JSON.stringify(query.sort)], () =>
    fetchAdminCourses(getSupabase(), filters, query.page, query.pageSize, query.sort),
  );
  const name = (o: { name_fr: string; name_en: string }) => (locale === "fr" ? o.name_fr : o.name_en);
  const setFilter = (key: keyof AdminCourseFilters, value: string) => {
    const next = { ...query.filters, [key]: value };
    if (!value) delete next[key];
    setQuery({ ...query, page: 1, filters: next });
  };
  const columns: DataColumn<AdminCourseRow>[] = [
    {
      id: "code",
      header: m.columns.code,
      sortable: true,
      cell: (r) => (
        <a className="font-mono text-brand-800 underline-offset-2 hover:underline" href={hrefTo(locale, "admin.course-management.course", { courseId: r.id })}>
          {r.code}
        </a>
      ),
      csv: (r) => r.code,
    },
    { id: "title", header: m.columns.title, sortable: true, cell: (r) => r.title },
    { id: "school", header: m.columns.school, cell: (r) => name(r.school) },
    { id: "programme", header: m.columns.programme, cell: (r) => (r.programme ? name(r.programme) : "—") },
    { id: "level", header: m.columns.level, sortable: true, cell: (r) => r.level_code ?? "—" },
    { id: "semester", header: m.columns.semester, cell: (r) => (r.semester ? name(r.semester) : "—") },
    { id: "teacher", header: m.columns.teacher, cell: (r) => r.teacher?.full_name ?? m.noTeacher },
    { id: "students", header: m.columns.students, align: "end", cell: (r) => formatNumber(locale, r.enrolments[0]?.count ?? 0), csv: (r) => r.enrolments[0]?.count ?? 0 },
    { id: "credits", header: m.columns.credits, align: "end", sortable: true, cell: (r) => r.credits },
    {
      id: "status",
      header: m.columns.status,
      cell: (r) => <Badge tone={r.is_published ? "success" : "neutral"}>{r.is_published ? m.published : m.draft}</Badge>,
      csv: (r) => (r.is_published ? m.published : m.draft),
    },
  ];
  const o = options.data;
  return (
    <>
      <PageHeader title={useRouteTitle("admin.unified-course-management")} description={m.intro} actions={<LinkButton href={hrefTo(locale, "admin.create-course")}>{m.create}</LinkButton>} />
      <CourseProposalsCard />
      <DataTable
        caption={useRouteTitle("admin.unified-course-management")}
        captionHidden
        columns={columns}
        rows={courses.data?.rows ?? []}
        total={courses.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={courses.loading}
        error={courses.error}
        onRetry={courses.retry}
        getRowId={(r) => r.id}
        fetchAll={() => fetchAllAdminCourses(getSupabase(), filters, query.sort)}
        csvFileName={locale === "en" ? "courses.csv" : "cours.csv"}
        empty={<EmptyState headingLevel={3} title={m.empty} />}
        filters={
          <>
            <SearchField defaultValue={filters.search ?? ""} onSubmit={(v) => setFilter("search", v.trim())} onClear={() => setFilter("search", "")} className="flex min-w-48 flex-col gap-1">
              <Label className={labelText}>{m.search}</Label>
              <Input className={inputBox} />
            </SearchField>
            <FilterSelect
              label={m.school}
              allLabel={m.all}
              value={filters.school ?? ""}
              onChange={(v) => setFilter("school", v)}
              options={(o?.schools ?? []).map((s) => ({ value: s.slug, label: name(s) }))}
              testId="filter-school"
            />
            <FilterSelect
              label={m.semester}
              allLabel={m.all}
              value={filters.semester ?? ""}
              onChange={(v) => setFilter("semester", v)}
              options={(o?.semesters ?? []).map((s) => ({ value: s.id, label: `${name(s)} ${s.academic_year.label}` }))}
            />
            <FilterSelect
              label={m.programme}
              allLabel={m.all}
              value={filters.programme ?? ""}
              onChange={(v) => setFilter("programme", v)}
              options={(o?.programmes ?? []).map((p) => ({ value: p.slug, label: name(p) }))}
              testId="filter-programme"
            />
            <FilterSelect label={m.level} allLabel={m.all} value={filters.level ?? ""} onChange={(v) => setFilter("level", v)} options={LEVELS.map((l) => ({ value: l, label: l }))} />
            <FilterSelect
              label={m.teacher}
              allLabel={m.all}
              value={filters.teacher ?? ""}
              onChange={(v) => setFilter("teacher", v)}
              options={[{ value: "none", label: m.noTeacher }, ...(o?.teachers ?? []).map((t) => ({ value: t.id, label: t.full_name }))]}
              testId="filter-teacher"
            />
            <FilterSelect
              label={m.status}
              allLabel={m.all}
              value={filters.status ?? ""}
              onChange={(v) => setFilter("status", v)}
              options={[
                { value: "published", label: m.published },
                { value: "draft", label: m.draft },
              ]}
              testId="filter-status"
            />
          </>
        }
      />
      <BulkActions
        total={courses.data?.total ?? 0}
        teachers={(o?.teachers ?? []).map((t) => ({ value: t.id, label: t.full_name }))}
        semesters={(o?.semesters ?? []).map((s) => ({ value: s.id, label: `${name(s)} ${s.academic_year.label}` }))}
        apply={async (action) => {
          const ids = (await fetchAllAdminCourses(getSupabase(), filters, null)).map((r) => r.id);
          const n = await bulkUpdateCourses(getSupabase(), ids, action);
          setVersion((v) => v + 1);
          invalidateSchedule();
          return n;
        }}
      />
    </>
  );
}

function BulkActions({
  total,
  teachers,
  semesters,
  apply,
}: {
  total: number;
  teachers: { value: string; label: string }[];
  semesters: { value: string; label: string }[];
  apply: (action: BulkAction) => Promise<number>;
}) {
  const m = useMessages(adminCoursesMessages);
  const locale = useLocale();
  const [kind, setKind] = useState<BulkAction["kind"]>("publish");
  const [target, setTarget] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const needsTarget = kind === "teacher" || kind === "semester";
  const action = (): BulkAction => (kind === "teacher" ? { kind, teacherId: target === "none" ? null : target } : kind === "semester" ? { kind, semesterId: target } : { kind });
  return (
    <Card title={m.bulkTitle} description={countOf(locale, m.bulkIntro, total)} className="mt-6" testId="bulk-actions">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label={m.action}
          allLabel={m.actions.publish}
          value={kind === "publish" ? "" : kind}
          onChange={(v) => {
            setKind((v || "publish") as BulkAction["kind"]);
            setTarget("");
          }}
          options={(["unpublish", "teacher", "semester"] as const).map((k) => ({ value: k, label: m.actions[k] }))}
          testId="bulk-action"
        />
        {needsTarget && (
          <FilterSelect
            label={m.target}
            allLabel="—"
            value={target}
            onChange={setTarget}
            options={kind === "teacher" ? [{ value: "none", label: m.noTeacher }, ...teachers] : semesters}
            testId="bulk-target"
          />
        )}
        <Button
          onPress={() => {
            if (needsTarget && !target) return setError(m.pickTarget);
            setError("");
            setConfirming(true);
          }}
          isDisabled={total === 0}
        >
          {m.apply}
        </Button>
      </div>
      {error && <p className="mt-2 text-red-800">{error}</p>}
      <p role="status" className="mt-2 text-green-800">
        {note}
      </p>
      <ConfirmDialog
        title={countOf(locale, m.confirmTitle, total)}
        confirmLabel={m.apply}
        variant="primary"
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={async () => setNote(countOf(locale, m.done, await apply(action())))}
      >
        {m.confirmBody}
      </ConfirmDialog>
    </Card>
  );
}
