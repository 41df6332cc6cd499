// The "new sessions" form (teacher/classes/schedule, admin/advanced-programming): one
// session or a weekly series over the semester with holidays skipped, checked for teacher
// and cohort double-bookings before saving; create_sessions refuses them again, atomically.
// Its pages load it when asked for (ui/OpenOnRequest): its date, time and number fields
// weigh about 50 KB gzip.
import { useState } from "react";
import { doualaDay, formatDate, formatList, formatSlot } from "../../lib/format.ts";
import { countOf, plural } from "../../lib/plural.ts";
import { planSchema, planSlots, type PlanInput, type PlannedSlots } from "../../lib/schedule/plan.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { checkConflicts, ConflictError, createSessions, type SessionConflict } from "../shared/sessions-data.ts";
import { invalidateSchedule } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Select } from "../ui/Select.tsx";
import { TextField } from "../ui/TextField.tsx";
import { TimeField } from "../ui/TimeField.tsx";
import { toastError } from "../ui/toast.ts";
import { ConflictList } from "./ConflictList.tsx";
import { planMessages } from "./messages.ts";

const DAY = 86_400_000;

export default function PlanForm({ courses, semesterEnd }: { courses: { value: string; label: string }[]; semesterEnd?: string }) {
  const m = useMessages(planMessages);
  const locale = useLocale();
  const today = doualaDay(new Date());
  const [form, setForm] = useState<PlanInput>({
    courseId: courses[0].value,
    title: "",
    kind: "weekly",
    day: today,
    from: today,
    to: semesterEnd && semesterEnd > today ? semesterEnd : doualaDay(new Date(Date.now() + 8 * 7 * DAY)),
    weekday: 1,
    startTime: "08:00",
    durationMinutes: 120,
    isOnline: true,
    room: "",
    daysOff: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof PlanInput | "form", string>>>({});
  const [planned, setPlanned] = useState<PlannedSlots | null>(null);
  const [conflicts, setConflicts] = useState<SessionConflict[] | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PlanInput>(key: K, value: PlanInput[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setPlanned(null);
    setConflicts(null);
    setCreated(null);
  };

  /** Validates and builds the slots, or shows what is wrong. */
  const build = (): { input: PlanInput; slots: PlannedSlots } | null => {
    const parsed = planSchema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = { form: m.invalid };
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof PlanInput;
        next[key] = key === "title" ? m.titleRequired : key === "daysOff" ? m.badDaysOff : m.invalid;
      }
      setErrors(next);
      return null;
    }
    try {
      const slots = planSlots(parsed.data);
      setErrors({});
      return { input: parsed.data, slots };
    } catch (error) {
      setErrors({ form: (error as Error).message, to: m.invalid });
      return null;
    }
  };
  const toRows = (slots: PlannedSlots) => slots.sessions.map((s) => ({ start_time: s.start.toISOString(), end_time: s.end.toISOString() }));

  const check = async () => {
    const built = build();
    if (!built) return;
    setBusy(true);
    try {
      setPlanned(built.slots);
      setConflicts(await checkConflicts(getSupabase(), built.input.courseId, toRows(built.slots)));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    const built = build();
    if (!built) return;
    setBusy(true);
    setPlanned(built.slots);
    try {
      const rows = toRows(built.slots).map((r) => ({ ...r, title: built.input.title, is_online: built.input.isOnline, room: built.input.isOnline ? null : built.input.room || null }));
      const ids = await createSessions(getSupabase(), built.input.courseId, rows, built.input.kind === "weekly");
      setConflicts([]);
      setCreated(ids.length);
      invalidateSchedule();
    } catch (error) {
      if (error instanceof ConflictError) setConflicts(error.conflicts);
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const whenOf = (c: SessionConflict) => {
    const slot = planned?.sessions[c.slot];
    return slot ? formatSlot(locale, slot.start, slot.end) : "";
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
        <Select label={m.course} options={courses} value={form.courseId} onChange={(v) => v && set("courseId", v)} isRequired />
        <TextField label={m.title} value={form.title} onChange={(v) => set("title", v)} errorMessage={errors.title} isRequired maxLength={200} />
        <RadioGroup
          label={m.kind}
          orientation="horizontal"
          value={form.kind}
          onChange={(v) => set("kind", v as PlanInput["kind"])}
          options={[
            { value: "weekly", label: m.weekly },
            { value: "single", label: m.single },
          ]}
          className="sm:col-span-2"
        />
        {form.kind === "single" ? (
          <DatePicker label={m.day} value={form.day} onChange={(v) => set("day", v ?? undefined)} errorMessage={errors.day} isRequired />
        ) : (
          <>
            <DatePicker label={m.from} value={form.from} onChange={(v) => set("from", v ?? undefined)} errorMessage={errors.from} isRequired />
            <DatePicker label={m.to} value={form.to} onChange={(v) => set("to", v ?? undefined)} errorMessage={errors.to} isRequired />
            <Select label={m.weekday} options={m.weekdays.map((label, i) => ({ value: String(i + 1), label }))} value={String(form.weekday)} onChange={(v) => v && set("weekday", Number(v))} />
          </>
        )}
        <TimeField label={m.start} value={form.startTime} onChange={(v) => set("startTime", v ?? "")} errorMessage={errors.startTime} isRequired />
        <NumberField label={m.duration} value={form.durationMinutes} onChange={(v) => set("durationMinutes", v ?? 0)} minValue={15} maxValue={480} step={15} errorMessage={errors.durationMinutes} />
        <Checkbox label={m.online} value={form.isOnline} onChange={(v) => set("isOnline", v)} className="sm:col-span-2" />
        {!form.isOnline && <TextField label={m.room} value={form.room} onChange={(v) => set("room", v)} maxLength={100} />}
        {form.kind === "weekly" && (
          <TextField label={m.daysOff} description={m.daysOffHelp} value={form.daysOff} onChange={(v) => set("daysOff", v)} errorMessage={errors.daysOff} className="sm:col-span-2" />
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button variant="secondary" onPress={() => void check()} isDisabled={busy}>
            {m.check}
          </Button>
          <Button type="submit" isPending={busy}>
            {m.save}
          </Button>
        </div>
      </form>
      <div className="mt-4 space-y-2" aria-live="polite" data-testid="plan-result">
        {errors.form && <p className="text-red-800">{errors.form}</p>}
        {planned && (
          <p className="text-gray-800">
            {countOf(locale, m.preview, planned.sessions.length)}
            {planned.skipped.length > 0 &&
              ` · ${plural(locale, planned.skipped.length, m.skipped, {
                days: formatList(
                  locale,
                  planned.skipped.map((day) => formatDate(locale, day)),
                ),
              })}`}
          </p>
        )}
        {conflicts && <ConflictList conflicts={conflicts} whenOf={whenOf} />}
        {conflicts && conflicts.length === 0 && created === null && <p className="text-green-800">{m.noConflict}</p>}
        {created !== null && (
          <p role="status" className="font-semibold text-green-800">
            {countOf(locale, m.created, created)}
          </p>
        )}
      </div>
    </>
  );
}
