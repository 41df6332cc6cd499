// "Run a worker tick now" from admin/technical: POST /functions/v1/worker-tick runs one
// run of the worker here — the same code as its cron (worker/run.ts: notices, payments
// reconciliation, late penalties, reminders, quiz deadlines, assignment reminders) with the
// project's secret key — records it in worker_ticks (source "manual") and the audit log,
// and answers its figures, the payments reconciliation's included.
import { createMessageSender } from "../../../src/lib/messaging/index.ts";
import { runWorker, type WorkerRun } from "../../../worker/run.ts";
import { recordTick } from "../../../worker/heartbeat.ts";
import { authenticateAdmin, CORS, envVars, fail, recordFunctionError, reply, serviceClient } from "../_shared/admin.ts";

export default async function workerTick(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const caller = await authenticateAdmin(request, service);
    if (caller instanceof Response) return caller;
    const startedAt = new Date();
    // This call's variables (locally: its stack's URL and keys, which process.env does not hold).
    const env = envVars();
    let run: WorkerRun | undefined;
    let error: string | undefined;
    try {
      run = await runWorker(service, env, startedAt, createMessageSender(env));
      error = run.error;
    } catch (failure) {
      error = (failure as Error).message;
    }
    const result = run?.result;
    await recordTick(service, { startedAt, source: "manual", result, error });
    await caller.db.rpc("record_audit", { action: "worker.tick_run", target_type: "worker", target_id: null, details: { ok: !error } });
    if (error) await recordFunctionError(service, "worker-tick", error);
    return reply(200, {
      ok: !error,
      events_seen: result?.eventsSeen ?? 0,
      created: result?.created ?? 0,
      duration_ms: result?.durationMs ?? Date.now() - startedAt.getTime(),
      payments: run?.payments ?? null,
      error: error ?? null,
    });
  } catch (failure) {
    await recordFunctionError(service, "worker-tick", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(workerTick);
