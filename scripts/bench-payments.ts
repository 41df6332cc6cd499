// npm run bench:payments — the payments core at scale on a fresh local stack (no demo data):
// 1. crediting throughput: N pending simulator payments, each credited by a signed
//    callback POSTed to /functions/v1/payments-callback (verify, re-query, settle_payment),
//    with C callbacks in flight; prints payments per second and checks each credited once;
// 2. the reconciler: 10,000 pending payments older than the threshold, one run of
//    reconcilePayments (as the worker's tick does); prints its time and what it did.
// Then the same on a real PostgreSQL (Debian's, migrated as hosted: tests/fixtures/hosted-db.ts),
// where many transactions run at once: 5,000 payments settled by settle_payment with 16
// connections in flight (targets: >= 300 payments/s), and reconcilePayments over 10,000
// pending, its RPCs sent straight to PostgreSQL (target: <= 10 s). --no-postgres skips it.
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
     from generate_series(1, $1) i`,
    [count, tag],
  );
  const rows = await stack.sql<{ key: string }>(
    `insert into public.payments (student_id, amount_xaf, method, provider, payer_phone, idempotency_key, status, created_at)
     select p.id, 1000, 'mtn_momo', 'simulator', '+23767000000' || $2, gen_random_uuid()::text, 'pending', now() - $3::interval
     from auth.users u join public.profiles p on p.id = u.id where u.email like 'payer-' || $1 || '-%'
     returning idempotency_key as key`,
    [tag, phoneEnding, age],
  );
  return rows.map((r) => r.key);
}

// 1. Crediting through the callback path.
const keys = await seedPending(CALLBACKS, "4", "0 minutes");
let next = 0;
let credited = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < keys.length) {
      const key = keys[next++];
      const body = JSON.stringify({ key, outcome: "succeeded" });
      const response = await fetch(`${stack.url}/functions/v1/payments-callback?apikey=${stack.keys.publishableKey}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", [SIMULATOR_SIGNATURE_HEADER]: await sign(stack.keys.secretKey, body) },
      });
      const answer = (await response.json()) as { credited?: boolean };
      if (answer.credited) credited++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const [{ receipts }] = await stack.sql<{ receipts: number }>("select count(*)::int as receipts from public.receipts");
console.log(`crediting: ${CALLBACKS} callbacks (${IN_FLIGHT} in flight) in ${seconds.toFixed(1)} s = ${(CALLBACKS / seconds).toFixed(0)} payments/s; credited ${credited}, receipts ${receipts}`);
if (credited !== CALLBACKS || receipts !== CALLBACKS) process.exitCode = 1;

// 2. The reconciler over 10,000 pending payments: half succeed without having called back
//    (…4), half stay pending past the expiry (…3).
await seedPending(PENDING / 2, "4", "10 minutes");
await seedPending(PENDING / 2, "3", "2 hours");
const providers = providersFromEnv({ SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.keys.secretKey });
// A fresh client, as a worker tick has: no connection left idle through the seeding.
const worker = createClient(stack.url, stack.keys.secretKey, { auth: { persistSession: false } });
const result = await reconcilePayments(worker, providers, { afterMinutes: 3, expireAfterMinutes: 30, concurrency: 8 });
console.log(
  `reconciler: ${PENDING} pending in ${(result.durationMs / 1000).toFixed(1)} s; credited ${result.credited}, expired ${result.expired}, still pending ${result.stillPending}, errors ${result.errors}`,
);
if (result.credited + result.expired !== PENDING || result.errors) process.exitCode = 1;
await stack.stop();

if (!process.argv.includes("--no-postgres")) await benchPostgres();

