// "Unités d'enseignement" on admin/course-management (issue 21 §4): for a semester, programme
// and level, the UEs with their credits and courses (ECs); create a UE, change its titles and
// credits, group a course into it or take it out, delete an empty one. Each write is an
// audited SQL function; a closed session's freeze is shown, and any refusal said in words.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { errorText } from "../ui/styles.ts";
import { createUnit, deleteUnit, listScopeUnits, setCourseUnit, unitScopeChoices, unitSchema, updateUnit, type ScopeUnit, type UnitInput, type UnitScope } from "./registrar.ts";
import { countOf } from "../../lib/plural.ts";
import { refusal, registrarMessages } from "./registrar-messages.ts";

export function CourseUnits() {
  const m = useMessages(registrarMessages);
  const locale = useLocale();
  const choices = useScheduleQuery(["unit-scopes"], () => unitScopeChoices(getSupabase()));
  const [semesterId, setSemesterId] = useState<string | null>(null);
  const [programmeId, setProgrammeId] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  if (choices.error) return <ErrorState error={choices.error} onRetry={choices.retry} />;
  if (!choices.data) return <Skeleton lines={3} />;
  const c = choices.data;
  const name = (o: { name_fr: string; name_en: string }) => (locale === "fr" ? o.name_fr : o.name_en);
  const semester = semesterId ?? c.semesters.find((s) => s.is_current)?.id ?? null;
  const scope: UnitScope | null = semester && programmeId && level ? { semesterId: semester, programmeId, level } : null;
  return (
    <Card title={m.unitsTitle} description={m.unitsIntro} testId="course-units">
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label={m.semester}
          value={semester}
          onChange={setSemesterId}
          options={c.semesters.map((s) => ({
            value: s.id,
            label: `${name(s)} · ${s.academic_year.label}`,
          }))}
        />
        <Select label={m.programme} value={programmeId} onChange={setProgrammeId} options={c.programmes.map((p) => ({ value: p.id, label: name(p) }))} />
        <Select
          label={m.level}
          value={level}
          onChange={setLevel}
          options={c.levels.map((l) => ({
            value: l.code,
            label: `${l.code} — ${name(l)}`,
          }))}
        />
      </div>
      {scope ? <ScopeUnits key={`${scope.semesterId}/${scope.programmeId}/${scope.level}`} scope={scope} /> : <p className="mt-4 text-gray-700">{m.pickScope}</p>}
    </Card>
  );
}

