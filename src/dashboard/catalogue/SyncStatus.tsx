// The catalogue sync's last run: when, what ran it, what it did (from the audit log).
import { formatDateTime, formatList } from "../../lib/format.ts";
import { SYNC_CHANGES } from "../../lib/catalogue-sync/report.ts";
import { countOf } from "../../lib/plural.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import type { LastSync } from "./data.ts";
import { catalogueMessages } from "./messages.ts";

export default function SyncStatus({ lastRun }: { lastRun: LastSync | null }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const done = lastRun ? SYNC_CHANGES.filter((c) => (lastRun.counts[c] ?? 0) > 0).map((c) => countOf(locale, m.counts[c], lastRun.counts[c])) : [];
  return (
    <Card title={m.sync} description={m.syncIntro} testId="catalogue-sync">
      {lastRun ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-gray-700">{m.lastRun}</dt>
          <dd className="text-gray-900">{formatDateTime(locale, lastRun.at)}</dd>
          <dt className="font-semibold text-gray-700">{m.lastRunBy}</dt>
          <dd className="text-gray-900">
            <code>{lastRun.source}</code>
          </dd>
          <dt className="font-semibold text-gray-700">{m.lastRunCounts}</dt>
          <dd className="text-gray-900">{done.length ? formatList(locale, done) : m.nothingDone}</dd>
        </dl>
      ) : (
        <p className="text-gray-800">{m.neverSynced}</p>
      )}
    </Card>
  );
}
