// /dashboard/applications (anyone signed in, with or without a role): the applicant's own
// applications — status, history, the fee, requested documents to upload, withdrawal (until
// acceptance); once accepted, the checklist of what comes next (NextSteps.tsx).
import { useEffect, useState, type SubmitEvent } from "react";
import { DOCUMENT_ACCEPT, WITHDRAWABLE, feePaymentSchema, fileProblem, type DocumentKind } from "../../lib/admissions/rules.ts";
import { formatDate, formatDateTime, formatXaf } from "../../lib/format.ts";
import { revalidateKeys } from "../../lib/data-cache.ts";
import { localizedPath } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { useErrorMessage } from "../ui/toast.ts";
import { errorText, labelText } from "../ui/styles.ts";
import { FeeReceipts } from "./FeeReceipts.tsx";
import { NextSteps } from "./NextSteps.tsx";
import { fetchMatricules, fetchMyApplications, fetchMyCourses, payApplicationFee, targetName, uploadRequestedDocument, withdrawApplication, type DocumentRequest, type MyApplication } from "./data.ts";
import { applicantMessages } from "./applicant-messages.ts";
import { admissionsMessages } from "./messages.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import { invalidateAdmissions, useAdmissionsQuery } from "../ui/query.ts";

const FORM_OF: Record<string, string> = { general: "/application", international: "/application", professional: "/application/professional", extension: "/application/extension" };

