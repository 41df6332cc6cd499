// admin/student-enrollments: accepted applicants become students in one atomic step
// (admit_application: student role, matricule, registration, current semester's courses);
// a registered one's certificate of enrolment; below, continuing students re-registered for a
// new year (ReregistrationSection.tsx).
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import type { PageProps } from "../paths.ts";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { CertificateButton } from "./CertificateButton.tsx";
import { admissionCourseCount, admit, fetchAccepted, fetchMatricules, fetchRegistrationIds, targetName, type Application } from "./data.ts";
import { admissionsMessages } from "./messages.ts";
import { ReregistrationSection } from "./ReregistrationSection.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { invalidateAdmissions, useAdmissionsQuery } from "../ui/query.ts";

export default function AdminEnrollmentsPage(_: PageProps) {
  const m = useMessages(admissionsMessages);
  const e = m.enrol;
  const locale = useLocale();
  const supabase = getSupabase();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery({ filters: { status: "admitted" } }));
  const [admitting, setAdmitting] = useState<Application | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Said before confirming: how many current-semester courses the registration brings.
  const courseCount = useAdmissionsQuery(["admission-courses", admitting?.id ?? ""], () => (admitting ? admissionCourseCount(supabase, admitting.id) : Promise.resolve(null)));
  const page = useAdmissionsQuery(["accepted", query.page, query.pageSize, JSON.stringify(query.filters)], async () => {
    const result = await fetchAccepted(supabase, query);
    const enrolled = result.rows.filter((r) => r.status === "enrolled").map((r) => r.id);
    const [matricules, registrations] = await Promise.all([fetchMatricules(supabase, enrolled), fetchRegistrationIds(supabase, enrolled)]);
    return { ...result, matricules, registrations };
  });

  const columns: DataColumn<Application>[] = [
    { id: "name", header: e.columns.name, cell: (a) => a.full_name },
    { id: "target", header: e.columns.target, cell: (a) => targetName(a, locale) },
    { id: "level", header: e.columns.level, cell: (a) => a.admitted_level_code ?? a.level_code ?? "—" },
    { id: "status", header: e.columns.status, cell: (a) => <StatusBadge status={a.status} />, csv: (a) => m.statuses[a.status] },
    { id: "matricule", header: e.columns.matricule, cell: (a) => <span className="font-mono">{page.data?.matricules[a.id] ?? "—"}</span>, csv: (a) => page.data?.matricules[a.id] ?? "" },
    {
      id: "action",
      header: e.columns.action,
      cell: (a) =>
        a.status === "admitted" ? (
          <Button size="sm" onPress={() => setAdmitting(a)}>
            {e.admit}
            <span className="sr-only"> {a.full_name}</span>
          </Button>
        ) : page.data?.registrations[a.id] ? (
          <CertificateButton registrationId={page.data.registrations[a.id]} name={a.full_name} />
        ) : null,
      csv: () => "",
    },
  ];

  return (
    <>
      <PageHeader title={e.title} description={e.intro} />
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-green-900" data-testid="admit-notice">
          {notice}
        </p>
      )}
      <DataTable
        caption={e.title}
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
        empty={<EmptyState headingLevel={3} title={e.empty} />}
        filters={
          <FilterSelect
            label={e.status}
            allLabel={`${m.statuses.admitted} + ${m.statuses.enrolled}`}
            value={query.filters.status ?? ""}
            onChange={(v) => setQuery({ ...query, page: 1, filters: v ? { status: v } : {} })}
            options={(["admitted", "enrolled"] as const).map((s) => ({ value: s, label: m.statuses[s] }))}
          />
        }
      />
      <ConfirmDialog
        title={e.admit}
        confirmLabel={e.admit}
        variant="primary"
        isOpen={admitting !== null}
        onOpenChange={(open) => !open && setAdmitting(null)}
        onConfirm={async () => {
          if (!admitting) return;
          const result = await admit(supabase, admitting.id);
          const values = { name: admitting.full_name, matricule: result.matricule, n: String(result.courses ?? 0) };
          setNotice(fill(result.already ? e.admitted : result.courses ? e.admittedCourses : e.admittedNoCourses, values));
          invalidateAdmissions();
        }}
      >
        <p>
          {fill(e.admitConfirm, {
            name: admitting?.full_name ?? "",
            target: admitting ? `${targetName(admitting, locale)}${(admitting.admitted_level_code ?? admitting.level_code) ? ` — ${admitting.admitted_level_code ?? admitting.level_code}` : ""}` : "",
          })}
        </p>
        <p className="mt-2" data-testid="admit-courses">
          {courseCount.data === undefined || courseCount.loading ? (
            e.counting
          ) : courseCount.data === null ? null : courseCount.data > 0 ? (
            fill(e.coursesToAdd, { n: String(courseCount.data) })
          ) : (
            <>
              {e.noCourses}{" "}
              <a
                className="font-semibold text-brand-700 underline"
                href={hrefTo(locale, `admin.create-course.${admitting?.kind === "extension" ? "extension" : admitting?.kind === "professional" ? "professional" : "iou"}`)}
              >
                {e.createCourse}
              </a>
            </>
          )}
        </p>
      </ConfirmDialog>
      <div className="mt-8">
        <ReregistrationSection />
      </div>
    </>
  );
}
