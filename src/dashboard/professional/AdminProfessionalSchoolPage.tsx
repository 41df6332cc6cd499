// admin/professional-school: the formations (certificate, length, internship months) with
// this year's cohort sizes, and the trainees' internships — host organisation, supervisor,
// dates, status, report received and mark out of 20 — added and edited in a dialog. The
// database checks the trainee's registration, the dates and that a mark follows a report.
import { lazy, Suspense, useState } from "react";
import { doualaDay, formatDate, formatMark, formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useRouteTitle } from "../links.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { loadProfessionalSchool, type Internship } from "./data.ts";
import { professionalMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const InternshipDialog = lazy(() => import("./InternshipDialog.tsx"));

export default function AdminProfessionalSchoolPage() {
  const m = useMessages(professionalMessages);
  const locale = useLocale();
  const school = useScheduleQuery(["professional-school"], () => loadProfessionalSchool(getSupabase(), doualaDay(new Date())));
  const [editing, setEditing] = useState<Internship | "new" | null>(null);
  const [note, setNote] = useState("");
  const name = (x: { name_fr: string; name_en: string }) => (locale === "fr" ? x.name_fr : x.name_en);
  const data = school.data;
  const traineeOf = (registrationId: string) => data?.trainees.find((t) => t.id === registrationId);
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("admin.professional-school")} description={m.intro} />
      {school.error ? (
        <ErrorState error={school.error} onRetry={school.retry} />
      ) : !data ? (
        <Skeleton blocks={2} />
      ) : data.formations.length === 0 ? (
        <EmptyState title={m.noFormations} />
      ) : (
        <>
          <Card title={m.formations}>
            <ul className="grid gap-3 sm:grid-cols-2" data-testid="formations">
              {data.formations.map((f) => (
                <li key={f.id} className="rounded-lg border border-gray-200 p-3">
                  <p className="font-medium text-gray-900">
                    <Badge>{f.certificate}</Badge> {name(f)}
                  </p>
                  <p className="text-sm text-gray-700">{countOf(locale, m.months, f.duration_months, { internship: formatNumber(locale, f.internship_months) })}</p>
                  <p className="text-sm text-gray-800">{countOf(locale, m.cohort, data.trainees.filter((t) => t.professional_formation_id === f.id && t.status === "active").length)}</p>
                </li>
              ))}
            </ul>
          </Card>
          <Card
            title={m.internships}
            actions={
              <Button size="sm" onPress={() => setEditing("new")} isDisabled={data.trainees.length === 0}>
                {m.add}
              </Button>
            }
          >
            <p role="status" className="text-sm font-semibold text-green-800">
              {note}
            </p>
            {data.internships.length === 0 ? (
              <p className="text-gray-700">{data.trainees.length === 0 ? m.noTrainees : m.noInternships}</p>
            ) : (
              <TableFrame>
                <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="internships">
                  <thead className="text-left">
                    <tr>
                      <th scope="col" className="px-2 py-2 font-semibold">
                        {m.trainee}
                      </th>
                      <th scope="col" className="px-2 py-2 font-semibold">
                        {m.host}
                      </th>
                      <th scope="col" className="px-2 py-2 font-semibold">
                        {m.dates}
                      </th>
                      <th scope="col" className="px-2 py-2 font-semibold">
                        {m.status}
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        {m.mark}
                      </th>
                      <th scope="col" className="px-2 py-2">
                        <span className="sr-only">{m.edit}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {data.internships.map((i) => {
                      const trainee = traineeOf(i.registration_id);
                      const formation = data.formations.find((f) => f.id === trainee?.professional_formation_id);
                      return (
                        <tr key={i.id}>
                          <th scope="row" className="px-2 py-2 text-left font-medium">
                            {trainee?.student.full_name ?? "—"}
                            <span className="block text-xs font-normal text-gray-700">
                              {trainee?.student_number} {formation && `· ${formation.certificate}`}
                            </span>
                          </th>
                          <td className="px-2 py-2">
                            {i.host_organisation}
                            <span className="block text-xs text-gray-700">
                              {i.supervisor_name}
                              {i.supervisor_contact && ` · ${i.supervisor_contact}`}
                            </span>
                          </td>
                          <td className="px-2 py-2 whitespace-nowrap">
                            {formatDate(locale, `${i.starts_on}T12:00:00Z`, "short")} – {formatDate(locale, `${i.ends_on}T12:00:00Z`, "short")}
                          </td>
                          <td className="px-2 py-2">
                            <Badge tone={i.status === "completed" ? "success" : i.status === "cancelled" ? "danger" : "info"}>{m.statuses[i.status]}</Badge>
                            <span className="block text-xs text-gray-700">{i.report_received_on ? `${m.report} ${formatDate(locale, `${i.report_received_on}T12:00:00Z`, "short")}` : m.noReport}</span>
                          </td>
                          <td className="px-2 py-2 text-right tabular-nums">{i.mark === null ? m.noMark : formatMark(locale, Number(i.mark))}</td>
                          <td className="px-2 py-2 text-right">
                            <Button size="sm" variant="secondary" onPress={() => setEditing(i)}>
                              {m.edit}
                              <span className="sr-only"> : {trainee?.student.full_name}</span>
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableFrame>
            )}
          </Card>
        </>
      )}
      {editing && data && (
        <Suspense fallback={<DialogLoading />}>
          <InternshipDialog
            internship={editing === "new" ? null : editing}
            trainees={data.trainees}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNote(m.saved);
              school.retry();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
