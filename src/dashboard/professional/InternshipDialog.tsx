// Add or edit a trainee's internship (admin/professional-school). Its own chunk: the page
// loads it, with its date pickers, when the admin opens it.
import { useState } from "react";
import { internshipSchema } from "../../lib/forms/internship.ts";
import { doualaDay } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Select } from "../ui/Select.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { saveInternship, type Internship, type InternshipInput, type Trainee } from "./data.ts";
import { professionalMessages } from "./messages.ts";

export default function InternshipDialog({ internship, trainees, onClose, onSaved }: { internship: Internship | null; trainees: Trainee[]; onClose: () => void; onSaved: () => void }) {
  const m = useMessages(professionalMessages);
  const today = doualaDay(new Date());
  const [form, setForm] = useState<InternshipInput>(
    internship
      ? { ...internship, mark: internship.mark === null ? null : Number(internship.mark) }
      : {
          registration_id: trainees[0].id,
          student_id: trainees[0].student_id,
          host_organisation: "",
          supervisor_name: "",
          supervisor_contact: null,
          starts_on: today,
          ends_on: today,
          status: "planned",
          report_received_on: null,
          mark: null,
        },
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
        <NumberField
          label={m.mark}
          value={form.mark ?? undefined}
          onChange={(v) => set("mark", v === null || Number.isNaN(v) ? null : v)}
          minValue={0}
          maxValue={20}
          step={0.25}
          errorMessage={errors.mark}
        />
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
