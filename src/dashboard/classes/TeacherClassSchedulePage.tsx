// teacher/classes/schedule: create one session or a weekly series (holidays skipped),
// checked for teacher and cohort double-bookings before saving (the database refuses them
// again, atomically); cancel an upcoming session (its students are told).
import { useMemo, useState } from "react";
import { doualaDay, formatDateTime, formatTime } from "../../lib/format.ts";
import { planSchema, planSlots, type PlanInput, type PlannedSlots } from "../../lib/schedule/plan.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { listTeacherCourses } from "../courses/data.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { cancelSession, checkConflicts, ConflictError, createSessions, listSessions, type SessionConflict } from "../schedule/data.ts";
import { invalidateSchedule, useQuery } from "../schedule/useQuery.ts";
import { useRouteTitle } from "../schedule/useRouteTitle.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { TimeField } from "../ui/TimeField.tsx";
import { toastError } from "../ui/toast.ts";
import { currentSemester } from "./data.ts";
import { planMessages } from "./messages.ts";

const DAY = 86_400_000;

export default function TeacherClassSchedulePage() {
  const m = useMessages(planMessages);
  const { userId } = useSignedIn();
  const courses = useQuery(["teacher-courses", userId], () => listTeacherCourses(getSupabase(), userId));
  const semester = useQuery(["current-semester"], () => currentSemester(getSupabase()));
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("teacher.classes.schedule")} description={m.intro} />
      {courses.error || semester.error ? (
        <ErrorState error={courses.error ?? semester.error} onRetry={() => (courses.retry(), semester.retry())} />
      ) : !courses.data || semester.data === undefined ? (
        <Skeleton blocks={2} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={m.noCourses} />
      ) : (
        <>
          <PlanForm courses={courses.data.map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` }))} semesterEnd={semester.data?.ends_on} />
          <UpcomingSessions />
        </>
      )}
    </div>
  );
}

function PlanForm({ courses, semesterEnd }: { courses: { value: string; label: string }[]; semesterEnd?: string }) {
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
    return slot ? `${formatDateTime(locale, slot.start)}–${formatTime(locale, slot.end)}` : "";
  };

  return (
    <Card title={m.newTitle} testId="plan-form">
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
        {form.kind === "weekly" && <TextField label={m.daysOff} description={m.daysOffHelp} value={form.daysOff} onChange={(v) => set("daysOff", v)} errorMessage={errors.daysOff} className="sm:col-span-2" />}
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
            {fill(m.preview, { n: planned.sessions.length })}
            {planned.skipped.length > 0 && ` · ${fill(m.skipped, { days: planned.skipped.join(", ") })}`}
          </p>
        )}
        {conflicts && conflicts.length > 0 && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="conflicts">
            <p className="font-semibold">{m.conflictsTitle}</p>
            <ul className="mt-1 list-disc pl-5">
              {conflicts.slice(0, 20).map((c, i) => (
                <li key={i}>{fill(c.kind === "teacher" ? m.conflictTeacher : c.kind === "cohort" ? m.conflictCohort : m.conflictBatch, { when: whenOf(c), course: c.course_code ?? "" })}</li>
              ))}
            </ul>
          </div>
        )}
        {conflicts && conflicts.length === 0 && created === null && <p className="text-green-800">{m.noConflict}</p>}
        {created !== null && (
          <p role="status" className="font-semibold text-green-800">
            {fill(m.created, { n: created })}
          </p>
        )}
      </div>
    </Card>
  );
}

function UpcomingSessions() {
  const m = useMessages(planMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const range = useMemo(() => ({ from: new Date().toISOString(), to: new Date(Date.now() + 28 * DAY).toISOString() }), []);
  const sessions = useQuery(["plan-upcoming", userId, range.from], () => listSessions(getSupabase(), { ...range, teacherId: userId }));
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [note, setNote] = useState("");
  return (
    <Card title={m.upcoming}>
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={4} />
      ) : sessions.data.length === 0 ? (
        <p className="text-gray-700">{m.noUpcoming}</p>
      ) : (
        <ul className="divide-y divide-gray-100" data-testid="plan-upcoming">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-gray-900">
                  {formatDateTime(locale, s.start_time)}–{formatTime(locale, s.end_time)}
                </span>{" "}
                <span className="text-gray-700">
                  · {s.course.code} — {s.title}
                </span>
              </span>
              <Button size="sm" variant="ghost" onPress={() => setCancelling(s.id)}>
                {m.cancel}
                <span className="sr-only"> : {s.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {note}
      </p>
      <ConfirmDialog
        title={m.cancelTitle}
        confirmLabel={m.cancelConfirm}
        isOpen={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        onConfirm={async () => {
          await cancelSession(getSupabase(), cancelling!);
          setNote(m.cancelled);
          invalidateSchedule();
        }}
      >
        {m.cancelBody}
      </ConfirmDialog>
    </Card>
  );
}
