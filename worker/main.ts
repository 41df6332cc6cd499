// The notification worker: a tick at start, then every 5 minutes (node-cron).
// npm run worker            run until SIGTERM/SIGINT (the running tick finishes first)
// npm run worker -- --once  one tick, then exit (non-zero if it failed)
import { existsSync } from "node:fs";
import cron from "node-cron";
import { createClient } from "@supabase/supabase-js";
import { readConfig } from "./config.ts";
import { recordTick, type TickRecord } from "./heartbeat.ts";
import { runWorker } from "./run.ts";
import { providersFromEnv } from "../src/lib/finance/payments.ts";
import { createMessageSender, maskContacts } from "../src/lib/messaging/index.ts";
import { WORKER_SCHEDULE } from "../src/lib/notifications/rules.ts";

if (!process.env.SUPABASE_URL && existsSync(".env")) process.loadEnvFile(".env");
const result = readConfig(process.env);
if ("error" in result) {
  console.error(maskContacts(`worker: ${result.error}`));
  process.exit(2);
}
// Payments fail closed: a worker that would reconcile with the simulator on a hosted
// project, or with no provider at all, does not start.
const payments = providersFromEnv(process.env);
if (payments.problem) {
  console.error(`worker: ${payments.problem}`);
  process.exit(2);
}
const supabase = createClient(result.config.SUPABASE_URL, result.config.SUPABASE_SECRET_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

// SMS through Orange when ORANGE_SMS_* are set, else the local outbox (masked console lines).
const sender = createMessageSender(process.env);

// Error texts may quote a row: e-mails and phone numbers never reach the log in clear (DOMAIN §4).
const log = (fields: Record<string, unknown>) => console.log(maskContacts(JSON.stringify({ at: new Date().toISOString(), ...fields })));

let running: Promise<boolean> | undefined;
function tick(): Promise<boolean> {
  const startedAt = new Date();
  running ??= runWorker(supabase, process.env, startedAt, sender)
    .then(({ result, error, ...jobs }) => {
      if (error) throw new Error(error);
      return { ...result!, ...jobs };
    })
    .then((result): TickRecord => (log({ event: "tick", ...result }), { startedAt, source: "cron", result }))
    .catch((error: Error): TickRecord => (log({ event: "tick_failed", error: error.message }), { startedAt, source: "cron", error: error.message }))
    .then(async (record) => {
      const failed = await recordTick(supabase, record);
      if (failed) log({ event: "tick_record_failed", error: failed });
      return !record.error;
    })
    .finally(() => (running = undefined));
  return running;
}

if (process.argv.includes("--once")) {
  process.exit((await tick()) ? 0 : 1);
}

const task = cron.schedule(WORKER_SCHEDULE, () => void tick());
log({ event: "worker_started", schedule: WORKER_SCHEDULE, channels: sender.describe() });
void tick();

async function shutdown(signal: string) {
  await task.stop();
  await running;
  log({ event: "worker_stopped", signal });
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
