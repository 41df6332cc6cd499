// Editing one upcoming session: title, day, start time (Douala), length, online or room.
// Checked on the client, then by reschedule_session, which refuses a teacher or cohort
// double-booking (the conflicts are listed, nothing changes) and tells the students.
import { useState } from "react";
import { doualaDay, formatSlot, formatTime } from "../../lib/format.ts";
import { editedSession, editSchema, type EditInput } from "../../lib/schedule/edit.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { ConflictError, rescheduleSession, type Session, type SessionConflict } from "../shared/sessions-data.ts";
import { Button } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { TextField } from "../ui/TextField.tsx";
import { TimeField } from "../ui/TimeField.tsx";
import { toastError } from "../ui/toast.ts";
import { ConflictList } from "./ConflictList.tsx";
import { planMessages } from "./messages.ts";

export function EditSessionDialog({ session, onClose, onSaved }: { session: Session; onClose: () => void; onSaved: () => void }) {
  const m = useMessages(planMessages);
  const locale = useLocale();
  const [form, setForm] = useState<EditInput>({
    title: session.title,
    day: doualaDay(session.start_time),
    startTime: formatTime("fr", session.start_time),
    durationMinutes: Math.round((new Date(session.end_time).getTime() - new Date(session.start_time).getTime()) / 60_000),
    isOnline: session.is_online,
    room: session.room ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof EditInput | "form", string>>>({});
  const [conflicts, setConflicts] = useState<SessionConflict[] | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EditInput>(key: K, value: EditInput[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setConflicts(null);
  };

  const save = async () => {
    const parsed = editSchema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = { form: m.invalid };
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof EditInput] = issue.path[0] === "title" ? m.titleRequired : m.invalid;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const row = editedSession(parsed.data);
    try {
      await rescheduleSession(getSupabase(), session.id, row);
      onSaved();
    } catch (error) {
      if (error instanceof ConflictError) setConflicts(error.conflicts);
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={m.editTitle} isOpen onOpenChange={(open) => !open && onClose()}>
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        data-testid="edit-session"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="text-sm text-gray-700 sm:col-span-2">
          {session.course.code} — {m.editBody}
        </p>
        <TextField label={m.title} value={form.title} onChange={(v) => set("title", v)} errorMessage={errors.title} isRequired maxLength={200} className="sm:col-span-2" />
        <DatePicker label={m.day} value={form.day} onChange={(v) => set("day", v ?? "")} errorMessage={errors.day} isRequired />
        <TimeField label={m.start} value={form.startTime} onChange={(v) => set("startTime", v ?? "")} errorMessage={errors.startTime} isRequired />
        <NumberField label={m.duration} value={form.durationMinutes} onChange={(v) => set("durationMinutes", v ?? 0)} minValue={15} maxValue={480} step={15} errorMessage={errors.durationMinutes} />
        <Checkbox label={m.online} value={form.isOnline} onChange={(v) => set("isOnline", v)} className="sm:col-span-2" />
        {!form.isOnline && <TextField label={m.room} value={form.room} onChange={(v) => set("room", v)} maxLength={100} />}
        <div className="space-y-2 sm:col-span-2" aria-live="polite">
          {errors.form && <p className="text-red-800">{errors.form}</p>}
          {conflicts && (
            <ConflictList
              conflicts={conflicts}
              whenOf={() => {
                const row = editedSession(form);
                return formatSlot(locale, row.start_time, row.end_time);
              }}
            />
          )}
        </div>
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
