// The student's matricule, programme and level: read-only (the registrar keeps them).
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { fetchStudentRecord, type StudentRecord } from "./data.ts";
import { profileMessages } from "./messages.ts";
import { Card, LoadError } from "./parts.tsx";

export default function StudentRecordSection({ userId }: { userId: string }) {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const store = useMemo(
    () => createFetcherStore<StudentRecord | null>(["student-record", userId], { fetcher: () => fetchStudentRecord(getSupabase(), userId) }),
    [userId],
  );
  const record = useStore(store);
  const statuses = m.record.statuses as Record<string, string>;
  return (
    <Card title={m.record.title} testId="student-record">
      {record.data === undefined && record.error ? (
        <LoadError error={record.error} onRetry={() => store.revalidate()} />
      ) : record.data === undefined ? (
        <div role="status" aria-busy="true" className="mt-4 h-16 animate-pulse rounded bg-gray-200">
          <span className="sr-only">{m.loading}</span>
        </div>
      ) : record.data === null ? (
        <p className="mt-3 text-gray-700">{m.record.none}</p>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-gray-700">{m.record.matricule}</dt>
            <dd className="font-mono text-lg font-semibold text-gray-900" data-testid="matricule">
              {record.data.matricule}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-700">{m.record.status}</dt>
            <dd className="text-gray-900">{statuses[record.data.status] ?? record.data.status}</dd>
          </div>
          {record.data.programme && (
            <div>
              <dt className="text-sm font-medium text-gray-700">{m.record.programme}</dt>
              <dd className="text-gray-900">{record.data.programme[locale]}</dd>
            </div>
          )}
          {record.data.level && (
            <div>
              <dt className="text-sm font-medium text-gray-700">{m.record.level}</dt>
              <dd className="text-gray-900">
                {record.data.level.code} — {record.data.level[locale]}
              </dd>
            </div>
          )}
        </dl>
      )}
    </Card>
  );
}
