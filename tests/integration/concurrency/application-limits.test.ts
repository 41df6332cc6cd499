// The per-account daily limit on applications (20260811000000_abuse_limits.sql) under real
// concurrency: with 40 of the day's 50 already filed, 20 applications sent at once by the
// same account, as a script would, get exactly 10 through (the advisory lock orders the
// counts; PGlite, one statement at a time, could not show it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, outcomes, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

let h: HostedDb;

beforeAll(async () => {
  h = await startHostedDb();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("applications from one account at once", () => {
  it("20 concurrent inserts with 40 already filed: 10 succeed, 10 are refused", async () => {
    const student = { role: "authenticated", sub: DEMO.student } as const;
    await h.owner.query("insert into private.account_inserts (table_name, user_id) select 'applications', $1 from generate_series(1, 40)", [DEMO.student]);
    const results = await outcomes(
      Array.from({ length: 20 }, (_, i) =>
        h.actAs(student, (db) => db.query("insert into public.applications (kind, status, full_name, email) values ('general', 'submitted', 'Awa Ngono', $1)", [`rafale${i}@x.cm`])),
      ),
    );
    expect(results.ok).toHaveLength(10);
    expect(results.errors).toHaveLength(10);
    for (const error of results.errors) expect(error).toMatch(/too many submissions from this account/);
    const { rows } = await h.owner.query("select count(*)::int as n from public.applications where applicant_id = $1 and email like 'rafale%'", [DEMO.student]);
    expect(rows[0].n).toBe(10);
  });
});
