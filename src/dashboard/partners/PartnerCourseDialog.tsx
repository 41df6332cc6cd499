// Creating or editing a partner course: react-hook-form with the shared zod schema; the
// database's refusals (a code in use, fewer seats than approvals) land on their field.
import { partnerCourseSchema, type PartnerCourseValues } from "../../lib/forms/partner-courses.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { savePartnerCourse, type PartnerCourse } from "./data.ts";
import { partnersMessages } from "./messages.ts";

export default function PartnerCourseDialog({ course, onClose, onSaved }: { course: PartnerCourse | null; onClose: () => void; onSaved: () => void }) {
  const m = useMessages(partnersMessages);
  const form = useZodForm(partnerCourseSchema, {
    defaultValues: course
      ? { ...course, requests_close_on: course.requests_close_on ?? "" }
      : { partner: "Harvard Online", code: "", title: "", language: "en", description: "", url: "https://", starts_on: "", ends_on: "", seats: 20, requests_open: true, requests_close_on: "" },
  });
  async function save(values: PartnerCourseValues) {
    try {
      await savePartnerCourse(getSupabase(), course?.id ?? null, values);
      onSaved();
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code === "23505") return form.setError("code", { message: "duplicateCode" });
      if (message?.includes("seats below")) return form.setError("seats", { message: "seatsBelow" });
      toastError(error);
    }
  }
  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  return (
    <Dialog title={course ? m.editCourse : m.newCourse} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <Form form={form} onSubmit={save} translateError={translateError} className="grid gap-4 sm:grid-cols-2" aria-label={course ? m.editCourse : m.newCourse}>
        <FormField name="partner">{(field) => <TextField label={m.partner} maxLength={120} isRequired {...field} />}</FormField>
        <FormField name="code">{(field) => <TextField label={m.code} placeholder="HO-CS50X" maxLength={30} isRequired {...field} />}</FormField>
        <FormField name="title">{(field) => <TextField label={m.title} maxLength={200} isRequired className="sm:col-span-2" {...field} />}</FormField>
        <FormField name="url">{(field) => <TextField label={m.url} type="url" maxLength={2048} isRequired className="sm:col-span-2" {...field} />}</FormField>
        <FormField name="description">{(field) => <TextArea label={m.description} rows={3} maxLength={4000} className="sm:col-span-2" {...field} />}</FormField>
        <FormField name="language">
          {(field) => (
            <RadioGroup
              label={m.language}
              orientation="horizontal"
              options={[
                { value: "en", label: m.languages.en },
                { value: "fr", label: m.languages.fr },
              ]}
              {...field}
            />
          )}
        </FormField>
        <FormField<number | null> name="seats">{(field) => <NumberField label={m.seatsLabel} minValue={1} maxValue={10000} step={1} isRequired {...field} />}</FormField>
        <FormField name="starts_on">{(field) => <TextField label={m.startsOn} placeholder="2027-01-15" maxLength={10} isRequired {...field} />}</FormField>
        <FormField name="ends_on">{(field) => <TextField label={m.endsOn} placeholder="2027-04-30" maxLength={10} isRequired {...field} />}</FormField>
        <FormField<boolean> name="requests_open">{(field) => <Checkbox label={m.requestsOpen} {...field} />}</FormField>
        <FormField name="requests_close_on">{(field) => <TextField label={m.closeOn} placeholder="2027-01-05" maxLength={10} {...field} />}</FormField>
        <div className="sm:col-span-2">
          <FormError />
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {m.cancel}
            </Button>
            <SaveButton label={m.save} />
          </DialogActions>
        </div>
      </Form>
    </Dialog>
  );
}

function SaveButton({ label }: { label: string }) {
  return (
    <Button type="submit" isPending={useFormPending()}>
      {label}
    </Button>
  );
}
