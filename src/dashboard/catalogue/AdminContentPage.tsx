// admin/content: the catalogue as data — each kind's entries (edit names, summaries and
// order; add departments, programmes and specialties) — and where it differs from the
// public site's markdown catalogue.
import { lazy, Suspense, useState } from "react";
import { useStore } from "@nanostores/react";
import { CATALOGUE_KINDS, type CatalogueKind } from "../../lib/catalogue-diff.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import CatalogueReport from "./CatalogueReport.tsx";
import type { CatalogueRow } from "./data.ts";
import { catalogueMessages } from "./messages.ts";
import { catalogueRowsStore } from "./stores.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

// The entry forms (react-hook-form, number fields) load when a dialog opens.
const NewEntryForm = lazy(() => import("./EntryDialog.tsx").then((module) => ({ default: module.NewEntryForm })));
const EditEntryForm = lazy(() => import("./EntryDialog.tsx").then((module) => ({ default: module.EditEntryForm })));

/** Where a new entry of a kind attaches: departments to schools, and so on. */
const PARENT_KIND: Partial<Record<CatalogueKind, CatalogueKind>> = { departments: "schools", programmes: "departments", specialties: "programmes" };

export default function AdminContentPage() {
  const m = useMessages(catalogueMessages);
  return (
    <>
      <PageHeader title={m.title} description={m.intro} />
      <div className="flex flex-col gap-6">
        <CatalogueReport />
        {CATALOGUE_KINDS.map((kind) => (
          <KindSection key={kind} kind={kind} />
        ))}
      </div>
    </>
  );
}

function KindSection({ kind }: { kind: CatalogueKind }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const $rows = catalogueRowsStore(kind);
  const rows = useStore($rows);
  const parentKind = PARENT_KIND[kind];
  const parents = useStore(catalogueRowsStore(parentKind ?? "schools"));
  const title = m.kinds[kind];
  const [adding, setAdding] = useState(false);
  const canAdd = parentKind && parents.data && (kind === "departments" || kind === "programmes" || kind === "specialties");
  return (
    <Card
      title={title}
      testId={`catalogue-${kind}`}
      actions={
        canAdd ? (
          <>
            <Button variant="secondary" size="sm" onPress={() => setAdding(true)}>
              {m.add}
              <span className="sr-only"> : {title}</span>
            </Button>
            <Dialog title={fill(m.addTitle, { kind: title })} size="lg" isOpen={adding} onOpenChange={setAdding}>
              {({ close }) => (
                <Suspense fallback={<Skeleton lines={4} />}>
                  <NewEntryForm kind={kind} parents={parents.data!} close={close} />
                </Suspense>
              )}
            </Dialog>
          </>
        ) : undefined
      }
    >
      {rows.data ? (
        rows.data.length ? (
          <TableFrame label={title}>
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b border-gray-300 text-gray-700">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">{m.slug}</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">{locale === "fr" ? m.nameFr : m.nameEn}</th>
                  {parentKind && <th scope="col" className="py-2 pr-3 font-semibold">{m.parent}</th>}
                  <th scope="col" className="py-2 pr-3 text-end font-semibold">{m.position}</th>
                  <th scope="col" className="py-2 font-semibold"><span className="sr-only">{m.actions}</span></th>
                </tr>
              </thead>
              <tbody>
                {rows.data.map((row) => (
                  <Row key={row.id} kind={kind} row={row} showParent={!!parentKind} />
                ))}
              </tbody>
            </table>
          </TableFrame>
        ) : (
          <p className="text-gray-700">{m.empty}</p>
        )
      ) : rows.error ? (
        <ErrorState error={rows.error} onRetry={() => $rows.revalidate()} />
      ) : (
        <Skeleton lines={3} />
      )}
    </Card>
  );
}

function Row({ kind, row, showParent }: { kind: CatalogueKind; row: CatalogueRow; showParent: boolean }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const name = locale === "fr" ? row.name_fr : row.name_en;
  const [editing, setEditing] = useState(false);
  return (
    <tr className="border-b border-gray-100">
      <td className="py-2 pr-3"><code>{row.slug}</code></td>
      <td className="py-2 pr-3 text-gray-900">{name}</td>
      {showParent && <td className="py-2 pr-3"><code>{row.parent?.slug ?? "—"}</code></td>}
      <td className="py-2 pr-3 text-end tabular-nums">{row.position}</td>
      <td className="py-2 text-end">
        <Button variant="ghost" size="sm" onPress={() => setEditing(true)}>
          {m.edit}
          <span className="sr-only"> : {name}</span>
        </Button>
        <Dialog title={fill(m.editTitle, { name })} size="lg" isOpen={editing} onOpenChange={setEditing}>
          {({ close }) => (
            <Suspense fallback={<Skeleton lines={4} />}>
              <EditEntryForm kind={kind} row={row} close={close} />
            </Suspense>
          )}
        </Dialog>
      </td>
    </tr>
  );
}
