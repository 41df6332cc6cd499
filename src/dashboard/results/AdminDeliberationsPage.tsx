// Deliberations (admin): per semester, the results as the engine computes them now, closing
// the normal then the resit session (the results are frozen, the marks locked; what is still
// missing is shown first and needs an override), publishing each closed session, and the
// registrar's audited reopening of the last closed one (resit before normal, as the database).
import { useId, useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { formatDate, formatMark } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { cx, inputBox, labelText } from "../ui/styles.ts";
import { CloseSessionDialog } from "./CloseSessionDialog.tsx";
import { fetchDeliberation, fetchSemesters, publishDeliberation, reopenableSession, type Deliberation } from "./data.ts";
import { ReopenSessionDialog } from "./ReopenSessionDialog.tsx";
import { resultsMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const th = "px-3 py-2 text-start font-semibold text-gray-900";
const td = "px-3 py-2 text-gray-900";
const TONES = { validated: "success", resit: "warning", deferred: "danger", incomplete: "neutral" } as const;

export default function AdminDeliberationsPage(_: PageProps) {
  const all = useMessages(resultsMessages);
  const m = all.deliberation;
  const locale = useLocale();
  const selectId = useId();
  const semesters = usePeopleQuery(["results-semesters"], () => fetchSemesters(getSupabase()));
  const [chosen, setChosen] = useState("");
  const semester = semesters.data?.find((s) => s.id === chosen) ?? semesters.data?.find((s) => s.is_current) ?? semesters.data?.[0];
  const state = usePeopleQuery(["results-deliberation", semester?.id ?? ""], () => (semester ? fetchDeliberation(getSupabase(), semester.id) : Promise.resolve(null)));
  const [closing, setClosing] = useState(false);
  const [publishing, setPublishing] = useState<Deliberation | null>(null);
  const [reopening, setReopening] = useState<Deliberation | null>(null);
  const reopenable = state.data ? reopenableSession(state.data.sessions) : null;
  const semesterName = (s: NonNullable<typeof semester>) => `${locale === "en" ? s.name_en : s.name_fr} ${s.year?.label ?? ""}`;
  const count = (d: "validated" | "resit" | "deferred" | "incomplete") => state.data?.results.filter((r) => r.decision === d).length ?? 0;

  return (
    <>
      <PageHeader title={m.title} description={m.description} />
      {semesters.error ? (
        <ErrorState error={semesters.error} onRetry={semesters.retry} />
      ) : !semesters.data || !semester ? (
        <Skeleton label={all.loading} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex max-w-md flex-col gap-1">
            <label htmlFor={selectId} className={labelText}>
              {m.semester}
            </label>
            <select id={selectId} value={semester.id} onChange={(e) => setChosen(e.currentTarget.value)} className={cx(inputBox, "min-h-11")} data-testid="deliberation-semester">
              {semesters.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {semesterName(s)}
                </option>
              ))}
            </select>
          </div>
          {state.error ? (
            <ErrorState error={state.error} onRetry={state.retry} />
          ) : !state.data ? (
            <Skeleton label={all.loading} />
          ) : (
            <>
              <Card title={m.sessions} actions={state.data.next && state.data.results.length > 0 ? <Button onPress={() => setClosing(true)}>{m.close[state.data.next]}</Button> : undefined}>
                {state.data.sessions.length === 0 ? (
                  <p className="text-gray-700">{m.none}</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {state.data.sessions.map((d) => (
                      <li key={d.id} className="flex flex-wrap items-center gap-3">
                        <span className="font-semibold">{all.session[d.session]}</span>
                        <span className="text-gray-700">
                          {fill(m.closedOn, { date: formatDate(locale, new Date(d.closed_at)) })},{" "}
                          {d.published_at ? fill(m.publishedOn, { date: formatDate(locale, new Date(d.published_at)) }) : m.notPublished}
                        </span>
                        {!d.published_at && (
                          <Button size="sm" variant="secondary" onPress={() => setPublishing(d)} aria-label={`${m.publish} — ${all.session[d.session]}`}>
                            {m.publish}
                          </Button>
                        )}
                        {d.id === reopenable?.id && (
                          <Button size="sm" variant="secondary" onPress={() => setReopening(d)} aria-label={`${m.reopen} — ${all.session[d.session]}`}>
                            {m.reopen}
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card
                title={state.data.next ? m.preview[state.data.next] : m.preview.done}
                description={fill(m.summary, {
                  validated: countOf(locale, m.summaryParts.validated, count("validated")),
                  resit: countOf(locale, m.summaryParts.resit, count("resit")),
                  deferred: countOf(locale, m.summaryParts.deferred, count("deferred")),
                  incomplete: countOf(locale, m.summaryParts.incomplete, count("incomplete")),
                })}
              >
                {state.data.results.length === 0 ? (
                  <EmptyState headingLevel={3} title={m.noStudents} />
                ) : (
                  <TableFrame>
                    <table className="min-w-full text-sm" data-testid="deliberation-results">
                      <thead className="bg-gray-50">
                        <tr>
                          <th scope="col" className={th}>
                            {m.student}
                          </th>
                          <th scope="col" className={`${th} text-end`}>
                            {all.average}
                          </th>
                          <th scope="col" className={`${th} text-end`}>
                            {all.gpa}
                          </th>
                          <th scope="col" className={`${th} text-end`}>
                            {all.credits}
                          </th>
                          <th scope="col" className={th}>
                            {all.decision}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {state.data.results.map((r) => (
                          <tr key={r.student_id} className="border-t border-gray-200">
                            <th scope="row" className={`${td} font-medium`}>
                              {r.name}
                            </th>
                            <td className={`${td} text-end tabular-nums`}>{r.average === null ? all.noMark : formatMark(locale, r.average)}</td>
                            <td className={`${td} text-end tabular-nums`}>{r.gpa === null ? all.noMark : formatMark(locale, r.gpa)}</td>
                            <td className={`${td} text-end tabular-nums`}>{fill(all.creditsValue, { earned: r.credits_earned, total: r.credits_total })}</td>
                            <td className={td}>
                              <StatusPill tone={TONES[r.decision]}>{all.decisions[r.decision]}</StatusPill>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableFrame>
                )}
              </Card>
            </>
          )}
        </div>
      )}
      {closing && state.data?.next && semester && (
        <CloseSessionDialog
          semesterId={semester.id}
          session={state.data.next}
          onClose={() => setClosing(false)}
          onClosed={() => {
            showToast({ title: m.closedToast, variant: "success" });
            setClosing(false);
            state.retry();
          }}
        />
      )}
      {reopening && (
        <ReopenSessionDialog
          deliberation={reopening}
          onClose={() => setReopening(null)}
          onReopened={() => {
            showToast({ title: m.reopenedToast, variant: "success" });
            setReopening(null);
            state.retry();
          }}
        />
      )}
      {publishing && (
        <ConfirmDialog
          title={fill(m.publishTitle, { session: all.session[publishing.session] })}
          confirmLabel={m.publish}
          variant="primary"
          isOpen
          onOpenChange={(open) => !open && setPublishing(null)}
          onConfirm={async () => {
            const told = await publishDeliberation(getSupabase(), publishing.id);
            showToast({ title: countOf(locale, m.publishedToast, told), variant: "success" });
            setPublishing(null);
            state.retry();
          }}
        >
          {m.publishBody}
        </ConfirmDialog>
      )}
    </>
  );
}
