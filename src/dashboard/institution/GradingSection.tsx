// The grading options of DOMAIN §2 as data: CC/exam weights, pass mark, compensation,
// eliminatory mark, resit cap, mention bands and the grade-point table.
import { useFieldArray } from "react-hook-form";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { CC_WEIGHT_MAX, CC_WEIGHT_MIN, gradingSchema, type GradingForm } from "../../lib/forms/institution.ts";
import { mutateCache } from "../../lib/data-cache.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Form, FormError, FormField, useZodForm } from "../ui/Form.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Switch } from "../ui/Switch.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { saveSettings, type InstitutionSettings } from "./data.ts";
import { SaveButton } from "./InstitutionSection.tsx";
import { institutionMessages } from "./messages.ts";
import { SETTINGS_KEY } from "./stores.ts";

export default function GradingSection({ settings }: { settings: InstitutionSettings }) {
  const m = useMessages(institutionMessages);
  const form = useZodForm(gradingSchema, {
    defaultValues: {
      cc_weight: settings.cc_weight,
      pass_mark: settings.pass_mark,
      compensation: settings.compensation,
      eliminatory_mark: settings.eliminatory_mark,
      resit_cap: settings.resit_cap,
      mention_bands: settings.mention_bands,
      grade_points: settings.grade_points,
    },
  });
  const bands = useFieldArray({ control: form.control, name: "mention_bands" });
  const points = useFieldArray({ control: form.control, name: "grade_points" });
  const ccWeight = form.watch("cc_weight");

  async function save(values: GradingForm) {
    try {
      mutateCache(SETTINGS_KEY, await saveSettings(getSupabase(), values));
      toastSuccess("saved");
    } catch (error) {
      toastError(error);
    }
  }
  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  const listError = (name: "mention_bands" | "grade_points") => {
    const error = form.formState.errors[name] as { message?: string; root?: { message?: string } } | undefined;
    const message = error?.message ?? error?.root?.message;
    return message ? (
      <p role="alert" className="text-sm font-medium text-red-800">
        {translateError(message)}
      </p>
    ) : null;
  };

  return (
    <>
      <Form form={form} onSubmit={save} translateError={translateError} aria-label={m.grading}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<number | null> name="cc_weight">
            {(field) => (
              <NumberField
                label={m.ccWeight}
                description={fill(m.ccWeightHelp, { exam: typeof ccWeight === "number" ? 100 - ccWeight : "—" })}
                minValue={CC_WEIGHT_MIN}
                maxValue={CC_WEIGHT_MAX}
                step={5}
                {...field}
              />
            )}
          </FormField>
          <FormField<number | null> name="pass_mark">{(field) => <NumberField label={m.passMark} minValue={0} maxValue={20} step={0.5} {...field} />}</FormField>
          <FormField<number | null> name="eliminatory_mark">
            {(field) => <NumberField label={m.eliminatoryMark} description={m.eliminatoryHelp} minValue={0} maxValue={20} step={0.5} {...field} />}
          </FormField>
          <FormField<number | null> name="resit_cap">{(field) => <NumberField label={m.resitCap} description={m.resitCapHelp} minValue={0} maxValue={20} step={0.5} {...field} />}</FormField>
        </div>
        <FormField<boolean> name="compensation">{(field) => <Switch label={m.compensation} description={m.compensationHelp} {...field} />}</FormField>

        <fieldset className="flex flex-col gap-3">
          <legend className="text-base font-semibold text-brand-900">{m.mentionBands}</legend>
          {bands.fields.map((band, i) => (
            <div key={band.id} className="grid items-end gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
              <FormField<number | null> name={`mention_bands.${i}.min`}>{(field) => <NumberField label={m.bandMin} minValue={0} maxValue={20} step={0.5} {...field} />}</FormField>
              <FormField name={`mention_bands.${i}.fr`}>{(field) => <TextField label={m.bandFr} maxLength={40} {...field} />}</FormField>
              <FormField name={`mention_bands.${i}.en`}>{(field) => <TextField label={m.bandEn} maxLength={40} {...field} />}</FormField>
              <Button variant="ghost" size="sm" onPress={() => bands.remove(i)} aria-label={fill(m.removeRow, { n: i + 1 })}>
                ×
              </Button>
            </div>
          ))}
          {listError("mention_bands")}
          <div>
            <Button variant="secondary" size="sm" onPress={() => bands.append({ min: 18, fr: "", en: "" })}>
              {m.addRow}
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="text-base font-semibold text-brand-900">{m.gradePoints}</legend>
          {points.fields.map((row, i) => (
            <div key={row.id} className="grid items-end gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[10rem_6rem_10rem_auto]">
              <FormField<number | null> name={`grade_points.${i}.min`}>{(field) => <NumberField label={m.pointsMin} minValue={0} maxValue={100} {...field} />}</FormField>
              <FormField name={`grade_points.${i}.letter`}>{(field) => <TextField label={m.pointsLetter} maxLength={3} {...field} />}</FormField>
              <FormField<number | null> name={`grade_points.${i}.points`}>{(field) => <NumberField label={m.pointsValue} minValue={0} maxValue={4} step={0.1} {...field} />}</FormField>
              <Button variant="ghost" size="sm" onPress={() => points.remove(i)} aria-label={fill(m.removeRow, { n: i + 1 })}>
                ×
              </Button>
            </div>
          ))}
          {listError("grade_points")}
          <div>
            <Button variant="secondary" size="sm" onPress={() => points.append({ min: 0, letter: "", points: 0 })}>
              {m.addRow}
            </Button>
          </div>
        </fieldset>
        <FormError />
        <SaveButton label={m.save} />
      </Form>
    </>
  );
}