// ---------------------------------------------------------------------------------------
async function benchPostgres() {
  const { startHostedDb } = await import("../tests/fixtures/hosted-db.ts");
  const pg = (await import("pg")).default;
  const SETTLE = Number(process.argv.find((a) => a.startsWith("--settle="))?.split("=")[1] ?? 5000);
  const CONNECTIONS = 16;
  const h = await startHostedDb({ seed: false, maxConnections: 40 });
  try {
    // As the payments functions and the worker connect: the authenticator, acting as service_role.
    const connect = async () => {
      const db = new pg.Client({ host: "127.0.0.1", port: h.server.port, user: "authenticator", database: "postgres" });
      await db.connect();
      await db.query("set role service_role");
      return db;
    };
    const seed = async (count: number, phoneEnding: string, age: string) => {
      const tag = crypto.randomUUID().slice(0, 8);
      await h.owner.query(
        `insert into auth.users (id, aud, role, email) select gen_random_uuid(), 'authenticated', 'authenticated',
        'payer-' || $2 || '-' || i || '@bench.cm' from generate_series(1, $1) i`,
        [count, tag],
      );
      const { rows } = await h.owner.query<{ key: string }>(
        `insert into public.payments (student_id, amount_xaf, method, provider, payer_phone, idempotency_key, status, created_at)
         select p.id, 1000, 'mtn_momo', 'simulator', '+23767000000' || $2, gen_random_uuid()::text, 'pending', now() - $3::interval
         from auth.users u join public.profiles p on p.id = u.id where u.email like 'payer-' || $1 || '-%' returning idempotency_key as key`,
        [tag, phoneEnding, age],
      );
      await h.owner.query("analyze public.payments");
      return rows.map((r) => r.key);
    };

    // 1. Settling: one settle_payment per payment (what each callback does), 16 at once.
    const keys = await seed(SETTLE, "4", "0 minutes");
    const pool = await Promise.all(Array.from({ length: CONNECTIONS }, connect));
    let next = 0;
    let settledOnce = 0;
    const started = performance.now();
    await Promise.all(
      pool.map(async (db) => {
        while (next < keys.length) {
          const key = keys[next++];
          const { rows } = await db.query("select credited from public.settle_payment($1, 'succeeded', 'SIM-BENCH')", [key]);
          if (rows[0]?.credited) settledOnce++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const {
      rows: [{ receipts }],
    } = await h.owner.query<{ receipts: number }>("select count(*)::int as receipts from public.receipts");
    const rate = SETTLE / seconds;
    console.log(
      `postgresql settling: ${SETTLE} payments (${CONNECTIONS} connections in flight) in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} payments/s; credited ${settledOnce}, receipts ${receipts} (target >= 300/s${rate >= 300 ? "" : ": MISSED"})`,
    );
    if (settledOnce !== SETTLE || receipts !== SETTLE) process.exitCode = 1;
    await Promise.all(pool.map((db) => db.end()));

    // 2. The reconciler over 10,000 pending, the same code as the worker, its RPCs on PostgreSQL.
    await seed(PENDING / 2, "4", "10 minutes");
    await seed(PENDING / 2, "3", "2 hours");
    const db = await connect();
    const rpcClient = {
      async rpc(name: string, params: Record<string, unknown>) {
        const names = Object.keys(params);
        try {
          const { rows, fields } = await db.query(
            `select * from public.${name}(${names.map((n, i) => `${n} => $${i + 1}`).join(", ")})`,
            names.map((n) => {
              const v = params[n];
              return v !== null && typeof v === "object" ? JSON.stringify(v) : v;
            }),
          );
          // A scalar function answers its value, a set-returning one its rows (as PostgREST does).
          return { data: fields.length === 1 && fields[0].name === name ? rows[0]?.[name] : rows, error: null };
        } catch (error) {
          return { data: null, error: { message: (error as Error).message } };
        }
      },
    } as unknown as Parameters<typeof reconcilePayments>[0];
    const local = providersFromEnv({ SUPABASE_URL: "http://127.0.0.1", SUPABASE_SECRET_KEY: "bench-secret" });
    const reconciled = await reconcilePayments(rpcClient, local, { afterMinutes: 3, expireAfterMinutes: 30, concurrency: 8 });
    const within = reconciled.durationMs <= 10_000;
    console.log(
      `postgresql reconciler: ${PENDING} pending in ${(reconciled.durationMs / 1000).toFixed(1)} s; credited ${reconciled.credited}, expired ${reconciled.expired}, still pending ${reconciled.stillPending}, errors ${reconciled.errors} (target <= 10 s${within ? "" : ": MISSED"})`,
    );
    if (reconciled.credited + reconciled.expired !== PENDING || reconciled.errors) process.exitCode = 1;
    await db.end();
  } finally {
    await h.stop();
  }
}
