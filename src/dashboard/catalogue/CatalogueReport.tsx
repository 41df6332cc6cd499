// The differences between the catalogue tables and the public site's markdown catalogue.
import { useStore } from "@nanostores/react";
import { compareCatalogue, CATALOGUE_KINDS } from "../../lib/catalogue-diff.ts";
import { fill, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { catalogueMessages } from "./messages.ts";
import { $catalogueSets } from "./stores.ts";

export default function CatalogueReport() {
  const m = useMessages(catalogueMessages);
  const sets = useStore($catalogueSets);
  let body;
  if (sets.data) {
    const differences = compareCatalogue(sets.data.site, sets.data.database);
    body = differences.length ? (
      <ul className="flex flex-col gap-2" data-testid="catalogue-differences">
        {CATALOGUE_KINDS.flatMap((kind) =>
          differences
            .filter((d) => d.kind === kind)
            .map((d) => (
              <li key={`${d.kind}-${d.slug}-${d.issue}`} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
                <p className="flex flex-wrap items-center gap-2">
                  <StatusPill tone="warning">{m.issues[d.issue]}</StatusPill>
                  <span className="font-medium text-gray-900">
                    {m.kinds[d.kind]} · <code>{d.slug}</code>
                  </span>
                </p>
                {(d.site !== undefined || d.database !== undefined) && (
                  <p className="mt-1 text-sm text-gray-800">
                    {[d.site !== undefined && fill(m.siteSays, { value: d.site ?? "—" }), d.database !== undefined && fill(m.databaseSays, { value: d.database ?? "—" })].filter(Boolean).join(" · ")}
                  </p>
                )}
              </li>
            )),
        )}
      </ul>
    ) : (
      <p className="flex items-center gap-2" data-testid="catalogue-in-step">
        <StatusPill tone="success">OK</StatusPill> {m.inStep}
      </p>
    );
  } else if (sets.error) body = <ErrorState error={sets.error} onRetry={() => $catalogueSets.revalidate()} />;
  else body = <Skeleton lines={3} />;
  return (
    <Card title={m.report} description={m.reportIntro}>
      {body}
    </Card>
  );
}
