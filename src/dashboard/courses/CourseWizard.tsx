// admin/create-course and its /iou, /extension, /professional variants: one wizard, preset
// and validated for each school. Step 1 places the course (programme, level, semester and
// UE; or a professional formation with its tier and internship; or an extension programme,
// whose delivery decides whether it has virtual classes), step 2 describes it, step 3 names
// its teacher and meeting platform, step 4 reviews and creates it. An Open University course
// can then have its whole cohort enrolled in one action.
import { useState } from "react";
import * as z from "zod/mini";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { createCourse, enrolCohort, type CohortResult, type NewCourse } from "./data.ts";
import { wizardChoices, type WizardOptions } from "../shared/course-lists-data.ts";
import { wizardMessages } from "./wizard-messages.ts";

export type Preset = "any" | "iou" | "extension" | "professional";
const SCHOOL_OF: Record<Exclude<Preset, "any">, string> = { iou: "open-university", extension: "extension-school", professional: "professional-school" };
const LEVELS = ["L1", "L2", "L3", "M1", "M2"] as const;

const detailsSchema = z.object({
  code: z.string().check(z.regex(/^[A-Z0-9-]{2,20}$/)),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  description: z.string().check(z.maxLength(20000)),
  credits: z.number().check(z.int(), z.minimum(0), z.maximum(30)),
  coefficient: z.number().check(z.minimum(0.25), z.maximum(20)),
});

interface State {
  schoolId: string;
  programmeId: string;
  specialtyId: string;
  level: string;
  semesterId: string;
  unitId: string;
  formationId: string;
  extensionId: string;
  code: string;
  title: string;
  description: string;
  language: "fr" | "en";
  credits: number;
  coefficient: number;
  teacherId: string;
  platform: "zoom" | "teams" | "in_person" | "none";
}

export function CourseWizard({ preset, title }: { preset: Preset; title: string }) {
  const m = useMessages(wizardMessages);
  const choices = useScheduleQuery(["wizard-choices"], () => wizardChoices(getSupabase()));
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={m.intro[preset]} />
      {choices.error ? <ErrorState error={choices.error} onRetry={choices.retry} /> : !choices.data ? <Skeleton blocks={2} /> : <Wizard preset={preset} options={choices.data} />}
    </div>
  );
}

