// npm run bench:payments — the payments core at scale on a fresh local stack (no demo data):
// 1. crediting throughput: N pending simulator payments, each credited by a signed
//    callback POSTed to /functions/v1/payments-callback (verify, re-query, settle_payment),
//    with C callbacks in flight; prints payments per second and checks each credited once;
// 2. the reconciler: 10,000 pending payments older than the threshold, one run of
//    reconcilePayments (as the worker's tick does); prints its time and what it did.
import { createClient } from "@supabase/supabase-js";
import { generateLocalKeys } from "../supabase/local/env.ts";
import { startLocalStack } from "../supabase/local/stack.ts";
import { sign } from "../src/lib/finance/signature.ts";
import { SIMULATOR_SIGNATURE_HEADER } from "../src/lib/finance/simulator.ts";
import { providersFromEnv, reconcilePayments } from "../src/lib/finance/payments.ts";

const CALLBACKS = Number(process.argv.find((a) => a.startsWith("--callbacks="))?.split("=")[1] ?? 1000);
const PENDING = Number(process.argv.find((a) => a.startsWith("--pending="))?.split("=")[1] ?? 10_000);
const IN_FLIGHT = 8;

const stack = await startLocalStack({ keys: await generateLocalKeys(), port: 0, seed: false });

// Pending simulator payments, one per student (as in life: a student pays its own bill).
async function seedPending(count: number, phoneEnding: string, age: string): Promise<string[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  await stack.sql(
    `insert into auth.users (id, aud, role, email) select gen_random_uuid(), 'authenticated', 'authenticated', 'payer-' || $2 || '-' || i || '@bench.cm'
     from generate_series(1, $1) i`, [count, tag]);
  const rows = await stack.sql<{ key: string }>(
    `insert into public.payments (student_id, amount_xaf, method, provider, payer_phone, idempotency_key, status, created_at)
     select p.id, 1000, 'mtn_momo', 'simulator', '+23767000000' || $2, gen_random_uuid()::text, 'pending', now() - $3::interval
     from auth.users u join public.profiles p on p.id = u.id where u.email like 'payer-' || $1 || '-%'
     returning idempotency_key as key`,
    [tag, phoneEnding, age]);
  return rows.map((r) => r.key);
}

// 1. Crediting through the callback path.
const keys = await seedPending(CALLBACKS, "4", "0 minutes");
let next = 0;
let credited = 0;
const started = performance.now();
await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
  while (next < keys.length) {
    const key = keys[next++];
    const body = JSON.stringify({ key, outcome: "succeeded" });
    const response = await fetch(`${stack.url}/functions/v1/payments-callback?apikey=${stack.keys.publishableKey}`, {
      method: "POST", body, headers: { "content-type": "application/json", [SIMULATOR_SIGNATURE_HEADER]: await sign(stack.keys.secretKey, body) },
    });
    const answer = (await response.json()) as { credited?: boolean };
    if (answer.credited) credited++;
  }
}));
const seconds = (performance.now() - started) / 1000;
const [{ receipts }] = await stack.sql<{ receipts: number }>("select count(*)::int as receipts from public.receipts");
console.log(`crediting: ${CALLBACKS} callbacks (${IN_FLIGHT} in flight) in ${seconds.toFixed(1)} s = ${(CALLBACKS / seconds).toFixed(0)} payments/s; credited ${credited}, receipts ${receipts}`);
if (credited !== CALLBACKS || receipts !== CALLBACKS) process.exitCode = 1;

// 2. The reconciler over 10,000 pending payments: half succeed without having called back
//    (…4), half stay pending past the expiry (…3).
await seedPending(PENDING / 2, "4", "10 minutes");
await seedPending(PENDING / 2, "3", "2 hours");
const providers = providersFromEnv({ SUPABASE_SECRET_KEY: stack.keys.secretKey });
// A fresh client, as a worker tick has: no connection left idle through the seeding.
const worker = createClient(stack.url, stack.keys.secretKey, { auth: { persistSession: false } });
const result = await reconcilePayments(worker, providers, { afterMinutes: 3, expireAfterMinutes: 30, concurrency: 8 });
console.log(`reconciler: ${PENDING} pending in ${(result.durationMs / 1000).toFixed(1)} s; credited ${result.credited}, expired ${result.expired}, still pending ${result.stillPending}, errors ${result.errors}`);
if (result.credited + result.expired !== PENDING || result.errors) process.exitCode = 1;
await stack.stop();
