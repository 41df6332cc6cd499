// admin/content: the catalogue as the platform holds it, read-only. It is written once, in
// the content (edited through the CMS at /keystatic); npm run catalogue:sync brings these
// rows in step. The page shows the sync's last run, what differs now between the content
// and the rows, and each kind's rows with a link to edit the entry in the CMS.
import { useStore } from "@nanostores/react";
import { formatDate } from "../../lib/format.ts";
import { CATALOGUE_KINDS, CMS_PATH, cmsEntryPath, type CatalogueKind } from "../../lib/catalogue-sync/kinds.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { buttonClass } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TableFrame } from "../ui/TableFrame.tsx";
import CatalogueReport from "./CatalogueReport.tsx";
import type { CatalogueRow } from "./data.ts";
import { catalogueMessages } from "./messages.ts";
import { $catalogueState } from "./stores.ts";
import SyncStatus from "./SyncStatus.tsx";

/** The kinds whose rows belong to a parent entry. */
const HAS_PARENT: ReadonlySet<CatalogueKind> = new Set(["departments", "programmes", "specialties"]);

export default function AdminContentPage() {
  const m = useMessages(catalogueMessages);
  const state = useStore($catalogueState);
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.intro}
        actions={
          // The CMS is another application of the site: a full page load, not a dashboard route.
          <a href={CMS_PATH} className={buttonClass("primary")} data-testid="open-cms">
            {m.openCms}
          </a>
        }
      />
      {state.data ? (
        <div className="flex flex-col gap-6">
          <SyncStatus lastRun={state.data.lastRun} />
          <CatalogueReport report={state.data.preview} />
          {CATALOGUE_KINDS.map((kind) => (
            <KindSection key={kind} kind={kind} rows={state.data!.rows[kind]} />
          ))}
        </div>
      ) : state.error ? (
        <ErrorState error={state.error} onRetry={() => $catalogueState.revalidate()} />
      ) : (
        <Skeleton lines={6} />
      )}
    </>
  );
}

function KindSection({ kind, rows }: { kind: CatalogueKind; rows: CatalogueRow[] }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const title = m.kinds[kind];
  const showParent = HAS_PARENT.has(kind);
  return (
    <Card title={title} testId={`catalogue-${kind}`}>
      {rows.length ? (
        <TableFrame label={title}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {m.slug}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {m.name}
                </th>
                {showParent && (
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {m.parent}
                  </th>
                )}
                <th scope="col" className="py-2 pr-3 text-end font-semibold">
                  {m.position}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {m.status}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">{m.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = locale === "fr" ? row.name_fr : row.name_en;
                return (
                  <tr key={row.id} className="border-b border-gray-100">
                    <td className="py-2 pr-3">
                      <code>{row.slug}</code>
                    </td>
                    <td className="py-2 pr-3 text-gray-900">{name}</td>
                    {showParent && (
                      <td className="py-2 pr-3">
                        <code>{row.parent?.slug ?? "—"}</code>
                      </td>
                    )}
                    <td className="py-2 pr-3 text-end tabular-nums">{row.position}</td>
                    <td className="py-2 pr-3">
                      {row.archived_at ? (
                        <StatusPill tone="neutral">{fill(m.archivedOn, { date: formatDate(locale, row.archived_at) })}</StatusPill>
                      ) : (
                        <StatusPill tone="success">{m.current}</StatusPill>
                      )}
                    </td>
                    <td className="py-2 text-end">
                      {/* An archived row has no entry in the content any more: nothing to edit. */}
                      {!row.archived_at && (
                        <a href={cmsEntryPath(kind, row.slug)} className="font-medium text-brand-700 underline underline-offset-2">
                          {m.editInCms}
                          <span className="sr-only"> : {name}</span>
                        </a>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <p className="text-gray-700">{m.empty}</p>
      )}
    </Card>
  );
}
