// Shifting a range of one course's sessions (admin/advanced-programming): the sessions
// starting between two days (Douala) move by N days and minutes. "Aperçu" lists them with
// their new times (shiftRange, the unit-tested rule) and the conflicts the database would
// report; "Décaler" moves them all in one statement (shift_sessions) or none.
import { useState } from "react";
import { doualaDay, formatSlot } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { shiftRangeOf, shiftSchema, type ShiftInput } from "../../lib/schedule/edit.ts";
import { shiftRange } from "../../lib/schedule/shift.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { checkConflicts, ConflictError, listSessions, shiftSessions, type SessionConflict } from "../shared/sessions-data.ts";
import { invalidateSchedule } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Select } from "../ui/Select.tsx";
import { toastError } from "../ui/toast.ts";
import { ConflictList } from "./ConflictList.tsx";
import { planMessages } from "./messages.ts";

interface Moved {
  id: string;
  title: string;
  was: { start: Date; end: Date };
  start: Date;
  end: Date;
}

export default function ShiftForm({ courses }: { courses: { value: string; label: string }[] }) {
  const m = useMessages(planMessages);
  const locale = useLocale();
  const today = doualaDay(new Date());
  const [form, setForm] = useState<ShiftInput>({ courseId: courses[0].value, from: today, to: today, days: 7, minutes: 0 });
  const [errors, setErrors] = useState<Partial<Record<keyof ShiftInput | "form", string>>>({});
  const [moved, setMoved] = useState<Moved[] | null>(null);
  const [conflicts, setConflicts] = useState<SessionConflict[] | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ShiftInput>(key: K, value: ShiftInput[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setMoved(null);
    setConflicts(null);
    setDone(null);
  };

  const validate = (): ShiftInput | null => {
    const parsed = shiftSchema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ShiftInput;
        next[key] = issue.message === "zero" ? m.shiftNoZero : issue.message === "range" ? m.shiftRange : m.invalid;
      }
      next.form = m.invalid;
      setErrors(next);
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  const preview = async () => {
    const input = validate();
    if (!input) return;
    setBusy(true);
    try {
      const range = shiftRangeOf(input);
      const sessions = await listSessions(getSupabase(), { courseId: input.courseId, from: range.from.toISOString(), to: range.to.toISOString() });
      const rows = sessions.map((s) => ({ id: s.id, title: s.title, start: new Date(s.start_time), end: new Date(s.end_time) }));
      const before = new Map(rows.map((r) => [r.id, { start: r.start, end: r.end }]));
      const shifted = shiftRange(rows, range, range.byMinutes).map((s) => ({ ...s, was: before.get(s.id)! }));
      setMoved(shifted);
      setConflicts(
        shifted.length
          ? await checkConflicts(
              getSupabase(),
              input.courseId,
              shifted.map((s) => ({ start_time: s.start.toISOString(), end_time: s.end.toISOString() })),
              shifted.map((s) => s.id),
            )
          : [],
      );
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const input = validate();
    if (!input) return;
    setBusy(true);
    try {
      const range = shiftRangeOf(input);
      setDone(await shiftSessions(getSupabase(), input.courseId, range.from.toISOString(), range.to.toISOString(), range.byMinutes));
      setMoved(null);
      setConflicts(null);
      invalidateSchedule();
    } catch (error) {
      if (error instanceof ConflictError) setConflicts(error.conflicts);
      else if ((error as { code?: string }).code === "22023") setErrors({ form: m.shiftNone });
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Select label={m.course} options={courses} value={form.courseId} onChange={(v) => v && set("courseId", v)} isRequired className="sm:col-span-2" />
        <DatePicker label={m.from} value={form.from} onChange={(v) => set("from", v ?? "")} errorMessage={errors.from} isRequired />
        <DatePicker label={m.to} value={form.to} onChange={(v) => set("to", v ?? "")} errorMessage={errors.to} isRequired />
        <NumberField label={m.shiftDays} value={form.days} onChange={(v) => set("days", v ?? 0)} minValue={-180} maxValue={180} errorMessage={errors.days} />
        <NumberField label={m.shiftMinutes} value={form.minutes} onChange={(v) => set("minutes", v ?? 0)} minValue={-720} maxValue={720} step={5} errorMessage={errors.minutes} />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button variant="secondary" onPress={() => void preview()} isDisabled={busy}>
            {m.shiftPreview}
          </Button>
          <Button type="submit" isPending={busy}>
            {m.shiftSave}
          </Button>
        </div>
      </form>
      <div className="mt-4 space-y-2" aria-live="polite" data-testid="shift-result">
        {errors.form && <p className="text-red-800">{errors.form}</p>}
        {moved && moved.length === 0 && <p className="text-gray-800">{m.shiftNone}</p>}
        {moved && moved.length > 0 && (
          <>
            <p className="text-gray-800">{countOf(locale, m.shiftPlanned, moved.length)}</p>
            <ul className="list-disc pl-5 text-gray-800" data-testid="shift-preview">
              {moved.slice(0, 50).map((s) => (
                <li key={s.id}>
                  {s.title} : <span className="font-medium">{formatSlot(locale, s.start, s.end)}</span>{" "}
                  <span className="text-sm text-gray-700">({fill(m.was, { when: formatSlot(locale, s.was.start, s.was.end) })})</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {conflicts && (
          <ConflictList
            conflicts={conflicts}
            whenOf={(c) => {
              const s = moved?.[c.slot];
              return s ? formatSlot(locale, s.start, s.end) : c.start_time ? formatSlot(locale, c.start_time, c.end_time ?? c.start_time) : "";
            }}
          />
        )}
        {moved && moved.length > 0 && conflicts && conflicts.length === 0 && <p className="text-green-800">{m.noConflict}</p>}
        {done !== null && (
          <p role="status" className="font-semibold text-green-800">
            {countOf(locale, m.shifted, done)}
          </p>
        )}
      </div>
    </>
  );
}
