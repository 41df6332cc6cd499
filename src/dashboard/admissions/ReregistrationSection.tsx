// admin/student-enrollments, "Réinscriptions": a cohort (programme, level, year) and the
// year to re-register it for; each student with its published result and the proposed
// level (next, repeat, undecided), server-paged; re-register the chosen students or the
// whole cohort in one call (reregister_cohort: one outcome per student, shown), an
// undecided student at the same level with a reason, and the certificate of enrolment of
// a student registered for the chosen year (its PDF module loads on the click).
import { useId, useMemo, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { cx, inputBox, labelText } from "../ui/styles.ts";
import { refusalOf } from "../../lib/admissions/reregistration.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { CertificateButton } from "./CertificateButton.tsx";
import { fetchCandidates, fetchYearsAndProgrammes, reregisterCohort, reregisterSameLevel, type Candidate, type Cohort, type ReregistrationOutcome } from "./data.ts";
import { reregistrationMessages } from "./reregistration-messages.ts";
import { useAdmissionsQuery } from "../ui/query.ts";

const LEVELS = ["L1", "L2", "L3", "M1", "M2"];
const TONES: Record<Candidate["outcome"], Tone> = { progress: "success", repeat: "warning", undecided: "neutral" };

export function ReregistrationSection() {
  const m = useMessages(reregistrationMessages);
  const locale = useLocale();
  const supabase = getSupabase();
  const choices = useAdmissionsQuery(["rereg-choices"], () => fetchYearsAndProgrammes(supabase));
  const years = useMemo(() => choices.data?.years ?? [], [choices.data]);
  const current = years.findIndex((y) => y.is_current);
  const [programme, setProgramme] = useState("");
  const [level, setLevel] = useState("L1");
  const [year, setYear] = useState("");
  const [target, setTarget] = useState("");
  // Defaults: last year's cohort, re-registered for the current year.
  const sourceYear = year || years[Math.max(current - 1, 0)]?.id || "";
  const sourceStart = years.find((y) => y.id === sourceYear)?.starts_on ?? "";
  const laterYears = years.filter((y) => y.starts_on > sourceStart);
  const targetYear = laterYears.some((y) => y.id === target) ? target : ((laterYears.find((y) => y.is_current) ?? laterYears[0])?.id ?? "");
  const cohort: Cohort | null = programme && sourceYear && targetYear ? { programme, level, year: sourceYear, target_year: targetYear } : null;

  if (choices.error)
    return (
      <Card title={m.title}>
        <ErrorState error={choices.error} onRetry={choices.retry} />
      </Card>
    );
  if (!choices.data)
    return (
      <Card title={m.title}>
        <Skeleton lines={4} />
      </Card>
    );
  return (
    <Card title={m.title} description={m.intro} testId="reregistration">
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          label={m.programme}
          allLabel={m.chooseProgramme}
          value={programme}
          onChange={setProgramme}
          testId="rereg-programme"
          options={choices.data.programmes.map((p) => ({ value: p.id, label: locale === "en" ? p.name_en : p.name_fr }))}
        />
        <LevelSelect label={m.level} value={level} onChange={setLevel} />
        <YearSelect label={m.year} value={sourceYear} onChange={setYear} options={years.filter((y) => years.some((z) => z.starts_on > y.starts_on))} />
        <YearSelect label={m.targetYear} value={targetYear} onChange={setTarget} options={laterYears} />
      </div>
      {!laterYears.length ? (
        <p className="mt-4 text-gray-700">{m.noLaterYear}</p>
      ) : !cohort ? (
        <p className="mt-4 text-gray-700">{m.choose}</p>
      ) : (
        <CohortTable key={JSON.stringify(cohort)} cohort={cohort} targetLabel={years.find((y) => y.id === targetYear)?.label ?? ""} />
      )}
    </Card>
  );
}

function CohortTable({ cohort, targetLabel }: { cohort: Cohort; targetLabel: string }) {
  const m = useMessages(reregistrationMessages);
  const locale = useLocale();
  const supabase = getSupabase();
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery({}));
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<"selected" | "all" | null>(null);
  const [holding, setHolding] = useState<Candidate | null>(null);
  const [outcomes, setOutcomes] = useState<{ rows: ReregistrationOutcome[]; names: Record<string, string> } | null>(null);
  const page = useAdmissionsQuery(["rereg", JSON.stringify(cohort), query.page, query.pageSize], () => fetchCandidates(supabase, cohort, query));
  const names = Object.fromEntries((page.data?.rows ?? []).map((c) => [c.student_id, c.full_name]));
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const columns: DataColumn<Candidate>[] = [
    {
      id: "select",
      header: m.columns.select,
      cell: (c) =>
        c.target_level ? null : (
          <input type="checkbox" className="h-5 w-5" checked={selected.includes(c.student_id)} onChange={() => toggle(c.student_id)} aria-label={fill(m.select, { name: c.full_name })} />
        ),
      csv: () => "",
    },
    { id: "name", header: m.columns.name, cell: (c) => c.full_name },
    { id: "matricule", header: m.columns.matricule, cell: (c) => <span className="font-mono">{c.student_number}</span>, csv: (c) => c.student_number },
    {
      id: "result",
      header: m.columns.result,
      cell: (c) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={TONES[c.outcome]}>{m.outcomes[c.outcome]}</Badge>
          {c.credits_total > 0 && <span className="text-sm text-gray-700">{fill(m.credits, { earned: c.credits_earned, total: c.credits_total })}</span>}
        </span>
      ),
      csv: (c) => m.outcomes[c.outcome],
    },
    {
      id: "proposal",
      header: m.columns.proposal,
      cell: (c) => (c.outcome === "undecided" ? m.proposal.undecided : c.proposed_level ? fill(m.proposal[c.outcome], { level: c.proposed_level }) : m.proposal.last),
    },
    { id: "target", header: m.columns.target, cell: (c) => (c.target_level ? fill(m.registered, { level: c.target_level }) : "—") },
    {
      id: "action",
      header: m.columns.action,
      cell: (c) =>
        c.target_registration_id ? (
          <CertificateButton registrationId={c.target_registration_id} name={c.full_name} />
        ) : (
          <Button size="sm" variant="ghost" onPress={() => setHolding(c)}>
            {m.sameLevel}
            <span className="sr-only"> {c.full_name}</span>
          </Button>
        ),
      csv: () => "",
    },
  ];

  const run = async (students: string[] | null) => {
    const rows = await reregisterCohort(supabase, cohort, students);
    setOutcomes({ rows, names: { ...names } });
    setSelected([]);
    page.retry();
  };

  return (
    <div className="mt-4 space-y-4">
      <DataTable
        caption={m.title}
        captionHidden
        columns={columns}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={page.loading}
        error={page.error}
        onRetry={page.retry}
        getRowId={(c) => c.student_id}
        empty={<EmptyState headingLevel={3} title={m.empty} />}
      />
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-gray-700">
          {countOf(locale, m.selected, selected.length)}
        </p>
        <Button isDisabled={selected.length === 0} onPress={() => setConfirming("selected")}>
          {m.reregisterSelected}
        </Button>
        <Button variant="secondary" isDisabled={!page.data?.total} onPress={() => setConfirming("all")}>
          {m.reregisterAll}
        </Button>
      </div>
      {outcomes && (
        <section aria-labelledby="rereg-results" className="rounded-md border border-gray-200 p-3" data-testid="rereg-results">
          <h3 id="rereg-results" className="font-semibold text-gray-900">
            {m.results}
          </h3>
          <ul className="mt-1 space-y-1">
            {outcomes.rows.map((o) => (
              <li key={o.student_id} className={o.ok ? "text-green-800" : "text-red-800"}>
                {o.ok
                  ? fill(m.ok, { name: outcomes.names[o.student_id] ?? o.student_id, level: o.level_code ?? "" })
                  : fill(m.refused, { name: outcomes.names[o.student_id] ?? o.student_id, error: m.refusals[refusalOf(o.error)] })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        title={confirming === "all" ? m.reregisterAll : m.reregisterSelected}
        confirmLabel={m.reregister}
        variant="primary"
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={() => run(confirming === "all" ? null : selected)}
      >
        {confirming === "all" ? fill(m.confirmAll, { year: targetLabel }) : countOf(locale, m.confirm, selected.length, { year: targetLabel })}
      </ConfirmDialog>
      {holding && (
        <SameLevelDialog
          candidate={holding}
          cohort={cohort}
          onClose={() => setHolding(null)}
          onDone={(level) => {
            setOutcomes({ rows: [{ student_id: holding.student_id, ok: true, level_code: level, outcome: holding.outcome, error: null }], names: { [holding.student_id]: holding.full_name } });
            page.retry();
          }}
        />
      )}
    </div>
  );
}

function SameLevelDialog({ candidate, cohort, onClose, onDone }: { candidate: Candidate; cohort: Cohort; onClose: () => void; onDone: (level: string) => void }) {
  const m = useMessages(reregistrationMessages);
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState(false);
  return (
    <ConfirmDialog
      title={fill(m.sameLevelTitle, { name: candidate.full_name })}
      confirmLabel={m.reregister}
      variant="primary"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={async () => {
        if (reason.trim().length < 3) {
          setInvalid(true);
          throw Object.assign(new Error(m.reasonRequired), { code: "22023" });
        }
        onDone(await reregisterSameLevel(getSupabase(), candidate.student_id, cohort.target_year, reason.trim()));
      }}
    >
      <TextField
        label={m.reason}
        description={m.reasonHelp}
        value={reason}
        onChange={(v) => {
          setReason(v);
          setInvalid(false);
        }}
        isRequired
        errorMessage={invalid ? m.reasonRequired : undefined}
      />
    </ConfirmDialog>
  );
}

function LevelSelect({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return <NativeChoice label={label} value={value} onChange={onChange} options={LEVELS.map((l) => ({ value: l, label: l }))} testId="rereg-level" />;
}

function YearSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: { id: string; label: string }[] }) {
  return <NativeChoice label={label} value={value} onChange={onChange} options={options.map((y) => ({ value: y.id, label: y.label }))} />;
}

function NativeChoice({ label, value, onChange, options, testId }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; testId?: string }) {
  const id = useId();
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} className={cx(inputBox, "min-h-11")} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
