// admin/professional-school: the formations (certificate, length, internship months) with
// this year's cohort sizes, and the trainees' internships — host organisation, supervisor,
// dates, status, report received and mark out of 20 — added and edited in a dialog. The
// database checks the trainee's registration, the dates and that a mark follows a report.
import { useState } from "react";
import * as z from "zod/mini";
import { doualaDay, formatDate, formatMark } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useQuery } from "../schedule/useQuery.ts";
import { useRouteTitle } from "../schedule/useRouteTitle.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { loadProfessionalSchool, saveInternship, type Internship, type InternshipInput, type Trainee } from "./data.ts";
import { professionalMessages } from "./messages.ts";

const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export const internshipSchema = z
  .object({
    registration_id: z.string().check(z.minLength(1)),
    student_id: z.string().check(z.minLength(1)),
    host_organisation: text,
    supervisor_name: text,
    supervisor_contact: z.nullable(z.string().check(z.maxLength(200))),
    starts_on: day,
    ends_on: day,
    status: z.enum(["planned", "ongoing", "completed", "cancelled"]),
    report_received_on: z.nullable(day),
    mark: z.nullable(z.number().check(z.minimum(0), z.maximum(20))),
  })
  .check(
    z.refine((v) => v.ends_on > v.starts_on, { path: ["ends_on"], message: "dates" }),
    z.refine((v) => v.mark === null || (v.status === "completed" && v.report_received_on !== null), { path: ["mark"], message: "mark" }),
  );

export default function AdminProfessionalSchoolPage() {
  const m = useMessages(professionalMessages);
  const locale = useLocale();
  const school = useQuery(["professional-school"], () => loadProfessionalSchool(getSupabase(), doualaDay(new Date())));
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
                  <p className="text-sm text-gray-700">{fill(m.months, { n: f.duration_months, internship: f.internship_months })}</p>
                  <p className="text-sm text-gray-800">{fill(m.cohort, { n: data.trainees.filter((t) => t.professional_formation_id === f.id && t.status === "active").length })}</p>
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
              <div className="overflow-x-auto">
                <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="internships">
                  <thead className="text-left">
                    <tr>
                      <th scope="col" className="px-2 py-2 font-semibold">{m.trainee}</th>
                      <th scope="col" className="px-2 py-2 font-semibold">{m.host}</th>
                      <th scope="col" className="px-2 py-2 font-semibold">{m.dates}</th>
                      <th scope="col" className="px-2 py-2 font-semibold">{m.status}</th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">{m.mark}</th>
                      <th scope="col" className="px-2 py-2"><span className="sr-only">{m.edit}</span></th>
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
                            <span className="block text-xs font-normal text-gray-700">{trainee?.student_number} {formation && `· ${formation.certificate}`}</span>
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
              </div>
            )}
          </Card>
        </>
      )}
      {editing && data && (
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
      )}
    </div>
  );
}

function InternshipDialog({ internship, trainees, onClose, onSaved }: { internship: Internship | null; trainees: Trainee[]; onClose: () => void; onSaved: () => void }) {
  const m = useMessages(professionalMessages);
  const today = doualaDay(new Date());
  const [form, setForm] = useState<InternshipInput>(
    internship
      ? { ...internship, mark: internship.mark === null ? null : Number(internship.mark) }
      : { registration_id: trainees[0].id, student_id: trainees[0].student_id, host_organisation: "", supervisor_name: "", supervisor_contact: null, starts_on: today, ends_on: today, status: "planned", report_received_on: null, mark: null },
  );
  const [errors, setErrors] = useState<Partial<Record<keyof InternshipInput, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof InternshipInput>(key: K, value: InternshipInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const parsed = internshipSchema.safeParse({ ...form, supervisor_contact: form.supervisor_contact?.trim() || null });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof InternshipInput;
        next[key] = issue.message === "dates" ? m.badDates : key === "mark" ? m.badMark : m.required;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveInternship(getSupabase(), internship?.id ?? null, parsed.data);
      onSaved();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={internship ? m.edit : m.add} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        data-testid="internship-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Select
          label={m.trainee}
          options={trainees.map((t) => ({ value: t.id, label: `${t.student.full_name} (${t.student_number})` }))}
          value={form.registration_id}
          onChange={(v) => {
            const t = trainees.find((x) => x.id === v);
            if (t) setForm((f) => ({ ...f, registration_id: t.id, student_id: t.student_id }));
          }}
          isDisabled={!!internship}
          className="sm:col-span-2"
        />
        <TextField label={m.host} value={form.host_organisation} onChange={(v) => set("host_organisation", v)} errorMessage={errors.host_organisation} isRequired maxLength={200} />
        <TextField label={m.supervisor} value={form.supervisor_name} onChange={(v) => set("supervisor_name", v)} errorMessage={errors.supervisor_name} isRequired maxLength={200} />
        <TextField label={m.contact} value={form.supervisor_contact ?? ""} onChange={(v) => set("supervisor_contact", v)} maxLength={200} className="sm:col-span-2" />
        <DatePicker label={m.startsOn} value={form.starts_on} onChange={(v) => set("starts_on", v ?? "")} errorMessage={errors.starts_on} isRequired />
        <DatePicker label={m.endsOn} value={form.ends_on} onChange={(v) => set("ends_on", v ?? "")} errorMessage={errors.ends_on} isRequired />
        <Select
          label={m.status}
          options={(["planned", "ongoing", "completed", "cancelled"] as const).map((s) => ({ value: s, label: m.statuses[s] }))}
          value={form.status}
          onChange={(v) => v && set("status", v as InternshipInput["status"])}
        />
        <DatePicker label={m.report} value={form.report_received_on ?? undefined} onChange={(v) => set("report_received_on", v ?? null)} errorMessage={errors.report_received_on} />
        <NumberField label={m.mark} value={form.mark ?? undefined} onChange={(v) => set("mark", v === null || Number.isNaN(v) ? null : v)} minValue={0} maxValue={20} step={0.25} errorMessage={errors.mark} />
        <div className="sm:col-span-2">
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {m.close}
            </Button>
            <Button type="submit" isPending={busy}>
              {m.save}
            </Button>
          </DialogActions>
        </div>
      </form>
    </Dialog>
  );
}
