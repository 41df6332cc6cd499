// The student's matricule, programme and level: read-only (the registrar keeps them).
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { fetchStudentRecord, type StudentRecord } from "./data.ts";
import { profileMessages } from "./messages.ts";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";

export default function StudentRecordSection({ userId }: { userId: string }) {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const store = useMemo(() => createFetcherStore<StudentRecord | null>(["student-record", userId], { fetcher: () => fetchStudentRecord(getSupabase(), userId) }), [userId]);
  const record = useStore(store);
  const statuses = m.record.statuses as Record<string, string>;
  return (
    <Card title={m.record.title} testId="student-record" className="mt-6">
      {record.data === undefined && record.error ? (
        <ErrorState error={record.error} onRetry={() => void store.revalidate()} />
      ) : record.data === undefined ? (
        <Skeleton lines={2} label={m.loading} />
      ) : record.data === null ? (
        <p className="text-gray-700">{m.record.none}</p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
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
