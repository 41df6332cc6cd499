// Bank slips and refunds under real concurrency (issue 19 items 5, 8, 11), on a real
// PostgreSQL migrated as hosted: two bursars approving one slip at the same moment credit
// it once with one receipt; two refunds of one payment at once refund it once with one
// cancelling receipt. After each, the ledger's invariants: no line credited above what it
// bills, and the receipt just issued states the ledger's balance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, outcomes, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

const bursar = { role: "authenticated", sub: DEMO.admin, aal: "aal2" } as const;
const student = { role: "authenticated", sub: DEMO.student, aal: "aal1" } as const;

let h: HostedDb;
beforeAll(async () => {
  h = await startHostedDb();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function invariants(paymentId: string) {
  const { rows: over } = await h.owner.query("select student_id, label_fr, amount_xaf, paid_xaf from public.student_dues where paid_xaf > amount_xaf");
  expect(over).toEqual([]);
  // The latest receipt of this payment (payment or cancellation) was issued with the
  // student's balance as the ledger now has it (nothing else moved since).
  const {
    rows: [receipt],
  } = await h.owner.query(
    `select (r.details ->> 'balance_xaf')::bigint as receipt_balance, b.balance_xaf as ledger_balance
     from public.receipts r join public.payments p on p.id = r.payment_id
     join public.student_balances b on b.student_id = p.student_id
     where r.payment_id = $1 order by r.issued_at desc, r.kind desc limit 1`,
    [paymentId],
  );
  expect(receipt.receipt_balance).toBe(receipt.ledger_balance);
}

describe("slips and refunds under concurrency (real PostgreSQL)", () => {
  let slip: string;

  it("two bursars approving one slip at once credit it once, with one receipt", async () => {
    const {
      rows: [line],
    } = await h.owner.query(
      `select instalment_id, remaining_xaf from public.student_dues
       where student_id = $1 and instalment_id is not null and remaining_xaf >= 5000
       order by position desc limit 1`,
      [DEMO.student],
    );
    // The demo's payment waiting on that line would hold it (one open payment per line).
    await h.owner.query("update public.payments set status = 'cancelled' where student_id = $1 and instalment_id = $2 and status in ('created', 'pending')", [DEMO.student, line.instalment_id]);
    const path = `${DEMO.student}/${Date.now()}-bordereau.png`;
    await h.owner.query("insert into storage.objects (bucket_id, name, owner_id) values ('bank-slips', $1, $2)", [path, DEMO.student]);
    slip = await h.actAs(student, async (db) => (await db.query("select public.submit_bank_slip($1, 5000, 'CONC-SLIP-1', $2) as id", [line.instalment_id, path])).rows[0].id);

    const approve = () => h.actAs(bursar, (db) => db.query("select status from public.review_bank_slip($1, true)", [slip]));
    const { ok, errors } = await outcomes([approve(), approve()]);
    expect(ok).toHaveLength(1);
    expect(errors).toEqual([expect.stringMatching(/already decided \(succeeded\)/)]);

    const { rows } = await h.owner.query(
      `select p.status, (select count(*)::int from public.receipts r where r.payment_id = p.id) as receipts,
         (select count(*)::int from public.audit_log a where a.target_id = p.id::text and a.action = 'payment.succeeded') as credits
       from public.payments p where p.id = $1`,
      [slip],
    );
    expect(rows).toEqual([{ status: "succeeded", receipts: 1, credits: 1 }]);
    await invariants(slip);
  });

  it("two refunds of one payment at once refund it once, with one cancelling receipt carrying the reason", async () => {
    const refund = (reason: string) => h.actAs(bursar, (db) => db.query("select status from public.refund_payment($1, $2)", [slip, reason]));
    const { ok, errors } = await outcomes([refund("Bordereau en double"), refund("Autre motif")]);
    expect(ok).toHaveLength(1);
    expect(errors).toEqual([expect.stringMatching(/already refunded/)]);

    const {
      rows: [payment],
    } = await h.owner.query("select status, note from public.payments where id = $1", [slip]);
    expect(payment.status).toBe("refunded");
    const { rows: cancellations } = await h.owner.query("select details ->> 'reason' as reason from public.receipts where payment_id = $1 and kind = 'cancellation'", [slip]);
    expect(cancellations).toEqual([{ reason: payment.note }]);
    const { rows: audit } = await h.owner.query("select actor_id, details ->> 'note' as note from public.audit_log where target_id = $1 and action = 'payment.refunded'", [slip]);
    expect(audit).toEqual([{ actor_id: DEMO.admin, note: payment.note }]);
    await invariants(slip);
  });
});
