// One application's file for reviewers: identity, background, choice, documents viewed
// inline (signed links to the private bucket), requested documents, comments (reviewers
// only), the decision and the history with who and when.
import { useState, type SubmitEvent } from "react";
import { DOCUMENT_KINDS, type DocumentKind } from "../../lib/admissions/rules.ts";
import { formatDate, formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import type { PageProps } from "../paths.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { cx, errorText, inputBox, labelText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { addComment, documentUrl, fetchFile, requestDocument, targetName, type ApplicationDocument } from "./data.ts";
import { DecisionForm } from "./DecisionForm.tsx";
import { admissionsMessages } from "./messages.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import { invalidateAdmissions, useAdmissionsQuery } from "../ui/query.ts";

const str = (v: unknown) => (typeof v === "string" ? v : "");

export default function AdminApplicationPage({ params }: PageProps) {
  const m = useMessages(admissionsMessages);
  const f = m.file;
  const locale = useLocale();
  const supabase = getSupabase();
  const file = useAdmissionsQuery(["file", params.id], () => fetchFile(supabase, params.id));
  const [notice, setNotice] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ doc: ApplicationDocument; url: string } | null>(null);
  const errorMessage = useErrorMessage();
  const international = window.location.pathname.includes("international-applications");
  const back = hrefTo(locale, international ? "admin.international-applications" : "admin.student-applications");

  if (file.loading || (!file.data && !file.error)) return <Skeleton blocks={3} />;
  if (file.error) {
    const missing = (file.error as { code?: string }).code === "PGRST116";
    return missing ? <EmptyState title={f.notFound} action={<LinkButton href={back}>{f.back}</LinkButton>} /> : <ErrorState error={file.error} onRetry={file.retry} />;
  }
  const { application: a, history, documents, requests, comments } = file.data!;
  const d = a.details as Record<string, Record<string, unknown> | undefined>;
  const open = (next: string) => {
    setNotice(next);
    invalidateAdmissions();
  };
  const canRequest = ["submitted", "under_review", "documents_requested"].includes(a.status);
  const canDecide = ["submitted", "under_review", "documents_requested", "waitlisted"].includes(a.status);
  // A decision is corrected until the applicant is registered (audited in the database).
  const canCorrect = ["admitted", "rejected"].includes(a.status);

  function close() {
    if (viewing) URL.revokeObjectURL(viewing.url);
    setViewing(null);
  }

  async function view(doc: ApplicationDocument) {
    try {
      setViewing({ doc, url: await documentUrl(supabase, doc.storage_path, doc.mime_type) });
    } catch (error) {
      setNotice(errorMessage(error));
    }
  }

  const rows: [string, string][] = [
    [f.identity, `${a.full_name} — ${str(d.identity?.idNumber)}`],
    [f.birth, `${a.birth_date ? formatDate(locale, a.birth_date) : "—"} ${str(d.identity?.birthPlace)} (${a.country})`],
    [f.contacts, [a.email, a.phone, a.city, str(d.contacts?.address)].filter(Boolean).join(" · ")],
    [f.background, [str(d.background?.lastDiploma), str(d.background?.diplomaYear), str(d.background?.institution), str(d.background?.marks)].filter(Boolean).join(" · ") || "—"],
    [f.choice, `${targetName(a, locale)} (${m.schools[a.kind as keyof typeof m.schools] ?? a.kind})`],
    [f.level, a.admitted_level_code && a.admitted_level_code !== a.level_code ? `${a.level_code ?? "—"} — ${fill(f.admittedTo, { level: a.admitted_level_code })}` : (a.level_code ?? "—")],
    [f.mode, a.study_mode ? (f.modes[a.study_mode as keyof typeof f.modes] ?? a.study_mode) : "—"],
    [m.queue.columns.fee, (a.fee_xaf ?? 0) === 0 ? m.fee.none : `${formatXaf(locale, a.fee_xaf ?? 0)} — ${a.fee_paid_at ? m.fee.paid : m.fee.due}`],
  ];

  return (
    <>
      <PageHeader
        title={a.full_name}
        description={`${targetName(a, locale)} — ${formatDate(locale, a.submitted_at)}`}
        actions={
          <>
            <StatusBadge status={a.status} />
            <LinkButton href={back}>{f.back}</LinkButton>
            {a.status === "admitted" && (
              <LinkButton variant="primary" href={hrefTo(locale, "admin.student-enrollments")}>
                {f.admitLink}
              </LinkButton>
            )}
          </>
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          {notice}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0 and overflow-wrap: a long e-mail or file name wraps instead of widening the page on a phone. */}
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card title={f.identity}>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm font-semibold text-gray-700">{label}</dt>
                  <dd className="[overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
            {a.motivation && (
              <>
                <h3 className="mt-4 text-sm font-semibold text-gray-700">{f.motivation}</h3>
                <p className="whitespace-pre-line">{a.motivation}</p>
              </>
            )}
          </Card>

          <Card title={f.documents}>
            {documents.length === 0 ? (
              <p>{f.noDocuments}</p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="file-documents">
                {documents.map((doc) => (
                  <li key={doc.id} className="flex flex-wrap items-center gap-3">
                    <span className="font-medium">{m.documentKinds[doc.kind as DocumentKind] ?? doc.kind}</span>
                    <span className="min-w-0 text-sm text-gray-700 [overflow-wrap:anywhere]">
                      {doc.file_name} · {Math.ceil(doc.size_bytes / 1024)} Ko
                    </span>
                    <Button size="sm" variant="secondary" onPress={() => void view(doc)}>
                      {f.view}
                      <span className="sr-only"> {doc.file_name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {requests.length > 0 && (
              <>
                <h3 className="mt-4 font-semibold text-brand-900">{f.requests}</h3>
                <ul className="mt-1 list-disc pl-5 text-sm" data-testid="file-requests">
                  {requests.map((r) => (
                    <li key={r.id}>
                      {m.documentKinds[r.kind as DocumentKind] ?? r.kind} — {r.fulfilled_at ? f.fulfilled : f.open} ({formatDate(locale, r.created_at, "short")}){r.message && ` : ${r.message}`}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {canRequest && <RequestForm applicationId={a.id} onDone={() => open(f.requestSent)} />}
          </Card>

          <Card title={f.comments}>
            {comments.length === 0 ? (
              <p>{f.noComments}</p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="file-comments">
                {comments.map((c) => (
                  <li key={c.id} className="rounded-md bg-gray-50 p-3">
                    <p className="whitespace-pre-line">{c.body}</p>
                    <p className="mt-1 text-xs text-gray-700">
                      {c.author ? fill(f.by, { name: c.author.full_name }) : ""} — {formatDateTime(locale, c.created_at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <CommentForm applicationId={a.id} onDone={() => invalidateAdmissions()} />
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {(canDecide || canCorrect) && (
            <Card title={canCorrect ? f.correct : f.decide} description={canCorrect ? f.correctHint : undefined}>
              <DecisionForm key={`${a.status}-${a.updated_at}`} ids={[a.id]} app={a} onDone={() => open(f.decided)} />
            </Card>
          )}
          <Card title={f.history}>
            <ol className="border-l-2 border-brand-100 pl-4" data-testid="file-history">
              {history.map((h) => (
                <li key={h.id} className="mb-2">
                  <span className="font-medium">{m.statuses[h.to_status]}</span>
                  <span className="block text-sm text-gray-700">{formatDateTime(locale, h.changed_at)}</span>
                  {h.note && <span className="block text-sm">{h.note}</span>}
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>

      {viewing && (
        <Dialog title={fill(f.viewer, { name: viewing.doc.file_name })} isOpen onOpenChange={(o) => !o && close()} isDismissable size="lg">
          {viewing.doc.mime_type === "application/pdf" ? (
            <div className="flex flex-col gap-2">
              <iframe src={viewing.url} title={fill(f.viewer, { name: viewing.doc.file_name })} className="h-[70vh] w-full rounded-lg border border-gray-200" data-testid="document-pdf" />
              <a href={viewing.url} target="_blank" rel="noopener" className="text-sm text-brand-700 underline" data-testid="open-pdf">
                {f.openPdf}
              </a>
            </div>
          ) : (
            <img src={viewing.url} alt={viewing.doc.file_name} className="max-h-[70vh] w-auto" />
          )}
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onPress={close}>
              {f.closeViewer}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function RequestForm({ applicationId, onDone }: { applicationId: string; onDone: () => void }) {
  const m = useMessages(admissionsMessages);
  const f = m.file;
  const errorMessage = useErrorMessage();
  const [kind, setKind] = useState<DocumentKind>("transcript");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await requestDocument(getSupabase(), applicationId, kind, note.trim());
      setNote("");
      onDone();
    } catch (thrown) {
      setError(errorMessage(thrown));
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 border-t border-gray-200 pt-4" aria-busy={pending}>
      <h3 className="font-semibold text-brand-900">{f.requestDocument}</h3>
      <div>
        <label htmlFor="request-kind" className={labelText}>
          {f.requestKind}
        </label>
        <select id="request-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as DocumentKind)} className={cx(inputBox, "min-h-11 w-full")}>
          {DOCUMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {m.documentKinds[k]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="request-note" className={labelText}>
          {f.requestNote}
        </label>
        <textarea id="request-note" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} className={cx(inputBox, "w-full")} />
      </div>
      {error && (
        <p className={errorText} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" isPending={pending}>
        {f.requestSend}
      </Button>
    </form>
  );
}

function CommentForm({ applicationId, onDone }: { applicationId: string; onDone: () => void }) {
  const f = useMessages(admissionsMessages).file;
  const errorMessage = useErrorMessage();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim()) return;
    setPending(true);
    setError(null);
    try {
      await addComment(getSupabase(), applicationId, body.trim());
      setBody("");
      onDone();
    } catch (thrown) {
      setError(errorMessage(thrown));
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-2" aria-busy={pending}>
      <label htmlFor="comment-body" className={labelText}>
        {f.comment}
      </label>
      <textarea id="comment-body" rows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.currentTarget.value)} className={cx(inputBox, "w-full")} />
      {error && (
        <p className={errorText} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" isPending={pending}>
        {f.addComment}
      </Button>
    </form>
  );
}
