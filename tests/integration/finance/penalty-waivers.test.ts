// Waiving a late penalty (issue 14): only an admin (the bursar), with a reason, never more
// than the penalty, never twice, never what is already paid; the student's dues and balance
// follow; every waiver is audited.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { fetchPenalties } from "../../../src/dashboard/finance/admin-data.ts";

const stack = useLocalStack();
const as = (role: "student" | "teacher" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};

let student: SupabaseClient;
let teacher: SupabaseClient;
let admin: SupabaseClient;
let studentId: string;
let fee: string;
const lines: string[] = [];
const penalties: string[] = [];

beforeAll(async () => {
  [student, teacher, admin] = await Promise.all([as("student"), as("teacher"), as("admin")]);
  studentId = (await student.auth.getUser()).data.user!.id;
  // A bill of our own: three instalments long overdue, each billed a 5,000 XAF penalty.
  const [schedule] = await stack().sql<{ id: string }>(
    `insert into public.fee_schedules (academic_year_id, programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf, late_penalty_xaf)
     select academic_year_id, programme_id, 'Test remise', 'Waiver test', 0, 300000, 5000 from public.fee_schedules where programme_id is not null limit 1
     returning id`,
  );
  for (let i = 1; i <= 3; i++) {
    const [line] = await stack().sql<{ id: string }>(
      "insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on) values ($1, $2, $3, $4, 100000, '2020-01-01') returning id",
      [schedule.id, i, `Tranche ${i}`, `Instalment ${i}`],
    );
    lines.push(line.id);
  }
  const [bill] = await stack().sql<{ id: string }>("insert into public.student_fees (student_id, fee_schedule_id) values ($1, $2) returning id", [studentId, schedule.id]);
  fee = bill.id;
  for (const line of lines) {
    const [penalty] = await stack().sql<{ id: string }>("insert into public.fee_penalties (student_fee_id, instalment_id, student_id, amount_xaf) values ($1, $2, $3, 5000) returning id", [
      fee,
      line,
      studentId,
    ]);
    penalties.push(penalty.id);
  }
});

const balance = async () => Number((await stack().sql<{ balance_xaf: string }>("select balance_xaf from public.student_balances where student_id = $1", [studentId]))[0].balance_xaf);
const waive = (client: SupabaseClient, penalty: string, amount: number, reason = "Difficultés familiales attestées") => client.rpc("waive_late_penalty", { penalty, amount_xaf: amount, reason });

describe("waiving a late penalty", () => {
  it("is refused to a student and a teacher, and nobody writes waivers directly", async () => {
    for (const client of [student, teacher]) {
      const { error } = await waive(client, penalties[0], 1000);
      expect(error?.message).toMatch(/only the bursar/);
    }
    const insert = await student.from("fee_penalty_waivers").insert({ penalty_id: penalties[0], student_id: studentId, amount_xaf: 5000, reason: "moi-même" });
    expect(insert.error).not.toBeNull();
    expect(await stack().sql("select 1 from public.fee_penalty_waivers where penalty_id = $1", [penalties[0]])).toHaveLength(0);
  });

  it("lets an admin waive part of a penalty with a reason, once; the dues, the balance and the audit log follow", async () => {
    const before = await balance();
    expect((await waive(admin, penalties[0], 6000)).error?.message).toMatch(/more than the penalty/);
    expect((await waive(admin, penalties[0], 3000, "ok")).error?.message).toMatch(/reason/);
    expect((await waive(admin, penalties[0], 0)).error?.message).toMatch(/positive/);

    const { data, error } = await waive(admin, penalties[0], 3000);
    expect(error).toBeNull();
    expect(data).toMatchObject({ penalty_id: penalties[0], amount_xaf: 3000, reason: "Difficultés familiales attestées" });
    expect(await balance()).toBe(before - 3000);

    // The student sees its line lowered, and why.
    const { data: line } = await student
      .from("student_dues")
      .select("amount_xaf, remaining_xaf, penalty_xaf, penalty_waived_xaf, penalty_waiver_reason")
      .eq("student_fee_id", fee)
      .eq("instalment_id", lines[0])
      .single();
    expect(line).toMatchObject({ amount_xaf: 102000, remaining_xaf: 102000, penalty_xaf: 5000, penalty_waived_xaf: 3000, penalty_waiver_reason: "Difficultés familiales attestées" });
    const { data: mine } = await student.from("fee_penalty_waivers").select("amount_xaf").eq("penalty_id", penalties[0]);
    expect(mine).toEqual([{ amount_xaf: 3000 }]);

    // A second waiver of the same penalty, even for the rest, is refused.
    expect((await waive(admin, penalties[0], 2000)).error?.message).toMatch(/already waived/);
    expect(await balance()).toBe(before - 3000);

    const audit = await stack().sql<{ actor_id: string; details: { amount_xaf: number; penalty_xaf: number; reason: string } }>(
      "select actor_id, details from public.audit_log where action = 'fee_penalty.waived' and target_id = $1",
      [penalties[0]],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ amount_xaf: 3000, penalty_xaf: 5000, reason: "Difficultés familiales attestées" });
    expect(audit[0].actor_id).toBe((await admin.auth.getUser()).data.user!.id);

    // The bursar's list says what is left to waive.
    const { data: listed } = await admin.from("fee_penalty_lines").select("penalty_id, penalty_waived_xaf, waivable_xaf, student_name").in("penalty_id", penalties).order("due_on");
    expect(listed?.find((l) => l.penalty_id === penalties[0])).toMatchObject({ penalty_waived_xaf: 3000, waivable_xaf: 0 });
    expect(listed?.find((l) => l.penalty_id === penalties[1])).toMatchObject({ waivable_xaf: 5000, student_name: "Awa Ngono" });
    // The page's search, by a name with a space; the student sees only its own penalties.
    expect((await fetchPenalties(admin, "Awa Ngono")).map((l) => l.penalty_id)).toEqual(expect.arrayContaining(penalties));
    expect(await fetchPenalties(admin, "Personne Inconnue")).toEqual([]);
    const { data: seen } = await teacher.from("fee_penalty_lines").select("penalty_id").in("penalty_id", penalties);
    expect(seen).toEqual([]);
  });

  it("refuses to waive a paid penalty, or more than its unpaid part", async () => {
    const cash = (instalment: string, amount: number, reference: string) => admin.rpc("record_cash_payment", { student: studentId, instalment, amount_xaf: amount, cash_reference: reference });
    // Instalment 2 paid in full with its penalty: nothing left to waive.
    expect((await cash(lines[1], 105000, "CAISSE-W-1")).error).toBeNull();
    expect((await waive(admin, penalties[1], 1000)).error?.message).toMatch(/already paid/);
    // Instalment 3 paid with 2,000 of its penalty: at most 3,000 may be waived.
    expect((await cash(lines[2], 102000, "CAISSE-W-2")).error).toBeNull();
    expect((await waive(admin, penalties[2], 4000)).error?.message).toMatch(/at most 3000 XAF/);
    expect((await waive(admin, penalties[2], 3000)).error).toBeNull();
    const { data: line } = await student.from("student_dues").select("remaining_xaf, state").eq("student_fee_id", fee).eq("instalment_id", lines[2]).single();
    expect(line).toMatchObject({ remaining_xaf: 0, state: "paid" });
    // The table itself refuses more than the penalty, whoever writes.
    const direct = stack().sql("update public.fee_penalty_waivers set amount_xaf = 9000 where penalty_id = $1", [penalties[2]]);
    await expect(direct).rejects.toThrow(/more than the penalty/);
  });
});
