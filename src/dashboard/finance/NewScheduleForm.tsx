// admin/financial-management: a new fee schedule (year, programme and level, formation or
// extension programme; fees; late-penalty rule; instalments with due dates) created in one
// audited call. Checked here with zod (src/lib/forms/finance.ts) and again in the database.
import { useEffect, useMemo, useState } from "react";
import { fieldErrors, feeScheduleSchema, francs, type FeeScheduleForm } from "../../lib/forms/finance.ts";
import { formatDate, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { addAcademicYear } from "../shared/academic-years-data.ts";
import { createSchedule, fetchScheduleOptions, nextAcademicYear, type ScheduleOptions } from "./config-data.ts";
import { configMessages } from "./config-messages.ts";

interface Line {
  label_fr: string;
  label_en: string;
  amount: string;
  due_on: string | null;
}
const emptyLine = (n: number): Line => ({ label_fr: `Tranche ${n}`, label_en: `Instalment ${n}`, amount: "", due_on: null });
/** The year after the latest, offered before it exists: chosen, it is opened with the schedule. */
const NEXT_YEAR = "next";

export function NewScheduleForm({ onCreated, onCancel }: { onCreated: (id: string, label: string) => void; onCancel: () => void }) {
  const m = useMessages(configMessages);
  const locale = useLocale();
  const [options, setOptions] = useState<ScheduleOptions | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [form, setForm] = useState({
    academic_year: "",
    target: "",
    level: "",
    label_fr: "",
    label_en: "",
    registration_fee_xaf: "0",
    tuition_xaf: "",
    late_penalty_xaf: "0",
    late_grace_days: "0",
    published: true,
  });
  const [lines, setLines] = useState<Line[]>([emptyLine(1)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = async () => {
    try {
      const answer = await fetchScheduleOptions(getSupabase());
      setOptions(answer);
      setForm((f) => ({ ...f, academic_year: f.academic_year || (answer.years.find((y) => y.is_current) ?? answer.years[0])?.id || "" }));
      setLoadError(null);
    } catch (failure) {
      setLoadError(failure);
    }
  };
  useEffect(() => void load(), []);

  const name = (row: { name_fr: string; name_en: string }) => (locale === "en" ? row.name_en : row.name_fr);
  const next = useMemo(() => (options ? nextAcademicYear(options.years) : null), [options]);
  const targets = useMemo(
    () =>
      options
        ? [
            ...options.programmes.map((p) => ({ value: `programme:${p.id}`, label: fill(m.targetProgramme, { name: locale === "en" ? p.name_en : p.name_fr }) })),
            ...options.formations.map((p) => ({ value: `formation:${p.id}`, label: fill(m.targetFormation, { name: locale === "en" ? p.name_en : p.name_fr }) })),
            ...options.extensions.map((p) => ({ value: `extension:${p.id}`, label: fill(m.targetExtension, { name: locale === "en" ? p.name_en : p.name_fr }) })),
          ]
        : [],
    [options, locale, m],
  );
  const error = (key: string) => (errors[key] ? ((m.errors as Record<string, string>)[errors[key]] ?? errors[key]) : undefined);
  const total = lines.reduce((sum, l) => sum + (Number.isNaN(francs(l.amount)) ? 0 : francs(l.amount)), 0);
  const setLine = (index: number, patch: Partial<Line>) => setLines(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = feeScheduleSchema.safeParse({
      academic_year: form.academic_year,
      target: form.target,
      level: form.target.startsWith("programme:") && form.level ? form.level : null,
      label_fr: form.label_fr,
      label_en: form.label_en,
      registration_fee_xaf: francs(form.registration_fee_xaf),
      tuition_xaf: francs(form.tuition_xaf),
      late_penalty_xaf: francs(form.late_penalty_xaf),
      late_grace_days: francs(form.late_grace_days),
      published: form.published,
      instalments: lines.map((l) => ({ label_fr: l.label_fr, label_en: l.label_en, amount_xaf: francs(l.amount), due_on: l.due_on ?? "" })),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const values: FeeScheduleForm = parsed.data;
      const year = values.academic_year === NEXT_YEAR && next ? await addAcademicYear(getSupabase(), next) : values.academic_year;
      onCreated(await createSchedule(getSupabase(), { ...values, academic_year: year }), locale === "en" ? values.label_en : values.label_fr);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.newSchedule} description={m.newHelp} testId="new-schedule">
      {loadError ? (
        <ErrorState error={loadError} onRetry={() => void load()} />
      ) : !options ? (
        <Skeleton lines={4} label={m.loading} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={m.newSchedule}>
          {Object.keys(errors).length > 0 && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {m.formInvalid}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label={m.year}
              value={form.academic_year || null}
              onChange={(v) => setForm({ ...form, academic_year: v ?? "" })}
              options={[...(next ? [{ value: NEXT_YEAR, label: fill(m.nextYear, { label: next.label }) }] : []), ...options.years.map((y) => ({ value: y.id, label: y.label }))]}
              description={
                form.academic_year === NEXT_YEAR && next
                  ? fill(m.nextYearHelp, { label: next.label, starts: formatDate(locale, `${next.starts_on}T12:00:00Z`), ends: formatDate(locale, `${next.ends_on}T12:00:00Z`) })
                  : undefined
              }
              errorMessage={error("academic_year")}
              isRequired
            />
            <Select label={m.target} value={form.target || null} onChange={(v) => setForm({ ...form, target: v ?? "" })} options={targets} errorMessage={error("target")} isRequired />
            {form.target.startsWith("programme:") && (
              <Select
                label={m.level}
                value={form.level || "all"}
                onChange={(v) => setForm({ ...form, level: v === "all" || !v ? "" : v })}
                options={[{ value: "all", label: m.allLevels }, ...options.levels.map((l) => ({ value: l.code, label: `${l.code} — ${name(l)}` }))]}
                errorMessage={error("level")}
              />
            )}
            <TextField label={m.labelFr} value={form.label_fr} onChange={(v) => setForm({ ...form, label_fr: v })} maxLength={200} errorMessage={error("label_fr")} isRequired />
            <TextField label={m.labelEn} value={form.label_en} onChange={(v) => setForm({ ...form, label_en: v })} maxLength={200} errorMessage={error("label_en")} isRequired />
            <TextField
              label={m.registration}
              inputMode="numeric"
              value={form.registration_fee_xaf}
              onChange={(v) => setForm({ ...form, registration_fee_xaf: v })}
              errorMessage={error("registration_fee_xaf")}
            />
            <TextField label={m.tuition} inputMode="numeric" value={form.tuition_xaf} onChange={(v) => setForm({ ...form, tuition_xaf: v })} errorMessage={error("tuition_xaf")} isRequired />
            <TextField label={m.penalty} inputMode="numeric" value={form.late_penalty_xaf} onChange={(v) => setForm({ ...form, late_penalty_xaf: v })} errorMessage={error("late_penalty_xaf")} />
            <TextField label={m.grace} inputMode="numeric" value={form.late_grace_days} onChange={(v) => setForm({ ...form, late_grace_days: v })} errorMessage={error("late_grace_days")} />
          </div>
          <Checkbox label={m.published} description={m.publishedHelp} value={form.published} onChange={(v) => setForm({ ...form, published: v })} />
          <fieldset className="flex flex-col gap-3">
            <legend className="font-semibold text-gray-900">{m.lines}</legend>
            {lines.map((line, index) => (
              <div key={index} className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2" role="group" aria-label={fill(m.line, { n: index + 1 })}>
                <TextField label={`${m.label} (fr)`} value={line.label_fr} onChange={(v) => setLine(index, { label_fr: v })} maxLength={200} errorMessage={error(`instalments.${index}.label_fr`)} />
                <TextField label={`${m.label} (en)`} value={line.label_en} onChange={(v) => setLine(index, { label_en: v })} maxLength={200} errorMessage={error(`instalments.${index}.label_en`)} />
                <TextField label={m.amount} inputMode="numeric" value={line.amount} onChange={(v) => setLine(index, { amount: v })} errorMessage={error(`instalments.${index}.amount_xaf`)} />
                <DatePicker label={m.dueOn} value={line.due_on} onChange={(v) => setLine(index, { due_on: v })} errorMessage={error(`instalments.${index}.due_on`)} />
                {lines.length > 1 && (
                  <div className="sm:col-span-2">
                    <Button size="sm" variant="ghost" onPress={() => setLines(lines.filter((_, i) => i !== index))}>
                      {fill(m.removeLine, { n: index + 1 })}
                    </Button>
                  </div>
                )}
              </div>
            ))}
            <p className="text-sm text-gray-800" aria-live="polite">
              {fill(m.linesTotal, { sum: formatXaf(locale, total) })}
            </p>
            {error("instalments") && <p className="text-sm text-red-800">{error("instalments")}</p>}
            <div>
              <Button size="sm" variant="secondary" isDisabled={lines.length >= 12} onPress={() => setLines([...lines, emptyLine(lines.length + 1)])}>
                {m.addLine}
              </Button>
            </div>
          </fieldset>
          <div className="flex gap-2">
            <Button type="submit" isPending={busy}>
              {m.create}
            </Button>
            <Button variant="secondary" onPress={onCancel}>
              {m.cancel}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
