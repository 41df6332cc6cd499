// admin/finance: the late penalties billed, with what was waived and why, and "Remettre la
// pénalité" where some is still owed. The waiver goes through waive_late_penalty (audited,
// once per penalty, never more than is unpaid); its dialog and form code load on the click.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { formatDate, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { fetchPenalties, type PenaltyLine } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";

const WaiveDialog = lazy(() => import("./WaiveDialog.tsx"));

export function PenaltiesCard({ onDone }: { onDone: () => void }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const [text, setText] = useState("");
  const [lines, setLines] = useState<PenaltyLine[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [target, setTarget] = useState<PenaltyLine | null>(null);
  const [notice, setNotice] = useState("");

  const load = useCallback(async (term: string) => {
    try {
      setLines(await fetchPenalties(getSupabase(), term));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, []);
  useEffect(() => void load(""), [load]);

  const name = (l: PenaltyLine) => l.student_name ?? l.matricule ?? "";
  const lineLabel = (l: PenaltyLine) => fill(m.penaltyLine, { line: locale === "en" ? l.label_en : l.label_fr, due: l.due_on ? formatDate(locale, `${l.due_on}T12:00:00Z`) : "—" });

  return (
    <Card title={m.penaltiesTitle} description={m.penaltiesHelp} testId="penalties">
      {notice && (
        <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load(text);
        }}
        className="mb-3 flex flex-wrap items-end gap-3"
        aria-label={m.penaltiesTitle}
      >
        <TextField label={m.penaltySearch} value={text} onChange={setText} maxLength={100} />
        <Button type="submit" variant="secondary">
          {m.find}
        </Button>
      </form>
      {error ? (
        <ErrorState error={error} onRetry={() => void load(text)} />
      ) : !lines ? (
        <Skeleton lines={3} label={m.loading} />
      ) : !lines.length ? (
        <p className="text-sm text-gray-700">{m.noPenalty}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {lines.map((l) => (
            <li key={l.penalty_id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="penalty-row">
              <div>
                <p className="font-medium text-gray-900">
                  {name(l)} {l.matricule && l.student_name ? `(${l.matricule})` : ""} · {fill(m.penaltyAmount, { amount: formatXaf(locale, l.penalty_xaf) })}
                </p>
                <p className="text-sm text-gray-700">{lineLabel(l)}</p>
                {l.penalty_waived_xaf > 0 && <p className="text-sm text-green-900">{fill(m.waived, { amount: formatXaf(locale, l.penalty_waived_xaf), reason: l.penalty_waiver_reason ?? "" })}</p>}
              </div>
              {l.waivable_xaf > 0 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onPress={() => {
                    setNotice("");
                    setTarget(l);
                  }}
                  aria-label={fill(m.waiveLabel, { name: name(l), line: locale === "en" ? l.label_en : l.label_fr })}
                >
                  {m.waive}
                </Button>
              ) : (
                l.penalty_waived_xaf === 0 && <span className="text-sm font-semibold text-gray-800">{m.penaltyPaid}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {target && (
        <Suspense fallback={null}>
          <WaiveDialog
            penalty={target}
            onClose={() => setTarget(null)}
            onDone={async (amount) => {
              setNotice(fill(m.waivedNotice, { name: name(target), amount: formatXaf(locale, amount) }));
              setTarget(null);
              await load(text);
              onDone();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
