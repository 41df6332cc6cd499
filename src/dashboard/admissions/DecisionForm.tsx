// A reviewer's decision on one or several applications: accept, waitlist, reject (with a
// reason, from a template or written), or put under review. The database checks the
// transition and writes the history.
import { useId, useState, type SubmitEvent } from "react";
import { DECISIONS, type Decision } from "../../lib/admissions/rules.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { cx, errorText, inputBox, labelText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { decide } from "./data.ts";
import { admissionsMessages } from "./messages.ts";

export function DecisionForm({ ids, onDone, submitLabel }: { ids: string[]; onDone: (decision: Decision) => void; submitLabel?: string }) {
  const m = useMessages(admissionsMessages);
  const f = m.file;
  const errorMessage = useErrorMessage();
  const id = useId();
  const [decision, setDecision] = useState<Decision>("admitted");
  const [template, setTemplate] = useState<keyof typeof f.templates>("none");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (decision === "rejected" && !reason.trim()) return setError(f.reasonRequired);
    setError(null);
    setPending(true);
    try {
      await decide(getSupabase(), ids, decision, reason.trim());
      setReason("");
      setTemplate("none");
      onDone(decision);
    } catch (thrown) {
      setError(errorMessage(thrown));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-busy={pending}>
      <div>
        <label htmlFor={`${id}-decision`} className={labelText}>{f.decision}</label>
        <select id={`${id}-decision`} className={cx(inputBox, "min-h-11 w-full")} value={decision} onChange={(e) => setDecision(e.currentTarget.value as Decision)}>
          {DECISIONS.map((d) => <option key={d} value={d}>{f.decisions[d]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-template`} className={labelText}>{f.template}</label>
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
          {(Object.keys(f.templates) as (keyof typeof f.templates)[]).map((k) => <option key={k} value={k}>{f.templates[k]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className={labelText}>{f.reason}</label>
        <textarea id={`${id}-reason`} rows={3} maxLength={1000} className={cx(inputBox, "w-full")} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <p id={`${id}-error`} className={errorText} role="alert">{error}</p>}
      </div>
      <Button type="submit" isPending={pending} isDisabled={!ids.length}>{submitLabel ?? f.confirm}</Button>
    </form>
  );
}
