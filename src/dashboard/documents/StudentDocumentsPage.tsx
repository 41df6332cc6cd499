// student/documents: the materials of every course I follow, searchable (title, course
// code or course title), files fetched with the session from the private bucket; and my official documents — relevés de notes and payment receipts — with links
// to the pages that issue them (Mes notes, Mes paiements), and my certificates of enrolment (EnrolmentCertificates.tsx);
// and the identity those documents print, with a correction request (IdentityRecord.tsx).
import { useState } from "react";
import { formatDate, formatXaf } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { saveMaterial } from "../shared/save-material.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useRouteTitle } from "../links.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { listMyMaterials, listOfficialDocuments, matchesSearch } from "./data.ts";
import { documentsMessages } from "./messages.ts";
import { EnrolmentCertificates } from "./EnrolmentCertificates.tsx";
import { IdentityRecord } from "./IdentityRecord.tsx";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function StudentDocumentsPage() {
  const m = useMessages(documentsMessages);
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("student.documents")} description={m.intro} />
      <Materials />
      <Official />
      <IdentityRecord />
    </div>
  );
}

function Materials() {
  const m = useMessages(documentsMessages);
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const materials = useScheduleQuery(["my-materials"], () => listMyMaterials(getSupabase()));
  const shown = (materials.data ?? []).filter((d) => matchesSearch(d, search));
  return (
    <Card title={m.materials} testId="my-materials">
      {materials.error ? (
        <ErrorState error={materials.error} onRetry={materials.retry} />
      ) : !materials.data ? (
        <Skeleton lines={5} />
      ) : materials.data.length === 0 ? (
        <p className="text-gray-700">{m.noMaterials}</p>
      ) : (
        <>
          <TextField label={m.search} description={m.searchHelp} type="search" value={search} onChange={setSearch} className="max-w-md" />
          <p role="status" className="mt-2 text-sm text-gray-700">
            {shown.length === 0 ? fill(m.noMatch, { q: search }) : countOf(locale, m.count, shown.length)}
          </p>
          {shown.length > 0 && (
            <TableFrame className="mt-2">
              <table className="min-w-full divide-y divide-gray-200 text-sm">
                <thead className="text-left">
                  <tr>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      {m.title}
                    </th>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      {m.course}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {m.week}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      <span className="sr-only">{m.open}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {shown.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" className="px-2 py-2 text-left font-medium">
                        {d.title}
                      </th>
                      <td className="px-2 py-2">
                        <a className="text-brand-800 underline" href={hrefTo(locale, "student.course", { courseId: d.course.id })}>
                          {d.course.code}
                        </a>{" "}
                        <span className="text-gray-700">{d.course.title}</span>
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{d.week}</td>
                      <td className="px-2 py-2 text-right">
                        {d.kind === "link" && d.url ? (
                          <a href={d.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                            {m.open}
                            <span className="sr-only"> : {d.title}</span>
                          </a>
                        ) : d.storage_path ? (
                          <Button size="sm" variant="secondary" onPress={() => saveMaterial(d.storage_path!).catch(toastError)}>
                            {m.download}
                            <span className="sr-only"> : {d.title}</span>
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
        </>
      )}
    </Card>
  );
}

function Official() {
  const m = useMessages(documentsMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const docs = useScheduleQuery(["official-documents", userId], () => listOfficialDocuments(getSupabase(), userId));
  return (
    <Card title={m.official} testId="official-documents">
      {docs.error ? (
        <ErrorState error={docs.error} onRetry={docs.retry} />
      ) : !docs.data ? (
        <Skeleton lines={4} />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="docs-transcripts">
            <h3 id="docs-transcripts" className="font-semibold text-gray-900">
              {m.transcripts}
            </h3>
            {docs.data.transcripts.length === 0 ? (
              <p className="mt-1 text-gray-700">{m.noTranscripts}</p>
            ) : (
              <ul className="mt-1 divide-y divide-gray-100">
                {docs.data.transcripts.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                    <span className="font-mono">{t.number}</span>
                    <span className="text-sm text-gray-700">
                      {fill(m.issued, { date: formatDate(locale, t.issued_at) })} {t.revoked_at && <Badge tone="danger">{m.revoked}</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <LinkButton size="sm" className="mt-2" href={hrefTo(locale, "student.grades")}>
              {m.seeGrades}
            </LinkButton>
          </section>
          <section aria-labelledby="docs-receipts">
            <h3 id="docs-receipts" className="font-semibold text-gray-900">
              {m.receipts}
            </h3>
            {docs.data.receipts.length === 0 ? (
              <p className="mt-1 text-gray-700">{m.noReceipts}</p>
            ) : (
              <ul className="mt-1 divide-y divide-gray-100">
                {docs.data.receipts.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                    <span className="font-mono">
                      {r.number} {r.kind === "cancellation" && <Badge tone="warning">{m.cancellation}</Badge>}
                    </span>
                    <span className="text-sm text-gray-700">
                      {formatXaf(locale, r.amount_xaf)} · {formatDate(locale, r.issued_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <LinkButton size="sm" className="mt-2" href={hrefTo(locale, "student.payments")}>
              {m.seePayments}
            </LinkButton>
          </section>
          <EnrolmentCertificates />
        </div>
      )}
    </Card>
  );
}
