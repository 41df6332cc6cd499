// The payments rules under real concurrency (issue 19, item 11), on a real PostgreSQL
// migrated and seeded as hosted: each call below is its own connection and transaction,
// acting as the payments functions and the worker do (service_role; a student with its
// claims), so the row locks that PGlite never exercises are what keep the money right.
//   - 20 concurrent attempts to open a payment on one line: exactly one opens;
//   - a success callback delivered 3 times while the reconciler settles the same payment:
//     one credit, one receipt;
//   - 20 presses of « Vérifier maintenant » at once: one question to the operator;
//   - 200 concurrent successful payments of different students: receipt numbers
//     consecutive, no gap, no duplicate;
//   - after each: no line credited above what it bills, and each receipt's balance equals
//     the ledger's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { outcomes, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

let h: HostedDb;
const service = { role: "service_role" } as const;

beforeAll(async () => {
  h = await startHostedDb({ maxConnections: 240 });
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** New students, each billed one schedule of one 135,000 XAF instalment (no registration fee). */
async function billedStudents(count: number): Promise<{ student: string; fee: string; instalment: string }[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  const {
    rows: [schedule],
  } = await h.owner.query<{ id: string; instalment: string }>(
    `with s as (
       insert into public.fee_schedules (academic_year_id, programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
       select academic_year_id, programme_id, 'Concurrence ' || $1, 'Concurrency ' || $1, 0, 135000
       from public.fee_schedules where programme_id is not null limit 1 returning id)
     insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on)
     select id, 1, 'Tranche unique', 'Single instalment', 135000, '2030-01-01' from s returning fee_schedule_id as id, id as instalment`,
    [tag],
  );
  const { rows } = await h.owner.query<{ student: string; fee: string }>(
    `with u as (
       insert into auth.users (id, aud, role, email)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'conc-' || $2 || '-' || i || '@test.cm' from generate_series(1, $1) i
       returning id)
     insert into public.student_fees (student_id, fee_schedule_id) select id, $3 from u returning student_id as student, id as fee`,
    [count, tag, schedule.id],
  );
  return rows.map((r) => ({ ...r, instalment: schedule.instalment }));
}

const open = (db: pg.Client, key: string, line: { student: string; instalment: string }, amount = 135000, phone = "+237670000005") =>
  db
    .query("select * from public.open_payment($1, $2, 'mtn_momo', 'simulator', $3, $4, $5)", [key, amount, phone, line.student, line.instalment])
    .then((r) => r.rows[0] as { id: string; status: string });

async function pendingPayment(line: { student: string; instalment: string }): Promise<{ id: string; key: string }> {
  const key = crypto.randomUUID();
  return h.actAs(service, async (db) => {
    const row = await open(db, key, line);
    await db.query("select public.mark_payment_pending($1, $2)", [key, `SIM-${key.slice(0, 8)}`]);
    return { id: row.id, key };
  });
}

/** The invariants every money test ends with; answers what breaks them (nothing, if all is well). */
async function invariants(): Promise<string[]> {
  const overpaid = await h.owner.query<{ name: string }>(
    `select 'line ' || coalesce(d.instalment_id::text, 'registration') || ' of bill ' || d.student_fee_id || ' credited '
            || d.paid_xaf || ' for ' || d.amount_xaf as name
     from public.student_dues d where d.paid_xaf > d.amount_xaf`,
  );
  // A receipt states the balance after its payment; with the student's later payments
  // (and refunds) added back, that is what the ledger says now.
  const balances = await h.owner.query<{ name: string }>(
    `select 'receipt ' || r.number || ' says ' || (r.details ->> 'balance_xaf') || ', ledger ' || b.balance_xaf as name
     from public.receipts r
     join public.payments p on p.id = r.payment_id
     join public.student_balances b on b.student_id = p.student_id
     where r.kind = 'payment' and r.details ? 'balance_xaf'
       and (r.details ->> 'balance_xaf')::bigint <> b.balance_xaf + coalesce((
         select sum(q.amount_xaf) from public.payments q
         where q.student_id = p.student_id and q.status = 'succeeded' and q.id <> p.id
           and (q.paid_at, q.id) > (p.paid_at, p.id)), 0)
       and p.student_id in (select sf.student_id from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
                            where fs.label_fr like 'Concurrence %')`,
  );
  return [...overpaid.rows, ...balances.rows].map((r) => r.name);
}

describe("payments under real concurrency (PostgreSQL)", () => {
  it("20 concurrent attempts to open a payment on one line: exactly one opens", async () => {
    const [line] = await billedStudents(1);
    const { ok, errors } = await outcomes(Array.from({ length: 20 }, () => h.actAs(service, (db) => open(db, crypto.randomUUID(), line))));
    expect(ok).toHaveLength(1);
    expect(errors).toHaveLength(19);
    for (const error of errors) expect(error).toMatch(/^payment_in_progress:/);
    const {
      rows: [{ n }],
    } = await h.owner.query<{ n: number }>("select count(*)::int as n from public.payments where student_id = $1", [line.student]);
    expect(n).toBe(1);
    // The same again with the student's own attempts and the same key: still one payment.
    const [other] = await billedStudents(1);
    const key = crypto.randomUUID();
    const same = await outcomes(Array.from({ length: 10 }, () => h.actAs(service, (db) => open(db, key, other, 50000))));
    expect(new Set(same.ok.map((p) => p.id)).size).toBe(1);
    expect(same.errors).toEqual([]);
    expect(await invariants()).toEqual([]);
  });

  it("a success callback delivered 3 times while the reconciler settles the same payment: one credit, one receipt", async () => {
    const [line] = await billedStudents(1);
    const { id, key } = await pendingPayment(line);
    const callback = () => h.actAs(service, (db) => db.query("select * from public.settle_payment($1, 'succeeded', 'SIM-OK')", [key]).then((r) => r.rows[0] as { credited: boolean }));
    const reconciler = () =>
      h.actAs(service, (db) =>
        db.query("select * from public.settle_payments($1)", [JSON.stringify([{ key, outcome: "succeeded", reference: "SIM-OK" }])]).then((r) => r.rows[0] as { credited: boolean }),
      );
    const { ok, errors } = await outcomes([callback(), reconciler(), callback(), callback()]);
    expect(errors).toEqual([]);
    expect(ok.filter((r) => r.credited)).toHaveLength(1);
    const { rows: receipts } = await h.owner.query("select number from public.receipts where payment_id = $1", [id]);
    expect(receipts).toHaveLength(1);
    const {
      rows: [{ n }],
    } = await h.owner.query<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'payment.succeeded' and target_id = $1", [id]);
    expect(n).toBe(1);
    expect(await invariants()).toEqual([]);
  });

  it("« Vérifier maintenant » pressed 20 times at once: the operator is asked once", async () => {
    const [line] = await billedStudents(1);
    const { id } = await pendingPayment(line);
    const claim = () => h.actAs(service, (db) => db.query("select public.claim_payment_check($1) as claimed", [id]).then((r) => r.rows[0].claimed as boolean));
    const { ok, errors } = await outcomes(Array.from({ length: 20 }, claim));
    expect(errors).toEqual([]);
    expect(ok.filter((claimed) => claimed)).toHaveLength(1);
    expect(await claim()).toBe(false);
  });

  it("200 concurrent successful payments of different students: receipt numbers consecutive, no gap, no duplicate", async () => {
    const lines = await billedStudents(200);
    const pending = await Promise.all(lines.map((line) => pendingPayment(line)));
    const { ok, errors } = await outcomes(
      pending.map(({ key }) =>
        h.actAs(service, (db) => db.query("select * from public.settle_payment($1, 'succeeded', 'SIM-200')", [key]).then((r) => r.rows[0] as { credited: boolean; receipt_number: string })),
      ),
    );
    expect(errors).toEqual([]);
    expect(ok.filter((r) => r.credited)).toHaveLength(200);
    const numbers = ok.map((r) => Number(r.receipt_number.replace(/^REC-\d{4}-/, ""))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers.at(-1)! - numbers[0]).toBe(199);
    // Nothing else was numbered in between, and no number of the year is used twice.
    const {
      rows: [{ dupes }],
    } = await h.owner.query<{ dupes: number }>("select count(*)::int - count(distinct number)::int as dupes from public.receipts");
    expect(dupes).toBe(0);
    expect(await invariants()).toEqual([]);
  });
});
