// What the next catalogue sync will change: the differences between the content the site
// was built from and the platform's rows, each with a link to its entry in the CMS.
import { cmsEntryPath } from "../../lib/catalogue-sync/kinds.ts";
import type { SyncChange, SyncReport } from "../../lib/catalogue-sync/report.ts";
import { formatList } from "../../lib/format.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import { catalogueMessages } from "./messages.ts";

export default function CatalogueReport({ report }: { report: SyncReport }) {
  const m = useMessages(catalogueMessages);
  return (
    <Card title={m.report} description={m.reportIntro}>
      {report.changes.length ? (
        <ul className="flex flex-col gap-2" data-testid="catalogue-differences">
          {report.changes.map((change) => (
            <Difference key={`${change.kind}-${change.slug}`} change={change} />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2" data-testid="catalogue-in-step">
          <StatusPill tone="success">OK</StatusPill> {m.inStep}
        </p>
      )}
    </Card>
  );
}

function Difference({ change }: { change: SyncChange }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const name = change.name[locale];
  let detail = "";
  if (change.change === "renamed" && change.from) {
    const [from, to] = change.from.fr !== change.name.fr ? [change.from.fr, change.name.fr] : [change.from.en, change.name.en];
    detail = fill(m.renamedFrom, { from, to });
  } else if (change.fields.length && change.change !== "added") {
    detail = fill(m.changedFields, {
      fields: formatList(
        locale,
        change.fields.map((f) => m.fields[f] ?? f),
      ),
    });
  }
  return (
    <li className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="flex flex-wrap items-center gap-2">
        <StatusPill tone="warning">{m.pending[change.change]}</StatusPill>
        <span className="font-medium text-gray-900">
          {m.kinds[change.kind]} · {name} (<code>{change.slug}</code>)
        </span>
      </p>
      {detail && <p className="mt-1 text-sm text-gray-800">{detail}</p>}
      {/* An entry to archive has left the content: nothing to edit there. */}
      {change.change !== "archived" && (
        <a href={cmsEntryPath(change.kind, change.slug)} className="mt-1 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          {m.editInCms}
          <span className="sr-only"> : {name}</span>
        </a>
      )}
    </li>
  );
}
