// Payments core in SQL (issue 14): legal transitions only, idempotent atomic crediting,
// receipts numbered per year and never edited, who may do what.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
const as = (role: "student" | "teacher" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};

let student: SupabaseClient;
let admin: SupabaseClient;
let service: SupabaseClient;
let studentId: string;
let instalmentId: string;

beforeAll(async () => {
  [student, admin] = await Promise.all([as("student"), as("admin")]);
  service = stack().client({ secret: true });
  studentId = (await student.auth.getUser()).data.user!.id;
  const [due] = await stack().sql<{ instalment_id: string }>(
    "select instalment_id from public.student_dues where student_id = $1 and instalment_id is not null order by position desc limit 1",
    [studentId],
  );
  instalmentId = due.instalment_id;
});

async function open(key: string, amount = 1000) {
  const { data, error } = await service.rpc("open_payment", {
    idempotency_key: key, amount_xaf: amount, method: "mtn_momo", provider: "simulator",
    payer_phone: "+237 670000000", student: studentId, instalment: instalmentId,
  });
  if (error) throw new Error(error.message);
  return data as { id: string; status: string };
}

describe("payments core", () => {
  it("opens once per idempotency key, then credits once however often it is settled", async () => {
    const first = await open("key-twice-0001");
    const again = await open("key-twice-0001");
    expect(again.id).toBe(first.id);
    expect(first.status).toBe("created");
    await service.rpc("mark_payment_pending", { idempotency_key: "key-twice-0001", provider_reference: "SIM-1" });
    const settle = () => service.rpc("settle_payment", { idempotency_key: "key-twice-0001", outcome: "succeeded", provider_reference: "SIM-1" });
    const [a, b] = await Promise.all([settle(), settle()]);
    expect(a.error ?? b.error).toBeNull();
    const credited = [...a.data!, ...b.data!].filter((r: { credited: boolean }) => r.credited);
    expect(credited).toHaveLength(1);
    const receipts = await stack().sql<{ number: string }>("select number from public.receipts where payment_id = $1", [first.id]);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].number).toMatch(/^REC-\d{4}-\d{6}$/);
  });

  it("refuses illegal transitions in the database", async () => {
    const p = await open("key-illegal-0001");
    const jump = await admin.from("payments").update({ status: "refunded" }).eq("id", p.id);
    expect(jump.error?.message).toMatch(/illegal payment transition/);
    await service.rpc("mark_payment_pending", { idempotency_key: "key-illegal-0001" });
    await service.rpc("settle_payment", { idempotency_key: "key-illegal-0001", outcome: "failed", reason: "declined" });
    const back = await admin.from("payments").update({ status: "pending" }).eq("id", p.id);
    expect(back.error?.message).toMatch(/illegal payment transition/);
    const revive = await admin.from("payments").update({ status: "succeeded" }).eq("id", p.id);
    expect(revive.error?.message).toMatch(/illegal payment transition/);
    const amount = await admin.from("payments").update({ amount_xaf: 1 }).eq("id", p.id);
    expect(amount.error).not.toBeNull();
  });
});