function Wizard({ preset, options }: { preset: Preset; options: WizardOptions }) {
  const m = useMessages(wizardMessages);
  const locale = useLocale();
  const name = (x: { name_fr: string; name_en: string }) => (locale === "fr" ? x.name_fr : x.name_en);
  const presetSchool = preset === "any" ? undefined : options.schools.find((s) => s.slug === SCHOOL_OF[preset]);
  const current = options.semesters.find((s) => s.is_current) ?? options.semesters[0];
  const initial: State = {
    schoolId: presetSchool?.id ?? options.schools[0]?.id ?? "",
    programmeId: "",
    specialtyId: "",
    level: "",
    semesterId: current?.id ?? "",
    unitId: "",
    formationId: "",
    extensionId: "",
    code: "",
    title: "",
    description: "",
    language: "fr",
    credits: 4,
    coefficient: 2,
    teacherId: "",
    platform: options.defaultPlatform,
  };
  const [state, setState] = useState<State>(initial);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<Partial<Record<keyof State, string>>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: string; code: string } | null>(null);
  const [cohort, setCohort] = useState<CohortResult | null>(null);
  const set = <K extends keyof State>(key: K, value: State[K]) => setState((s) => ({ ...s, [key]: value }));

  const kind = options.schools.find((s) => s.id === state.schoolId)?.kind ?? "university";
  const extension = options.extensions.find((x) => x.id === state.extensionId);
  const formation = options.formations.find((f) => f.id === state.formationId);
  const recordedOnly = kind === "extension" && extension?.delivery === "recorded";
  const units = options.units.filter((u) => u.semester_id === state.semesterId && (!u.programme_id || u.programme_id === state.programmeId) && (!u.level_code || u.level_code === state.level));

  const validate = (n: number): boolean => {
    const next: typeof errors = {};
    if (n === 1) {
      if (!state.semesterId) next.semesterId = m.required;
      if (kind === "university") {
        if (!state.programmeId) next.programmeId = m.required;
        if (!state.level) next.level = m.required;
      }
      if (kind === "professional" && !state.formationId) next.formationId = m.required;
      if (kind === "extension" && !state.extensionId) next.extensionId = m.required;
    }
    if (n === 2) {
      const parsed = detailsSchema.safeParse(state);
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as keyof State;
          next[key] = key === "code" ? m.badCode : key === "title" ? m.badTitle : m.badNumber;
        }
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const create = async () => {
    if (!validate(1) || !validate(2)) return;
    setBusy(true);
    const course: NewCourse = {
      code: state.code,
      title: state.title.trim(),
      description: state.description,
      language: state.language,
      school_id: state.schoolId,
      programme_id: kind === "university" ? state.programmeId : null,
      specialty_id: kind === "university" && state.specialtyId ? state.specialtyId : null,
      level_code: kind === "university" ? state.level : null,
      professional_formation_id: kind === "professional" ? state.formationId : null,
      extension_programme_id: kind === "extension" ? state.extensionId : null,
      semester_id: state.semesterId,
      teaching_unit_id: state.unitId || null,
      teacher_id: state.teacherId || null,
      credits: state.credits,
      coefficient: state.coefficient,
      meeting_platform: recordedOnly || state.platform === "none" ? null : state.platform,
    };
    try {
      setCreated({ id: await createCourse(getSupabase(), course), code: course.code });
    } catch (error) {
      if ((error as { code?: string }).code === "23505") {
        setErrors({ code: m.duplicate });
        setStep(2);
      } else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const enrol = async () => {
    setBusy(true);
    try {
      setCohort(await enrolCohort(getSupabase(), { semester: state.semesterId, programme: state.programmeId, level: state.level, specialty: state.specialtyId || null }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    const programme = options.programmes.find((p) => p.id === state.programmeId);
    return (
      <Card title={fill(m.created, { code: created.code })} testId="wizard-done">
        {kind === "university" && programme && (
          <section aria-label={m.enrolTitle} className="space-y-3">
            <p>{fill(m.enrolIntro, { programme: name(programme), level: state.level })}</p>
            <Button onPress={() => void enrol()} isPending={busy} isDisabled={!!cohort}>
              {m.enrol}
            </Button>
            <p role="status" className="font-semibold text-green-800" data-testid="cohort-result">
              {cohort
                ? fill(m.enrolled, {
                    created: countOf(locale, m.enrolledParts.created, cohort.created),
                    students: countOf(locale, m.enrolledParts.students, cohort.students),
                    courses: countOf(locale, m.enrolledParts.courses, cohort.courses),
                  })
                : ""}
            </p>
          </section>
        )}
        <Button
          variant="secondary"
          className="mt-4"
          onPress={() => {
            setState(initial);
            setCreated(null);
            setCohort(null);
            setStep(1);
          }}
        >
          {m.another}
        </Button>
      </Card>
    );
  }

  const opt = (list: { id: string; name_fr: string; name_en: string }[]) => list.map((x) => ({ value: x.id, label: name(x) }));
  return (
    <Card title={fill(m.step, { n: step, name: m.steps[step - 1] })} testId="wizard">
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 4) {
            if (validate(step)) setStep(step + 1);
          } else void create();
        }}
      >
        {step === 1 && (
          <>
            {preset === "any" && <Select label={m.school} options={opt(options.schools)} value={state.schoolId} onChange={(v) => v && set("schoolId", v)} isRequired />}
            <Select
              label={m.semester}
              options={options.semesters.map((s) => ({ value: s.id, label: `${name(s)} ${s.academic_year.label}` }))}
              value={state.semesterId}
              onChange={(v) => v && set("semesterId", v)}
              errorMessage={errors.semesterId}
              isRequired
            />
            {kind === "university" && (
              <>
                <Select
                  label={m.programme}
                  options={opt(options.programmes)}
                  value={state.programmeId || null}
                  onChange={(v) => (set("programmeId", v ?? ""), set("specialtyId", ""))}
                  errorMessage={errors.programmeId}
                  isRequired
                />
                <Select
                  label={m.level}
                  options={LEVELS.map((l) => ({ value: l, label: l }))}
                  value={state.level || null}
                  onChange={(v) => set("level", v ?? "")}
                  errorMessage={errors.level}
                  isRequired
                />
                <Select
                  label={m.specialty}
                  options={[{ value: "-", label: m.noSpecialty }, ...opt(options.specialties.filter((s) => s.programme_id === state.programmeId))]}
                  value={state.specialtyId || "-"}
                  onChange={(v) => set("specialtyId", v && v !== "-" ? v : "")}
                />
                <Select
                  label={m.unit}
                  options={[{ value: "-", label: m.noUnit }, ...units.map((u) => ({ value: u.id, label: `${u.code} — ${locale === "fr" ? u.title_fr : u.title_en}` }))]}
                  value={state.unitId || "-"}
                  onChange={(v) => set("unitId", v && v !== "-" ? v : "")}
                />
              </>
            )}
            {kind === "professional" && (
              <Select
                label={m.formation}
                options={options.formations.map((f) => ({ value: f.id, label: `${name(f)} (${fill(m.formationInfo, { tier: f.certificate, months: f.internship_months })})` }))}
                value={state.formationId || null}
                onChange={(v) => set("formationId", v ?? "")}
                errorMessage={errors.formationId}
                isRequired
              />
            )}
            {kind === "extension" && (
              <Select
                label={m.extension}
                options={options.extensions.map((x) => ({ value: x.id, label: `${name(x)} — ${x.delivery === "recorded" ? m.recorded : m.virtual}` }))}
                value={state.extensionId || null}
                onChange={(v) => set("extensionId", v ?? "")}
                errorMessage={errors.extensionId}
                isRequired
              />
            )}
          </>
        )}
        {step === 2 && (
          <>
            <TextField label={m.code} description={m.codeHelp} value={state.code} onChange={(v) => set("code", v.toUpperCase())} errorMessage={errors.code} isRequired maxLength={20} />
            <TextField label={m.title} value={state.title} onChange={(v) => set("title", v)} errorMessage={errors.title} isRequired maxLength={200} />
            <TextArea label={m.description} value={state.description} onChange={(v) => set("description", v)} className="sm:col-span-2" maxLength={20000} />
            <Select
              label={m.language}
              options={[
                { value: "fr", label: m.languages.fr },
                { value: "en", label: m.languages.en },
              ]}
              value={state.language}
              onChange={(v) => v && set("language", v as State["language"])}
            />
            <NumberField label={m.credits} value={state.credits} onChange={(v) => set("credits", v ?? 0)} minValue={0} maxValue={30} errorMessage={errors.credits} />
            <NumberField label={m.coefficient} value={state.coefficient} onChange={(v) => set("coefficient", v ?? 0)} minValue={0.25} maxValue={20} step={0.25} errorMessage={errors.coefficient} />
          </>
        )}
        {step === 3 && (
          <>
            <Select
              label={m.teacher}
              options={[{ value: "-", label: m.noTeacher }, ...options.teachers.map((t) => ({ value: t.id, label: t.full_name }))]}
              value={state.teacherId || "-"}
              onChange={(v) => set("teacherId", v && v !== "-" ? v : "")}
            />
            {recordedOnly ? (
              <p className="self-end text-gray-800">{m.recorded}</p>
            ) : (
              <Select
                label={m.platform}
                options={(["zoom", "teams", "in_person", "none"] as const).map((p) => ({ value: p, label: m.platforms[p] }))}
                value={state.platform}
                onChange={(v) => v && set("platform", v as State["platform"])}
              />
            )}
          </>
        )}
        {step === 4 && (
          <dl className="grid gap-x-4 gap-y-1 sm:col-span-2 sm:grid-cols-[auto_1fr]" aria-label={m.summary} data-testid="wizard-summary">
            <dt className="font-semibold">{m.code}</dt>
            <dd>{state.code}</dd>
            <dt className="font-semibold">{m.title}</dt>
            <dd>{state.title}</dd>
            {kind === "university" && (
              <>
                <dt className="font-semibold">{m.programme}</dt>
                <dd>
                  {name(options.programmes.find((p) => p.id === state.programmeId) ?? { name_fr: "", name_en: "" })} {state.level}
                </dd>
              </>
            )}
            {formation && (
              <>
                <dt className="font-semibold">{m.formation}</dt>
                <dd>{`${name(formation)} (${fill(m.formationInfo, { tier: formation.certificate, months: formation.internship_months })})`}</dd>
              </>
            )}
            {extension && (
              <>
                <dt className="font-semibold">{m.extension}</dt>
                <dd>{name(extension)}</dd>
              </>
            )}
            <dt className="font-semibold">{m.credits}</dt>
            <dd>{state.credits}</dd>
            <dt className="font-semibold">{m.teacher}</dt>
            <dd>{options.teachers.find((t) => t.id === state.teacherId)?.full_name ?? m.noTeacher}</dd>
            <dt className="font-semibold">{m.platform}</dt>
            <dd>{recordedOnly ? m.recorded : m.platforms[state.platform]}</dd>
          </dl>
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          {step > 1 && (
            <Button variant="secondary" onPress={() => setStep(step - 1)}>
              {m.back}
            </Button>
          )}
          <Button type="submit" isPending={busy}>
            {step < 4 ? m.next : m.create}
          </Button>
        </div>
      </form>
    </Card>
  );
}
