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
  const [due] = await stack().sql<{ instalment_id: string }>("select instalment_id from public.student_dues where student_id = $1 and instalment_id is not null order by position desc limit 1", [
    studentId,
  ]);
  instalmentId = due.instalment_id;
  // The demo's slip waiting on that line would hold it (one open payment per line).
  await stack().sql("update public.payments set status = 'cancelled' where student_id = $1 and instalment_id = $2 and status in ('created', 'pending')", [studentId, instalmentId]);
});

async function open(key: string, amount = 1000) {
  const { data, error } = await service.rpc("open_payment", {
    idempotency_key: key,
    amount_xaf: amount,
    method: "mtn_momo",
    provider: "simulator",
    payer_phone: "+237 670000000",
    student: studentId,
    instalment: instalmentId,
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

  it("one open payment per line: another key is refused while one is open, and never more than the line still owes (M3)", async () => {
    const [line] = await stack().sql<{ remaining_xaf: number }>("select remaining_xaf::int from public.student_dues where student_id = $1 and instalment_id = $2", [studentId, instalmentId]);
    const tooMuch = await service.rpc("open_payment", {
      idempotency_key: "key-too-much-01",
      amount_xaf: line.remaining_xaf + 1,
      method: "mtn_momo",
      provider: "simulator",
      payer_phone: "+237670000000",
      student: studentId,
      instalment: instalmentId,
    });
    expect(tooMuch.error?.message).toMatch(/amount_too_high:/);
    const first = await open("key-open-one-01");
    const second = await service.rpc("open_payment", {
      idempotency_key: "key-open-two-01",
      amount_xaf: 1000,
      method: "orange_money",
      provider: "simulator",
      payer_phone: "+237690000000",
      student: studentId,
      instalment: instalmentId,
    });
    expect(second.error?.message).toMatch(/payment_in_progress:/);
    // The same key still answers its own payment.
    expect((await open("key-open-one-01")).id).toBe(first.id);
    await stack().sql("update public.payments set status = 'cancelled' where id = $1", [first.id]);
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

describe("bank slips, cash and the bursar's figures", () => {
  it("a student declares a slip in its own folder; the bursar approves (receipt) or rejects with a reason; all audited", async () => {
    const path = `${studentId}/slip-core.pdf`;
    const upload = await student.storage.from("bank-slips").upload(path, new Blob(["%PDF-1.4"], { type: "application/pdf" }), { contentType: "application/pdf" });
    expect(upload.error).toBeNull();
    // Only a file of the student's own folder, named without `..` (storage resolves
    // `A/../B/x` to B's slip), that was really uploaded.
    const [other] = await stack().sql<{ student_id: string }>("select student_id from public.student_fees where student_id <> $1 limit 1", [studentId]);
    for (const slip_path of ["someone/else.pdf", `${studentId}/../${other.student_id}/slip.pdf`, `${studentId}/`, `${studentId}x/slip.pdf`, `${studentId}/missing.pdf`]) {
      const refused = await student.rpc("submit_bank_slip", { instalment: instalmentId, amount_xaf: 5000, bank_reference: "AFB-1", slip_path });
      expect(refused.error?.message, slip_path).toMatch(slip_path.endsWith("missing.pdf") ? /upload the slip/ : /your own folder/);
    }
    const first = await student.rpc("submit_bank_slip", { instalment: instalmentId, amount_xaf: 5000, bank_reference: "AFB-1", slip_path: path });
    expect(first.error).toBeNull();
    // One open payment per line, whatever the channel: no second slip, no cash beside it.
    const beside = await student.rpc("submit_bank_slip", { instalment: instalmentId, amount_xaf: 3000, bank_reference: "AFB-2", slip_path: path });
    expect(beside.error?.message).toMatch(/payment_in_progress:/);
    const cashBeside = await admin.rpc("record_cash_payment", { student: studentId, instalment: instalmentId, amount_xaf: 1000, cash_reference: "CAISSE-X" });
    expect(cashBeside.error?.message).toMatch(/payment_in_progress:/);
    // Only the bursar decides.
    const self = await student.rpc("review_bank_slip", { payment: first.data, approve: true });
    expect(self.error).not.toBeNull();
    expect((await admin.rpc("review_bank_slip", { payment: first.data, approve: true })).error).toBeNull();
    const tooMuch = await student.rpc("submit_bank_slip", { instalment: instalmentId, amount_xaf: 100_000_000, bank_reference: "AFB-3", slip_path: path });
    expect(tooMuch.error?.message).toMatch(/amount_too_high:/);
    const second = await student.rpc("submit_bank_slip", { instalment: instalmentId, amount_xaf: 3000, bank_reference: "AFB-2", slip_path: path });
    expect(second.error).toBeNull();
    const noReason = await admin.rpc("review_bank_slip", { payment: second.data, approve: false });
    expect(noReason.error?.message).toMatch(/reason/);
    expect((await admin.rpc("review_bank_slip", { payment: second.data, approve: false, reason: "Montant illisible" })).error).toBeNull();
    const again = await admin.rpc("review_bank_slip", { payment: first.data, approve: false, reason: "Trop tard" });
    expect(again.error).not.toBeNull();
    const rows = await stack().sql<{ id: string; status: string; note: string | null; receipts: number }>(
      "select p.id, p.status, p.note, (select count(*)::int from public.receipts r where r.payment_id = p.id) as receipts from public.payments p where p.id in ($1, $2) order by p.amount_xaf desc",
      [first.data, second.data],
    );
    expect(rows.map((r) => [r.status, r.note, r.receipts])).toEqual([
      ["succeeded", null, 1],
      ["failed", "Montant illisible", 0],
    ]);
    const audit = await stack().sql<{ action: string; actor_id: string | null }>("select action, actor_id from public.audit_log where target_id = $1 order by created_at", [first.data]);
    expect(audit.map((a) => a.action)).toEqual(["payment.recorded", "payment.succeeded"]);
    expect(audit[1].actor_id).not.toBeNull();
    // The bursar opens the slip through a signed URL (one, or a batch) and gets its bytes,
    // as supabase-js builds the URL from hosted storage-api's answer; a student of another
    // folder gets no URL.
    const single = await admin.storage.from("bank-slips").createSignedUrl(path, 60);
    expect(single.error).toBeNull();
    expect(single.data!.signedUrl).toMatch(new RegExp(`^${stack().url}/storage/v1/object/sign/bank-slips/`));
    expect(await (await fetch(single.data!.signedUrl)).text()).toBe("%PDF-1.4");
    const batch = await admin.storage.from("bank-slips").createSignedUrls([path, `${studentId}/missing.pdf`], 60);
    expect(batch.error).toBeNull();
    expect(batch.data!.map((d) => [d.path, d.error === null])).toEqual([
      [path, true],
      [`${studentId}/missing.pdf`, false],
    ]);
    expect(await (await fetch(batch.data![0].signedUrl!)).text()).toBe("%PDF-1.4");
    const teacher = await as("teacher");
    expect((await teacher.storage.from("bank-slips").createSignedUrl(path, 60)).error).not.toBeNull();
  });

  it("cash is recorded by the bursar with its slip number, and the figures add it up; students cannot read them", async () => {
    const cash = await admin.rpc("record_cash_payment", { student: studentId, instalment: instalmentId, amount_xaf: 2500, cash_reference: "CAISSE-0001" });
    expect(cash.error).toBeNull();
    expect(cash.data.status).toBe("succeeded");
    const byStudent = await student.rpc("record_cash_payment", { student: studentId, instalment: instalmentId, amount_xaf: 2500, cash_reference: "X-1" });
    expect(byStudent.error).not.toBeNull();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Douala" }).format(new Date());
    const { data: summary, error } = await admin.rpc("finance_summary", { from_day: today, to_day: today });
    expect(error).toBeNull();
    expect(summary.by_channel.find((g: { key: string }) => g.key === "cash").total_xaf).toBeGreaterThanOrEqual(2500);
    expect(summary.outstanding_xaf).toBeGreaterThan(0);
    const denied = await student.rpc("finance_summary", { from_day: today, to_day: today });
    expect(denied.error).not.toBeNull();
    const { data: rows } = await admin.from("finance_payments").select("payer_name, item_fr, receipt_number, school_fr").eq("id", cash.data.id).single();
    expect(rows!.receipt_number).toMatch(/^REC-\d{4}-\d{6}$/);
    expect(rows!.school_fr).toBeTruthy();
  });
});

describe("fee configuration", () => {
  it("the bursar edits a schedule and its instalments, assigns it to the cohort and gives a discount with its reason; all audited", async () => {
    // The demo student's programme and level: a cohort with students.
    const [template] = await stack().sql<{ academic_year_id: string; programme_id: string; level_code: string }>(
      `select fs.academic_year_id, fs.programme_id, fs.level_code from public.student_fees sf
       join public.fee_schedules fs on fs.id = sf.fee_schedule_id where sf.student_id = $1 and fs.level_code is not null limit 1`,
      [studentId],
    );
    const { data: schedule, error } = await admin
      .from("fee_schedules")
      .insert({ ...template, label_fr: "Barème test", label_en: "Test schedule", tuition_xaf: 200000, late_penalty_xaf: 5000 })
      .select("id")
      .single();
    expect(error).toBeNull();
    expect((await admin.from("fee_instalments").insert({ fee_schedule_id: schedule!.id, position: 1, label_fr: "T1", label_en: "I1", amount_xaf: 200000, due_on: "2031-01-15" })).error).toBeNull();
    const byStudent = await student.rpc("assign_fee_schedule", { schedule: schedule!.id });
    expect(byStudent.error).not.toBeNull();
    const assigned = await admin.rpc("assign_fee_schedule", { schedule: schedule!.id });
    expect(assigned.error).toBeNull();
    const [{ n }] = await stack().sql<{ n: number }>(
      `select count(*)::int as n from public.student_registrations r where r.academic_year_id = $1 and r.programme_id = $2 and r.level_code = $3 and r.status = 'active'`,
      [template!.academic_year_id, template!.programme_id, template!.level_code],
    );
    expect(n).toBeGreaterThan(0);
    expect(assigned.data).toBe(n);
    expect((await admin.rpc("assign_fee_schedule", { schedule: schedule!.id })).data).toBe(0);
    const [bill] = await stack().sql<{ id: string }>("select id from public.student_fees where fee_schedule_id = $1 limit 1", [schedule!.id]);
    const noReason = await admin.rpc("set_student_discount", { bill: bill.id, amount_xaf: 20000, reason: "" });
    expect(noReason.error?.message).toMatch(/reason/);
    expect((await admin.rpc("set_student_discount", { bill: bill.id, amount_xaf: 20000, reason: "Bourse d'excellence" })).error).toBeNull();
    const actions = (await stack().sql<{ action: string }>("select action from public.audit_log where target_id in ($1, $2) order by created_at", [schedule!.id, bill.id])).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["fee_schedule.created", "fee_schedule.assigned", "student_fee.created", "student_fee.changed"]));
  });
});

describe("late-payment reminders", () => {
  it("tell a student once before the due date and once when late, in their language", async () => {
    const first = await service.rpc("queue_payment_reminders", { days_before: 3 });
    expect(first.error).toBeNull();
    expect(first.data).toBeGreaterThan(0);
    // The demo data makes the demo student's 2nd instalment late.
    const notes = await stack().sql<{ title: string; action_url: string; priority: string }>(
      "select title, action_url, priority from public.student_notifications where user_id = $1 and data ->> 'kind' = 'payment_late'",
      [studentId],
    );
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatchObject({ action_url: "/dashboard/student/payments", priority: "high" });
    expect(notes[0].title).toMatch(/^(Paiement en retard|Late payment) : ?/);
    const again = await service.rpc("queue_payment_reminders", { days_before: 3 });
    expect(again.data).toBe(0);
    const denied = await student.rpc("queue_payment_reminders", { days_before: 3 });
    expect(denied.error).not.toBeNull();
  });
});