function ScopeUnits({ scope }: { scope: UnitScope }) {
  const m = useMessages(registrarMessages);
  const locale = useLocale();
  const units = useScheduleQuery(["scope-units", scope.semesterId, scope.programmeId, scope.level], () => listScopeUnits(getSupabase(), scope));
  const [problem, setProblem] = useState("");
  if (units.error) return <ErrorState error={units.error} onRetry={units.retry} />;
  if (!units.data) return <Skeleton lines={4} />;
  const { frozen, loose } = units.data;
  const act = async (write: () => Promise<unknown>, duplicate?: "duplicateUnit") => {
    setProblem("");
    try {
      await write();
      units.retry();
      return true;
    } catch (failure) {
      setProblem(refusal(m.refused, failure, duplicate));
      return false;
    }
  };
  const total = units.data.units.reduce((sum, u) => sum + u.credits, 0);
  return (
    <div className="mt-4 space-y-4">
      {frozen && <p className="rounded-md bg-amber-50 p-3 text-amber-900">{m.frozen}</p>}
      <p role="alert" className={problem ? errorText : "sr-only"}>
        {problem}
      </p>
      {units.data.units.length === 0 ? (
        <p className="text-gray-700">{m.noUnits}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {units.data.units.map((u) => (
              <UnitBlock key={u.id} unit={u} loose={loose} frozen={frozen} act={act} />
            ))}
          </ul>
          <p className="font-semibold" data-testid="units-total">
            {countOf(locale, m.totalCredits, total)}
          </p>
        </>
      )}
      <section aria-labelledby="loose-courses">
        <h3 id="loose-courses" className="font-semibold text-brand-900">
          {m.loose}
        </h3>
        {loose.length === 0 ? (
          <p className="text-gray-700">{m.noLoose}</p>
        ) : (
          <ul className="list-inside list-disc text-gray-900">
            {loose.map((c) => (
              <li key={c.id}>
                {c.code} — {c.title} · {countOf(locale, m.unitCredits, c.credits)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {!frozen && <NewUnitForm onCreate={(unit) => act(() => createUnit(getSupabase(), scope, unit), "duplicateUnit")} />}
    </div>
  );
}

function UnitBlock({ unit, loose, frozen, act }: { unit: ScopeUnit; loose: { id: string; code: string; title: string }[]; frozen: boolean; act: (write: () => Promise<unknown>) => Promise<boolean> }) {
  const m = useMessages(registrarMessages);
  const locale = useLocale();
  const [adding, setAdding] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = locale === "fr" ? unit.title_fr : unit.title_en;
  return (
    <li className="rounded-lg border border-gray-200 p-3" data-testid="unit">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-brand-900">
          {unit.code} — {title} · <span data-testid="unit-credits">{countOf(locale, m.unitCredits, unit.credits)}</span>
        </h3>
        {!frozen && (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onPress={() => setEditing(true)}>
              {m.edit}
              <span className="sr-only"> {unit.code}</span>
            </Button>
            {unit.courses.length === 0 && (
              <Button size="sm" variant="ghost" onPress={() => setDeleting(true)}>
                {m.deleteUnit}
                <span className="sr-only"> {unit.code}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {unit.courses.length === 0 ? (
        <p className="text-gray-700">{m.noCourseInUnit}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {unit.courses.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-1" data-testid="unit-course">
              <span>
                {c.code} — {c.title} · {countOf(locale, m.unitCredits, c.credits)}
              </span>
              {!frozen && (
                <Button size="sm" variant="ghost" onPress={() => act(() => setCourseUnit(getSupabase(), c.id, null))}>
                  {m.removeFromUnit}
                  <span className="sr-only"> : {c.code}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!frozen && loose.length > 0 && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (adding && (await act(() => setCourseUnit(getSupabase(), adding, unit.id)))) setAdding(null);
          }}
        >
          <Select
            label={`${m.addCourse} ${unit.code}`}
            placeholder={m.chooseCourse}
            value={adding}
            onChange={setAdding}
            options={loose.map((c) => ({
              value: c.id,
              label: `${c.code} — ${c.title}`,
            }))}
            className="min-w-64"
          />
          <Button type="submit" variant="secondary" isDisabled={!adding}>
            {m.add}
          </Button>
        </form>
      )}
      <Dialog title={fill(m.editTitle, { code: unit.code })} isOpen={editing} onOpenChange={setEditing}>
        {({ close }) => (
          <UnitFields
            initial={{
              code: unit.code,
              titleFr: unit.title_fr,
              titleEn: unit.title_en,
              credits: unit.credits,
            }}
            withCode={false}
            submitLabel={m.save}
            onCancel={close}
            onSubmit={async (u) => {
              // closed either way: a refusal is said above the UEs, where the dialog was
              await act(() => updateUnit(getSupabase(), unit.id, u));
              close();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog title={fill(m.deleteTitle, { code: unit.code })} isOpen={deleting} onOpenChange={setDeleting} onConfirm={() => act(() => deleteUnit(getSupabase(), unit.id))}>
        {m.deleteBody}
      </ConfirmDialog>
    </li>
  );
}

function NewUnitForm({ onCreate }: { onCreate: (unit: UnitInput) => Promise<boolean> }) {
  const m = useMessages(registrarMessages);
  const [round, setRound] = useState(0);
  const [note, setNote] = useState("");
  return (
    <section aria-labelledby="new-unit" className="rounded-lg border border-dashed border-gray-300 p-3">
      <h3 id="new-unit" className="mb-2 font-semibold text-brand-900">
        {m.newUnit}
      </h3>
      <UnitFields
        key={round}
        initial={{ code: "", titleFr: "", titleEn: "", credits: 3 }}
        withCode
        submitLabel={m.create}
        onSubmit={async (unit) => {
          setNote("");
          if (await onCreate(unit)) {
            setRound((r) => r + 1);
            setNote(m.created);
          }
        }}
      />
      <p role="status" className="text-sm text-green-800">
        {note}
      </p>
    </section>
  );
}

function UnitFields({
  initial,
  withCode,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: UnitInput;
  withCode: boolean;
  submitLabel: string;
  onSubmit: (unit: UnitInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const m = useMessages(registrarMessages);
  const [unit, setUnit] = useState<Omit<UnitInput, "credits"> & { credits: number | null }>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof UnitInput, string>>>({});
  const [pending, setPending] = useState(false);
  const set = (patch: Partial<typeof unit>) => setUnit((u) => ({ ...u, ...patch }));
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = unitSchema.safeParse({
          ...unit,
          code: unit.code.toUpperCase(),
        });
        if (!parsed.success) {
          const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
          return setErrors({
            code: bad.has("code") ? m.badCode : undefined,
            titleFr: bad.has("titleFr") ? m.badTitle : undefined,
            titleEn: bad.has("titleEn") ? m.badTitle : undefined,
            credits: bad.has("credits") ? m.badCredits : undefined,
          });
        }
        setErrors({});
        setPending(true);
        try {
          await onSubmit(parsed.data);
        } finally {
          setPending(false);
        }
      }}
    >
      {withCode && <TextField label={m.code} value={unit.code} onChange={(code) => set({ code })} errorMessage={errors.code} maxLength={20} />}
      <NumberField label={m.credits} value={unit.credits} onChange={(credits) => set({ credits })} minValue={1} maxValue={6} step={1} errorMessage={errors.credits} />
      <TextField label={m.titleFr} value={unit.titleFr} onChange={(titleFr) => set({ titleFr })} errorMessage={errors.titleFr} maxLength={200} />
      <TextField label={m.titleEn} value={unit.titleEn} onChange={(titleEn) => set({ titleEn })} errorMessage={errors.titleEn} maxLength={200} />
      {onCancel ? (
        <div className="sm:col-span-2">
          <DialogActions>
            <Button variant="secondary" onPress={onCancel}>
              {m.cancel}
            </Button>
            <Button type="submit" isPending={pending}>
              {submitLabel}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <div className="sm:col-span-2">
          <Button type="submit" isPending={pending}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
