// Academic years and their semesters: which one is current (switched atomically by the
// database, after a confirmation), and a new year with its two semesters.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { academicYearSchema, nextDay, type AcademicYearForm } from "../../lib/forms/institution.ts";
import { formatDate } from "../../lib/format.ts";
import { revalidateKeys } from "../../lib/data-cache.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { Form, FormError, FormField, useZodForm } from "../ui/Form.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { addAcademicYear } from "../shared/academic-years-data.ts";
import { addSemester, setCurrentSemester, type AcademicYear } from "./data.ts";
import { SaveButton } from "./InstitutionSection.tsx";
import { institutionMessages } from "./messages.ts";
import { YEARS_KEY } from "./stores.ts";

export default function CalendarSection({ years }: { years: AcademicYear[] }) {
  const m = useMessages(institutionMessages);
  const locale = useLocale();
  // The semester whose "make current" is being confirmed.
  const [confirming, setConfirming] = useState<{ id: string; label: string } | null>(null);
  return (
    <Card title={m.calendar} description={m.calendarIntro} testId="academic-calendar">
      <ConfirmDialog
        title={m.setCurrentTitle}
        confirmLabel={m.confirm}
        variant="primary"
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={async () => {
          await setCurrentSemester(getSupabase(), confirming!.id);
          await revalidateKeys(YEARS_KEY);
          toastSuccess("updated");
        }}
      >
        {confirming && fill(m.setCurrentBody, { semester: confirming.label })}
      </ConfirmDialog>
      {years.length === 0 && <p className="text-gray-700">{m.noYear}</p>}
      <ul className="flex flex-col gap-4">
        {years.map((year) => (
          <li key={year.id} className="rounded-lg border border-gray-200 p-4">
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-gray-900">
              {year.label}
              {year.is_current && <StatusPill tone="success">{m.current}</StatusPill>}
            </h3>
            <p className="text-sm text-gray-700">{fill(m.semesterDates, { start: formatDate(locale, `${year.starts_on}T12:00:00Z`), end: formatDate(locale, `${year.ends_on}T12:00:00Z`) })}</p>
            {year.semesters.length === 0 ? (
              <p className="mt-2 text-sm text-gray-700">{m.noSemester}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-2">
                {year.semesters.map((semester) => {
                  const name = locale === "fr" ? semester.name_fr : semester.name_en;
                  return (
                    <li key={semester.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <span>
                        <span className="font-medium text-gray-900">{name}</span>{" "}
                        <span className="text-sm text-gray-700">
                          {fill(m.semesterDates, { start: formatDate(locale, `${semester.starts_on}T12:00:00Z`), end: formatDate(locale, `${semester.ends_on}T12:00:00Z`) })}
                        </span>
                      </span>
                      {semester.is_current ? (
                        <StatusPill tone="success">{m.current}</StatusPill>
                      ) : (
                        <Button variant="secondary" size="sm" onPress={() => setConfirming({ id: semester.id, label: `${name} ${year.label}` })}>
                          {m.setCurrent}
                          <span className="sr-only"> : {`${name} ${year.label}`}</span>
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <NewYearForm />
    </Card>
  );
}

function NewYearForm() {
  const m = useMessages(institutionMessages);
  const [formKey, setFormKey] = useState(0);
  const form = useZodForm(academicYearSchema, { defaultValues: { label: "", starts_on: "", first_semester_ends_on: "", ends_on: "" } });
  async function add(values: AcademicYearForm) {
    const supabase = getSupabase();
    let yearId: string;
    try {
      yearId = await addAcademicYear(supabase, { label: values.label, starts_on: values.starts_on, ends_on: values.ends_on });
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return form.setError("label", { message: "duplicate" });
      return toastError(error);
    }
    try {
      await addSemester(supabase, { academic_year_id: yearId, number: 1, name_fr: "Semestre 1", name_en: "Semester 1", starts_on: values.starts_on, ends_on: values.first_semester_ends_on });
      await addSemester(supabase, { academic_year_id: yearId, number: 2, name_fr: "Semestre 2", name_en: "Semester 2", starts_on: nextDay(values.first_semester_ends_on), ends_on: values.ends_on });
      toastSuccess("created");
      form.reset();
      setFormKey((k) => k + 1);
    } catch (error) {
      toastError(error);
    } finally {
      await revalidateKeys(YEARS_KEY);
    }
  }
  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  return (
    <section key={formKey} className="mt-6 border-t border-gray-200 pt-4" aria-labelledby="new-year-heading">
      <h3 id="new-year-heading" className="text-base font-semibold text-brand-900">
        {m.addYear}
      </h3>
      <Form form={form} onSubmit={add} translateError={translateError} aria-labelledby="new-year-heading" className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField name="label">{(field) => <TextField label={m.yearLabel} placeholder="2027-2028" maxLength={9} {...field} />}</FormField>
        <FormField name="starts_on">{(field) => <TextField label={m.startsOn} placeholder="2027-09-01" maxLength={10} {...field} />}</FormField>
        <FormField name="first_semester_ends_on">{(field) => <TextField label={m.firstSemesterEndsOn} placeholder="2028-02-10" maxLength={10} {...field} />}</FormField>
        <FormField name="ends_on">{(field) => <TextField label={m.endsOn} placeholder="2028-07-31" maxLength={10} {...field} />}</FormField>
        <FormError />
        <SaveButton label={m.addSemesters} />
      </Form>
    </section>
  );
}
