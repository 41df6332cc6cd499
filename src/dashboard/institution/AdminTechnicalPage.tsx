// admin/technical: is the platform healthy? API and functions reachable, database and
// storage sizes, migrations applied, the notification worker's last run and lag (with
// "run it now"), realtime subscriptions and the functions' recent errors.
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatBytes, formatDateTime, formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { WORKER_SCHEDULE } from "../../lib/notifications/rules.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { runWorkerTickNow, type SystemHealth } from "./data.ts";
import { institutionMessages } from "./messages.ts";
import { $health } from "./stores.ts";

/** The worker runs every 5 minutes (WORKER_SCHEDULE); a run older than that plus a minute is late. */
const TICK_EVERY_MINUTES = Number(/^\*\/(\d+) /.exec(WORKER_SCHEDULE)?.[1] ?? 5);

export function lateByMinutes(lastOkAt: string | null, now: Date): number | null {
  if (!lastOkAt) return null;
  const minutes = Math.floor((now.getTime() - new Date(lastOkAt).getTime()) / 60_000) - TICK_EVERY_MINUTES;
  return minutes > 1 ? minutes : 0;
}

export default function AdminTechnicalPage() {
  const m = useMessages(institutionMessages);
  const health = useStore($health);
  return (
    <>
      <PageHeader
        title={m.technicalTitle}
        description={m.technicalIntro}
        actions={
          <Button variant="secondary" onPress={() => $health.revalidate()} isPending={health.loading && !!health.data}>
            {m.refresh}
          </Button>
        }
      />
      {health.data ? <HealthView health={health.data} /> : health.error ? <ErrorState error={health.error} onRetry={() => $health.revalidate()} /> : <Skeleton blocks={4} />}
    </>
  );
}

function HealthView({ health }: { health: SystemHealth }) {
  const m = useMessages(institutionMessages);
  const locale = useLocale();
  const [running, setRunning] = useState(false);
  const late = lateByMinutes(health.last_ok_tick_at, new Date(health.checked_at));
  const tick = health.last_tick;

  async function runNow() {
    setRunning(true);
    try {
      const result = await runWorkerTickNow(getSupabase());
      showToast(result.ok ? { title: fill(m.tickDone, { created: result.created }), variant: "success" } : { title: fill(m.tickFailed, { error: result.error ?? "" }), variant: "destructive" });
      await $health.revalidate();
    } catch (error) {
      if (/403|mfa/i.test((error as Error).message)) showToast({ title: m.mfaRequired, variant: "destructive" }, 8000);
      else toastError(error);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="system-health">
      <Card title={m.api}>
        <p className="flex items-center gap-2">
          <StatusPill tone="success">OK</StatusPill> {fill(m.apiOk, { ms: health.apiLatencyMs })}
        </p>
        <p className="mt-3 font-medium text-gray-900">{m.functions}</p>
        <p>
          <StatusPill tone={health.functionsOk ? "success" : "danger"}>{health.functionsOk ? m.functionsOk : m.functionsDown}</StatusPill>
        </p>
      </Card>
      <Card title={m.database}>
        <p className="text-2xl font-bold text-gray-900">{formatBytes(locale, health.database_bytes)}</p>
        <p className="text-sm text-gray-700">{countOf(locale, m.migrations, health.migrations_applied, { version: health.migration_version ?? "—" })}</p>
      </Card>
      <Card title={m.worker} testId="worker-health">
        {tick ? (
          <>
            <p>
              {fill(m.workerLast, {
                time: formatDateTime(locale, tick.finished_at),
                source: tick.source === "manual" ? m.sourceManual : m.sourceCron,
                created: formatNumber(locale, tick.created),
                duration: formatNumber(locale, tick.duration_ms),
              })}
            </p>
            {!tick.ok && <p className="mt-1 font-medium text-red-800">{fill(m.workerFailed, { error: tick.error ?? "" })}</p>}
            <p className="mt-2">
              <StatusPill tone={late ? "warning" : "success"}>{late ? fill(m.workerLate, { minutes: late }) : m.workerOnTime}</StatusPill>
            </p>
            <p className="mt-1 text-sm text-gray-700">{fill(m.workerFailures24h, { count: health.ticks_failed_24h })}</p>
          </>
        ) : (
          <p>{m.workerNever}</p>
        )}
        <div className="mt-3">
          <Button onPress={() => void runNow()} isPending={running}>
            {m.runTick}
          </Button>
        </div>
      </Card>
      <Card title={m.storage}>
        {health.storage.length ? (
          <ul className="flex flex-col gap-1">
            {health.storage.map((b) => (
              <li key={b.bucket}>{fill(m.storageBucket, { bucket: b.bucket, objects: formatNumber(locale, b.objects), size: formatBytes(locale, b.bytes) })}</li>
            ))}
          </ul>
        ) : (
          <p>{m.storageEmpty}</p>
        )}
      </Card>
      <Card title={m.realtime}>
        <p>{health.realtime_subscriptions === null ? m.realtimeUnknown : countOf(locale, m.realtimeSubscriptions, health.realtime_subscriptions)}</p>
      </Card>
      <Card title={m.functionErrors}>
        {health.function_errors.length ? (
          <ul className="flex flex-col gap-2">
            {health.function_errors.map((e, i) => (
              <li key={i} className="text-sm">
                <span className="font-medium text-gray-900">{e.function_name}</span> · {formatDateTime(locale, e.occurred_at)}
                <span className="block break-words text-gray-700">{e.message}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{m.noFunctionErrors}</p>
        )}
      </Card>
      <p className="text-sm text-gray-700 lg:col-span-2">{fill(m.checkedAt, { time: formatDateTime(locale, health.checked_at) })}</p>
    </div>
  );
}