export default function ApplicantApplicationsPage(_: PageProps) {
  const mine = useMessages(applicantMessages);
  const locale = useLocale();
  const { userId, roles } = useSignedIn();
  const supabase = getSupabase();
  // Page-level, so it survives the list refreshing after an upload or a withdrawal.
  const [notice, setNotice] = useState<string | null>(null);
  const apps = useAdmissionsQuery(["mine", userId], async () => {
    const list = await fetchMyApplications(supabase, userId);
    const enrolled = list.filter((a) => a.status === "enrolled").map((a) => a.id);
    const [matricules, courses] = await Promise.all([fetchMatricules(supabase, enrolled), enrolled.length ? fetchMyCourses(supabase, userId) : []]);
    return { list, matricules, courses };
  });

  // Registered since the roles were read: read them again, so the student area opens now.
  const registered = apps.data?.list.some((a) => a.status === "enrolled") ?? false;
  useEffect(() => {
    if (registered && !roles.includes("student")) void revalidateKeys((key) => key.startsWith("roles"));
  }, [registered, roles]);

  return (
    <>
      <PageHeader title={mine.title} description={mine.intro} actions={<LinkButton href={localizedPath(locale, "/application")}>{mine.apply}</LinkButton>} />
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          {notice}
        </p>
      )}
      {apps.loading || (!apps.data && !apps.error) ? (
        <Skeleton blocks={2} />
      ) : apps.error ? (
        <ErrorState error={apps.error} onRetry={apps.retry} />
      ) : !apps.data?.list.length ? (
        <EmptyState
          title={mine.empty}
          action={
            <LinkButton variant="primary" href={localizedPath(locale, "/application")}>
              {mine.apply}
            </LinkButton>
          }
        />
      ) : (
        <ul className="flex flex-col gap-6">
          {apps.data.list.map((app) => (
            <li key={app.id}>
              <ApplicationCard app={app} matricule={apps.data!.matricules[app.id]} courses={apps.data!.courses} userId={userId} onNotice={setNotice} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ApplicationCard({
  app,
  matricule,
  courses,
  userId,
  onNotice,
}: {
  app: MyApplication;
  matricule?: string;
  courses: { code: string; title: string }[];
  userId: string;
  onNotice: (notice: string) => void;
}) {
  const m = useMessages(admissionsMessages);
  const mine = useMessages(applicantMessages);
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const openRequests = app.requests.filter((r) => !r.fulfilled_at);
  const accepted = app.status === "admitted" || app.status === "enrolled";
  const feeDue = (app.fee_xaf ?? 0) > 0 && !app.fee_paid_at && app.status !== "draft" && app.status !== "withdrawn";

  return (
    <Card
      title={targetName(app, locale)}
      description={app.status === "draft" ? undefined : fill(mine.submittedOn, { date: formatDate(locale, app.submitted_at) })}
      actions={<StatusBadge status={app.status} />}
      testId={`application-${app.id}`}
    >
      {app.status === "draft" && (
        <LinkButton variant="primary" href={localizedPath(locale, FORM_OF[app.kind] ?? "/application")}>
          {mine.continueDraft}
        </LinkButton>
      )}
      {accepted && <NextSteps app={app} />}
      {matricule && courses.length > 0 && (
        <section className="mb-4">
          <h3 className="font-semibold text-brand-900">{mine.courses}</h3>
          <ul className="list-disc pl-5" data-testid="my-courses">
            {courses.map((c) => (
              <li key={c.code}>
                {c.code} — {c.title}
              </li>
            ))}
          </ul>
        </section>
      )}
      {app.decision_reason && (app.status === "rejected" || app.status === "waitlisted") && (
        <p className="mb-4">
          <span className="font-semibold">{mine.reason} : </span>
          {app.decision_reason}
        </p>
      )}
      {feeDue && <FeePayment app={app} />}
      {app.fee_paid_at && (app.fee_xaf ?? 0) > 0 && !accepted && (
        <>
          <p className="mb-2 text-sm text-green-900">{mine.feePaid}</p>
          <FeeReceipts applicationId={app.id} />
        </>
      )}

      {openRequests.map((request) => (
        <RequestUpload key={request.id} request={request} app={app} userId={userId} onDone={() => onNotice(mine.uploaded)} />
      ))}

      {app.history.length > 0 && (
        <section className="mt-4">
          <h3 className="font-semibold text-brand-900">{mine.history}</h3>
          <ol className="mt-2 border-l-2 border-brand-100 pl-4" data-testid="application-history">
            {app.history.map((h) => (
              <li key={h.id} className="mb-2">
                <span className="font-medium">{m.statuses[h.to_status]}</span> <span className="text-sm text-gray-700">— {formatDateTime(locale, h.changed_at)}</span>
                {h.note && (h.to_status === "rejected" || h.to_status === "waitlisted" || h.to_status === "documents_requested") && <p className="text-sm text-gray-700">{h.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}

      {app.documents.length > 0 && (
        <section className="mt-4">
          <h3 className="font-semibold text-brand-900">{mine.documents}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {app.documents.map((d) => (
              <li key={d.id}>
                {m.documentKinds[d.kind as DocumentKind] ?? d.kind} — {d.file_name}
              </li>
            ))}
          </ul>
        </section>
      )}

      {app.status === "admitted" && <p className="mt-4 text-sm text-gray-700">{mine.noWithdrawal}</p>}
      {WITHDRAWABLE.includes(app.status) && (
        <div className="mt-4">
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {mine.withdraw}
          </Button>
          <ConfirmDialog
            title={mine.withdraw}
            confirmLabel={mine.withdraw}
            isOpen={confirming}
            onOpenChange={setConfirming}
            onConfirm={async () => {
              await withdrawApplication(getSupabase(), app.id);
              onNotice(mine.withdrawn);
              invalidateAdmissions();
            }}
          >
            {mine.withdrawConfirm}
          </ConfirmDialog>
        </div>
      )}
    </Card>
  );
}

function RequestUpload({ request, app, userId, onDone }: { request: DocumentRequest; app: MyApplication; userId: string; onDone: () => void }) {
  const m = useMessages(admissionsMessages);
  const mine = useMessages(applicantMessages);
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `request-${request.id}`;

  async function onFile(file: File | undefined) {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return setError(mine[problem]);
    setError(null);
    setBusy(true);
    try {
      await uploadRequestedDocument(getSupabase(), userId, app.id, request.kind as DocumentKind, file, request.id);
      onDone();
      invalidateAdmissions();
    } catch (thrown) {
      setError(errorMessage(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="document-request">
      <p className="font-semibold text-amber-900">
        {mine.requested} : {m.documentKinds[request.kind as DocumentKind] ?? request.kind}
      </p>
      {request.message && <p className="mt-1 text-sm">{request.message}</p>}
      <label htmlFor={id} className={`${labelText} mt-2`}>
        {mine.upload}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        disabled={busy}
        className="mt-1 block text-sm"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

function FeePayment({ app }: { app: MyApplication }) {
  const mine = useMessages(applicantMessages);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [channel, setChannel] = useState<"mtn_momo" | "orange_money">("mtn_momo");
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "pending" | "failed" | "busy">("idle");
  const amount = formatXaf(locale, app.fee_xaf ?? 0);
  const id = `fee-${app.id}`;

  // While the payer approves on the phone, look again every 3 seconds (for 2 minutes).
  useEffect(() => {
    if (state !== "pending") return;
    let left = 40;
    const timer = window.setInterval(() => {
      invalidateAdmissions();
      if (--left <= 0) window.clearInterval(timer);
    }, 3000);
    return () => window.clearInterval(timer);
  }, [state]);

  async function onPay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = feePaymentSchema.safeParse({ application_id: app.id, channel, phone });
    if (!parsed.success) return setPhoneError(mine.payPhoneInvalid);
    setPhoneError(null);
    setState("busy");
    try {
      const payment = await payApplicationFee(getSupabase(), app.id, channel, phone);
      setState(payment.status === "failed" ? "failed" : "pending");
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "payment_in_progress") return setState("pending");
      setState("failed");
      setPhoneError(code === "already_paid" ? mine.feePaid : errorMessage(error));
    }
  }

  return (
    <form onSubmit={onPay} noValidate className="mb-4 rounded-md bg-amber-50 p-3 text-amber-950" aria-busy={state === "busy"} data-testid="fee-payment">
      <p className="text-sm">{fill(mine.feeDue, { amount })}</p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-channel`} className={labelText}>
            {mine.channel}
          </label>
          <select
            id={`${id}-channel`}
            value={channel}
            onChange={(e) => setChannel(e.currentTarget.value as "mtn_momo" | "orange_money")}
            className="mt-1 min-h-11 rounded-md border border-gray-400 bg-white px-2"
          >
            {(["mtn_momo", "orange_money"] as const).map((c) => (
              <option key={c} value={c}>
                {mine.channels[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className={labelText}>
            {mine.payPhone}
          </label>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            aria-invalid={Boolean(phoneError)}
            aria-describedby={phoneError ? `${id}-error` : undefined}
            className="mt-1 min-h-11 rounded-md border border-gray-400 bg-white px-2"
          />
        </div>
        <Button type="submit" isPending={state === "busy"}>
          {fill(mine.pay, { amount })}
        </Button>
      </div>
      {phoneError && (
        <p id={`${id}-error`} className={errorText}>
          {phoneError}
        </p>
      )}
      {state === "pending" && (
        <p role="status" className="mt-2 text-sm">
          {mine.payPending}
        </p>
      )}
      {state === "failed" && !phoneError && (
        <p role="alert" className={errorText}>
          {mine.payFailed}
        </p>
      )}
    </form>
  );
}
