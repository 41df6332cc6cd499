// Attendance from a past session's meeting report (the zoom-meetings function writes the
// register; the counts say what it matched).
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatDateTime } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { errorText } from "../ui/styles.ts";
import { fetchPastMeetingSessions, importAttendance, type ImportResult } from "./data.ts";
import { meetingsMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { useMeetingsQuery } from "../ui/query.ts";

export default function ImportSection() {
  const m = useMessages(meetingsMessages);
  const locale = useLocale();
  const refusal = useRefusalText();
  const sessions = useMeetingsQuery(["past-sessions"], () => fetchPastMeetingSessions(getSupabase()));
  const [busy, setBusy] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, ImportResult | { error: string }>>({});

  async function run(id: string) {
    setBusy(id);
    try {
      const result = await importAttendance(getSupabase(), id);
      setResults((r) => ({ ...r, [id]: result }));
    } catch (failure) {
      setResults((r) => ({ ...r, [id]: { error: refusal(failure) } }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={m.importTitle} description={m.importHelp} testId="import-attendance">
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={4} />
      ) : !sessions.data.length ? (
        <EmptyState title={m.noSession} headingLevel={3} />
      ) : (
        <ul className="divide-y divide-gray-100">
          {sessions.data.map((s) => {
            const result = results[s.id];
            const label = `${s.course.code} · ${s.title} · ${formatDateTime(locale, new Date(s.start_time))}`;
            return (
              <li key={s.id} className="flex flex-col gap-2 py-3" data-testid="past-session">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm">
                    <span className="font-medium">{s.course.code}</span> · {s.title} · {formatDateTime(locale, new Date(s.start_time))}
                  </p>
                  <Button size="sm" variant="secondary" isPending={busy === s.id} aria-label={fill(m.importOf, { session: label })} onPress={() => void run(s.id)}>
                    {m.import}
                  </Button>
                </div>
                {result &&
                  ("error" in result ? (
                    <p role="alert" className={errorText}>
                      {result.error}
                    </p>
                  ) : (
                    <p role="status" className="text-sm text-gray-900">
                      {result.simulated && (
                        <>
                          <StatusPill tone="warning">{m.simulated}</StatusPill>{" "}
                        </>
                      )}
                      {fill(m.importResult, {
                        matched: countOf(locale, m.importParts.matched, result.matched),
                        unmatched: countOf(locale, m.importParts.unmatched, result.unmatched),
                        absent: countOf(locale, m.importParts.absent, result.absent),
                        written: countOf(locale, m.importParts.written, result.written),
                      })}
                    </p>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
