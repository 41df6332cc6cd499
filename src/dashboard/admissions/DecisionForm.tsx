// A reviewer's decision on one or several applications: accept, waitlist, reject (with a
// reason, from a template or written), or put under review. For one programme application
// the reviewer also chooses what it is admitted to (programme, level, specialty; the
// applicant's choice preselected). Every decision is confirmed first (the applicant is told at
// once); the database checks the transition, records the history and the audit entry.
import { useId, useMemo, useState, type SubmitEvent } from "react";
import { DECISIONS, type Decision } from "../../lib/admissions/rules.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { cx, errorText, inputBox, labelText } from "../ui/styles.ts";
import { decide, fetchAdmissionTargets, targetName, type AdmissionTarget, type Application, type TargetProgramme } from "./data.ts";
import { admissionsMessages } from "./messages.ts";
import { useAdmissionsQuery } from "../ui/query.ts";

const LEVELS = { licence: ["L1", "L2", "L3"], master: ["M1", "M2"], "licence-master": ["L1", "L2", "L3", "M1", "M2"] } as const;

export function DecisionForm({
  ids,
  app,
  onDone,
  submitLabel,
}: {
  ids: string[];
  /** The one file decided (its programme and level can then be chosen). */
  app?: Application;
  onDone: (decision: Decision) => void;
  submitLabel?: string;
}) {
  const m = useMessages(admissionsMessages);
  const f = m.file;
  const locale = useLocale();
  const id = useId();
  const [decision, setDecision] = useState<Decision>("admitted");
  const [template, setTemplate] = useState<keyof typeof f.templates>("none");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const choosesTarget = Boolean(app?.programme_id);
  const [target, setTarget] = useState<AdmissionTarget | null>(() =>
    app?.programme_id
      ? {
          programme: app.admitted_programme_id ?? app.programme_id,
          level: app.admitted_level_code ?? app.level_code ?? "L1",
          specialty: app.admitted_programme_id ? app.admitted_specialty_id : app.specialty_id,
        }
      : null,
  );
  const asked = { programme: app?.programme_id ?? null, specialty: app?.specialty_id ?? null };
  const programmes = useAdmissionsQuery(["admission-targets", asked.programme ?? "none", asked.specialty ?? "none"], () =>
    choosesTarget ? fetchAdmissionTargets(getSupabase(), asked) : Promise.resolve([] as TargetProgramme[]),
  );
  const programme = programmes.data?.find((p) => p.id === target?.programme);
  const specialties = useMemo(() => (programme?.specialties ?? []).filter((s) => s.levels.some((l) => l.level_code === target?.level)), [programme, target?.level]);
  const showTarget = choosesTarget && decision === "admitted" && target;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (decision === "rejected" && !reason.trim()) return setError(f.reasonRequired);
    setError(null);
    setConfirming(true);
  }

  const targetLabel = () => {
    if (!app) return "";
    if (!programme || !target) return targetName(app, locale);
    const specialty = specialties.find((s) => s.id === target.specialty);
    return [locale === "en" ? programme.name_en : programme.name_fr, target.level, specialty && (locale === "en" ? specialty.name_en : specialty.name_fr)].filter(Boolean).join(" — ");
  };
  const name = app?.full_name ?? "";
  const question =
    !app || ids.length > 1
      ? fill(f.confirmMany, { decision: f.decisions[decision], n: String(ids.length) })
      : decision === "admitted"
        ? fill(f.confirmAdmit, { name, target: targetLabel() })
        : decision === "rejected"
          ? fill(f.confirmReject, { name })
          : fill(f.confirmOther, { decision: f.decisions[decision], name });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${id}-decision`} className={labelText}>
          {f.decision}
        </label>
        <select id={`${id}-decision`} className={cx(inputBox, "min-h-11 w-full")} value={decision} onChange={(e) => setDecision(e.currentTarget.value as Decision)}>
          {DECISIONS.map((d) => (
            <option key={d} value={d}>
              {f.decisions[d]}
            </option>
          ))}
        </select>
      </div>
      {showTarget && (
        <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold text-gray-700">{f.admitTo}</legend>
          <div>
            <label htmlFor={`${id}-programme`} className={labelText}>
              {f.programme}
            </label>
            <select
              id={`${id}-programme`}
              className={cx(inputBox, "min-h-11 w-full")}
              value={target.programme}
              onChange={(e) => {
                const next = programmes.data?.find((p) => p.id === e.currentTarget.value);
                const levels: readonly string[] = next ? LEVELS[next.degree] : [];
                setTarget({ programme: e.currentTarget.value, level: levels.includes(target.level) ? target.level : (levels[0] ?? target.level), specialty: null });
              }}
            >
              {(programmes.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {locale === "en" ? p.name_en : p.name_fr}
                </option>
              ))}
              {!programmes.data && <option value={target.programme}>{targetName(app!, locale)}</option>}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-level`} className={labelText}>
              {f.admitLevel}
            </label>
            <select
              id={`${id}-level`}
              className={cx(inputBox, "min-h-11 w-full")}
              value={target.level}
              aria-describedby={`${id}-asked`}
              onChange={(e) => {
                const level = e.currentTarget.value;
                const keeps = programme?.specialties.some((s) => s.id === target.specialty && s.levels.some((l) => l.level_code === level));
                setTarget({ ...target, level, specialty: keeps ? target.specialty : null });
              }}
            >
              {(programme ? LEVELS[programme.degree] : [target.level]).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
            <p id={`${id}-asked`} className="mt-1 text-sm text-gray-700">
              {fill(f.asked, { level: app!.level_code ?? "—" })}
            </p>
          </div>
          {specialties.length > 0 && (
            <div>
              <label htmlFor={`${id}-specialty`} className={labelText}>
                {f.specialty}
              </label>
              <select
                id={`${id}-specialty`}
                className={cx(inputBox, "min-h-11 w-full")}
                value={target.specialty ?? ""}
                onChange={(e) => setTarget({ ...target, specialty: e.currentTarget.value || null })}
              >
                <option value="">{f.noSpecialty}</option>
                {specialties.map((s) => (
                  <option key={s.id} value={s.id}>
                    {locale === "en" ? s.name_en : s.name_fr}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
      )}
      <div>
        <label htmlFor={`${id}-template`} className={labelText}>
          {f.template}
        </label>
        <select
          id={`${id}-template`}
          className={cx(inputBox, "min-h-11 w-full")}
          value={template}
          onChange={(e) => {
            const key = e.currentTarget.value as keyof typeof f.templates;
            setTemplate(key);
            if (key !== "none") setReason(f.templates[key]);
          }}
        >
          {(Object.keys(f.templates) as (keyof typeof f.templates)[]).map((k) => (
            <option key={k} value={k}>
              {f.templates[k]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className={labelText}>
          {f.reason}
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={1000}
          className={cx(inputBox, "w-full")}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className={errorText} role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" isDisabled={!ids.length}>
        {submitLabel ?? f.confirm}
      </Button>
      <ConfirmDialog
        title={f.confirmTitle}
        confirmLabel={f.decisions[decision]}
        variant={decision === "rejected" ? "danger" : "primary"}
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={async () => {
          await decide(getSupabase(), ids, decision, reason.trim(), showTarget ? target : undefined);
          setReason("");
          setTemplate("none");
          onDone(decision);
        }}
      >
        {question}
      </ConfirmDialog>
    </form>
  );
}
