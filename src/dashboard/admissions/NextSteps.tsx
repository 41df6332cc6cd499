// /dashboard/applications, once accepted: what comes next, as a checklist — what the
// applicant is admitted to, the application-fee receipt, registration and matricule, the
// year's fees with amounts and the due dates that apply (an instalment already due falls due
// at registration plus the grace days), the start of classes and what to prepare.
import { formatDate, formatXaf } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { LinkButton } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { hrefTo } from "../paths.ts";
import { FeeReceipts } from "./FeeReceipts.tsx";
import { fetchNextSteps, targetName, type MyApplication } from "./data.ts";
import { applicantMessages } from "./applicant-messages.ts";
import { useAdmissionsQuery } from "../ui/query.ts";

function Step({ done, title, children, testId }: { done: boolean; title: string; children: React.ReactNode; testId?: string }) {
  const m = useMessages(applicantMessages).next;
  return (
    <li className="flex gap-3" data-testid={testId}>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${done ? "bg-green-700 text-white" : "border-2 border-brand-600 text-brand-700"}`}
      >
        {done ? "✓" : ""}
      </span>
      <div className="min-w-0 flex-1">
        <h4 className="font-semibold text-brand-900">
          {title} <span className="sr-only">({done ? m.done : m.todo})</span>
        </h4>
        <div className="text-sm">{children}</div>
      </div>
    </li>
  );
}

export function NextSteps({ app }: { app: MyApplication }) {
  const m = useMessages(applicantMessages);
  const n = m.next;
  const locale = useLocale();
  const steps = useAdmissionsQuery(["next-steps", app.id, app.status], () => fetchNextSteps(getSupabase(), app.id));
  if (steps.error) return <ErrorState error={steps.error} onRetry={steps.retry} />;
  if (!steps.data) return steps.loading ? <Skeleton lines={4} /> : null;
  const s = steps.data;
  const name = (v: { name_fr: string; name_en: string } | null) => (v ? (locale === "en" ? v.name_en : v.name_fr) : null);
  const target = [name(s.programme) ?? targetName(app, locale), s.level, name(s.specialty)].filter(Boolean).join(" — ");
  const feePaid = Boolean(app.fee_paid_at) || (app.fee_xaf ?? 0) === 0;
  const today = new Date().toISOString().slice(0, 10);

  return (
    <section className="mb-4 rounded-md border border-green-200 bg-green-50 p-4 text-green-950" data-testid="next-steps" aria-labelledby={`next-${app.id}`}>
      <h3 id={`next-${app.id}`} className="text-lg font-semibold">
        {n.title}
      </h3>
      <p className="mt-1" data-testid="admitted-to">
        {fill(n.admittedTo, { target })}
        {s.asked_level && s.level && s.asked_level !== s.level && <> {fill(n.askedLevel, { level: s.asked_level })}</>}
      </p>
      <ol className="mt-3 flex flex-col gap-4">
        {(app.fee_xaf ?? 0) > 0 && (
          <Step done={feePaid} title={feePaid ? n.feeReceipt : n.feeReceiptDue} testId="step-fee-receipt">
            {feePaid && <FeeReceipts applicationId={app.id} />}
          </Step>
        )}
        <Step done={Boolean(s.registration)} title={n.registration} testId="step-registration">
          {s.registration ? (
            <>
              <p data-testid="my-matricule">{fill(n.registered, { date: formatDate(locale, s.registration.registered_on), matricule: s.registration.matricule })}</p>
              <LinkButton className="mt-2" href={hrefTo(locale, "student.home")}>
                {m.openStudent}
              </LinkButton>
            </>
          ) : (
            <p>{n.registrationWait}</p>
          )}
        </Step>
        <Step done={false} title={n.fees} testId="step-fees">
          {!s.fees ? (
            <p>{n.feesNone}</p>
          ) : (
            <>
              <ul className="list-disc pl-5">
                {s.fees.registration_fee_xaf > 0 && <li>{fill(n.registrationFee, { amount: formatXaf(locale, s.fees.registration_fee_xaf) })}</li>}
                {s.fees.instalments.map((i) => (
                  <li key={`${i.label_fr}-${i.scheduled_on}`}>
                    {fill(n.instalment, { label: locale === "en" ? i.label_en : i.label_fr, amount: formatXaf(locale, i.amount_xaf), date: formatDate(locale, i.due_on) })}
                    {i.due_on !== i.scheduled_on && <> {countOf(locale, n.movedDue, s.fees!.grace_days, { date: formatDate(locale, i.scheduled_on) })}</>}
                  </li>
                ))}
              </ul>
              {s.registration && (
                <LinkButton className="mt-2" href={hrefTo(locale, "student.payments")}>
                  {n.payLink}
                </LinkButton>
              )}
            </>
          )}
        </Step>
        {s.starts_on && (
          <Step done={false} title={n.start} testId="step-start">
            <p>
              {s.starts_on > today
                ? fill(n.startFuture, { date: formatDate(locale, s.starts_on) })
                : fill(n.startOn, { date: formatDate(locale, s.starts_on), semester: formatDate(locale, s.current_semester_starts_on ?? s.starts_on) })}
            </p>
          </Step>
        )}
        <Step done={false} title={n.bring} testId="step-bring">
          <ul className="list-disc pl-5">
            {n.bringItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Step>
      </ol>
    </section>
  );
}
