// Fees on the public pages, schedules created in one step, cash and refunds by the bursar
// only (issue 14 items 1–3, migration 20260604000000).
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
let anon: SupabaseClient;
let year: string;
let extension: { id: string; slug: string };

beforeAll(async () => {
  [student, admin] = await Promise.all([as("student"), as("admin")]);
  anon = stack().client();
  [{ id: year }] = await stack().sql<{ id: string }>("select id from public.academic_years where is_current");
  [extension] = await stack().sql<{ id: string; slug: string }>("select id, slug from public.extension_programmes order by slug limit 1");
});

const lines = [
  { label_fr: "Tranche A", label_en: "Instalment A", amount_xaf: 60000, due_on: "2031-10-15" },
  { label_fr: "Tranche B", label_en: "Instalment B", amount_xaf: 40000, due_on: "2032-01-15" },
];
const schedule = (over: Record<string, unknown> = {}) => ({
  academic_year: year,
  label_fr: "Barème public",
  label_en: "Public schedule",
  registration_fee_xaf: 15000,
  tuition_xaf: 100000,
  late_penalty_xaf: 2500,
  late_grace_days: 5,
  instalments: lines,
  extension: extension.id,
  published: true,
  ...over,
});

describe("fee schedules on the public pages", () => {
  it("the bursar creates a schedule with its instalments at once; bad input and other roles create nothing", async () => {
    const before = (await stack().sql<{ n: number }>("select count(*)::int n from public.fee_schedules"))[0].n;
    const bad = await Promise.all([
      admin.rpc("create_fee_schedule", schedule({ tuition_xaf: 90000 })),
      admin.rpc("create_fee_schedule", schedule({ instalments: [lines[1], lines[0]] })),
      admin.rpc("create_fee_schedule", schedule({ instalments: [] })),
      admin.rpc("create_fee_schedule", schedule({ programme: extension.id })),
      admin.rpc("create_fee_schedule", schedule({ instalments: [{ ...lines[0], amount_xaf: -5 }, lines[1]] })),
      student.rpc("create_fee_schedule", schedule()),
      anon.rpc("create_fee_schedule", schedule()),
    ]);
    expect(bad.map((r) => r.error?.message ?? null)).toEqual([
      expect.stringMatching(/add up to 100000, not the tuition \(90000\)/),
      expect.stringMatching(/in order/),
      expect.stringMatching(/1 to 12/),
      expect.stringMatching(/one programme/),
      expect.stringMatching(/whole francs/),
      expect.stringMatching(/only the bursar/),
      expect.any(String),
    ]);
    expect((await stack().sql<{ n: number }>("select count(*)::int n from public.fee_schedules"))[0].n).toBe(before);

    const draft = await admin.rpc("create_fee_schedule", schedule({ label_fr: "Brouillon", label_en: "Draft", published: false }));
    const made = await admin.rpc("create_fee_schedule", schedule());
    expect(draft.error).toBeNull();
    expect(made.error).toBeNull();
    const audit = await stack().sql<{ action: string }>("select action from public.audit_log where target_id = $1 or details ->> 'fee_schedule_id' = $1 order by action", [made.data]);
    expect(audit.map((a) => a.action)).toEqual(["fee_instalment.created", "fee_instalment.created", "fee_schedule.created"]);

    // Anyone reads the published schedules of the current year, without any student data.
    const { data, error } = await anon.rpc("published_fees", { kind: "extension", slug: extension.slug });
    expect(error).toBeNull();
    const shown = data as { label_fr: string; tuition_xaf: number; instalments: { due_on: string; amount_xaf: number }[] }[];
    expect(shown.map((s) => s.label_fr)).toContain("Barème public");
    expect(shown.map((s) => s.label_fr)).not.toContain("Brouillon");
    const mine = shown.find((s) => s.label_fr === "Barème public")!;
    expect(mine).toMatchObject({ registration_fee_xaf: 15000, tuition_xaf: 100000, late_penalty_xaf: 2500, late_grace_days: 5, academic_year: expect.any(String) });
    expect(mine.instalments).toEqual([
      { position: 1, label_fr: "Tranche A", label_en: "Instalment A", amount_xaf: 60000, due_on: "2031-10-15" },
      { position: 2, label_fr: "Tranche B", label_en: "Instalment B", amount_xaf: 40000, due_on: "2032-01-15" },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/student|discount|"id"/);

    // A change by the bursar shows at once; another year's schedule or an unknown slug shows nothing.
    await admin.from("fee_instalments").update({ amount_xaf: 45000 }).eq("fee_schedule_id", made.data).eq("position", 2);
    const again = await anon.rpc("published_fees", { kind: "extension", slug: extension.slug });
    expect((again.data as typeof shown).find((s) => s.label_fr === "Barème public")!.instalments[1].amount_xaf).toBe(45000);
    expect((await anon.rpc("published_fees", { kind: "extension", slug: "no-such-programme" })).data).toEqual([]);
    expect((await anon.rpc("published_fees", { kind: "student_fees", slug: extension.slug })).data).toEqual([]);
    const [{ id: other }] = await stack().sql<{ id: string }>("select id from public.academic_years where not is_current limit 1");
    if (other) {
      await admin.rpc("create_fee_schedule", schedule({ academic_year: other, label_fr: "Autre année" }));
      const other_year = await anon.rpc("published_fees", { kind: "extension", slug: extension.slug });
      expect((other_year.data as typeof shown).map((s) => s.label_fr)).not.toContain("Autre année");
    }
  });
});

describe("cash and refunds", () => {
  it("only the bursar refunds, with a reason, once; the correction is a cancelling receipt", async () => {
    const studentId = (await student.auth.getUser()).data.user!.id;
    const [due] = await stack().sql<{ instalment_id: string }>("select instalment_id from public.student_dues where student_id = $1 and instalment_id is not null order by position desc limit 1", [
      studentId,
    ]);
    // The demo's slip waiting on that line would hold it (one open payment per line).
    await stack().sql("update public.payments set status = 'cancelled' where student_id = $1 and instalment_id = $2 and status in ('created', 'pending')", [studentId, due.instalment_id]);
    const cash = await admin.rpc("record_cash_payment", { student: studentId, instalment: due.instalment_id, amount_xaf: 1200, cash_reference: "CAISSE-H4-1" });
    expect(cash.error).toBeNull();
    const byStudent = await student.rpc("refund_payment", { payment: cash.data.id, reason: "Je veux mon argent" });
    const byTeacher = await (await as("teacher")).rpc("refund_payment", { payment: cash.data.id, reason: "Erreur de saisie" });
    const noReason = await admin.rpc("refund_payment", { payment: cash.data.id, reason: " " });
    expect([byStudent.error?.message, byTeacher.error?.message, noReason.error?.message]).toEqual([
      expect.stringMatching(/only the bursar/),
      expect.stringMatching(/only the bursar/),
      expect.stringMatching(/reason/),
    ]);
    const refund = await admin.rpc("refund_payment", { payment: cash.data.id, reason: "Erreur de saisie" });
    expect(refund.error).toBeNull();
    expect(refund.data.status).toBe("refunded");
    // A second refund is refused and changes nothing (it rewrote the reason, unaudited).
    const twice = await admin.rpc("refund_payment", { payment: cash.data.id, reason: "Autre motif" });
    expect(twice.error?.message).toMatch(/already refunded/);
    const rewrite = await admin.from("payments").update({ note: "Autre motif" }).eq("id", cash.data.id);
    expect(rewrite.error?.message).toMatch(/already refunded/);
    const pending = await admin.rpc("refund_payment", {
      payment: (await stack().sql<{ id: string }>("select id from public.payments where status = 'pending' limit 1"))[0].id,
      reason: "Erreur de saisie",
    });
    expect(pending.error?.message).toMatch(/only a succeeded payment/);
    const receipts = await stack().sql<{ kind: string; details: { reason?: string } }>("select kind, details from public.receipts where payment_id = $1 order by kind desc", [cash.data.id]);
    expect(receipts.map((r) => r.kind)).toEqual(["payment", "cancellation"]);
    expect(receipts[1].details.reason).toBe("Erreur de saisie");
    const audit = await stack().sql<{ action: string; actor_id: string; note: string | null }>(
      "select action, actor_id, details ->> 'note' as note from public.audit_log where target_id = $1 order by created_at",
      [cash.data.id],
    );
    expect(audit.map((a) => [a.action, a.note])).toEqual([
      ["payment.recorded", null],
      ["payment.refunded", "Erreur de saisie"],
    ]);
    expect(audit[1].actor_id).toBe((await admin.auth.getUser()).data.user!.id);
    // Even written directly, a refund needs its reason (it goes on the cancelling receipt).
    const other = await admin.rpc("record_cash_payment", { student: studentId, instalment: due.instalment_id, amount_xaf: 100, cash_reference: "CAISSE-H4-2" });
    const bare = await admin.from("payments").update({ status: "refunded" }).eq("id", other.data.id);
    expect(bare.error?.message).toMatch(/reason for the refund/);
    // Cash never credits a line above what it still owes.
    const [line] = await stack().sql<{ remaining_xaf: string }>("select remaining_xaf from public.student_dues where student_id = $1 and instalment_id = $2", [studentId, due.instalment_id]);
    const over = await admin.rpc("record_cash_payment", { student: studentId, instalment: due.instalment_id, amount_xaf: Number(line.remaining_xaf) + 1, cash_reference: "CAISSE-H4-3" });
    expect(over.error?.message).toMatch(/more than the line still owes/);
  });
});

describe("late penalties", () => {
  it("bills each late instalment its schedule's penalty once, however often the worker runs; owed with the instalment", async () => {
    const studentId = (await student.auth.getUser()).data.user!.id;
    const service = stack().client({ secret: true });
    const [late] = await stack().sql<{ instalment_id: string; remaining_xaf: string; late_penalty_xaf: number }>(
      "select instalment_id, remaining_xaf, late_penalty_xaf from public.student_dues where student_id = $1 and state = 'late' limit 1",
      [studentId],
    );
    expect(late.late_penalty_xaf).toBeGreaterThan(0);
    const [before] = await stack().sql<{ billed_xaf: string }>("select billed_xaf from public.student_balances where student_id = $1", [studentId]);

    const [a, b] = await Promise.all([service.rpc("bill_late_penalties"), service.rpc("bill_late_penalties")]);
    expect(a.error ?? b.error).toBeNull();
    expect(Number(a.data) + Number(b.data)).toBeGreaterThan(0);
    expect((await service.rpc("bill_late_penalties")).data).toBe(0);

    const mine = await student.from("fee_penalties").select("instalment_id, amount_xaf");
    expect(mine.data).toEqual([{ instalment_id: late.instalment_id, amount_xaf: late.late_penalty_xaf }]);
    const [after] = await stack().sql<{ remaining_xaf: string; state: string }>("select remaining_xaf, state from public.student_dues where student_id = $1 and instalment_id = $2", [
      studentId,
      late.instalment_id,
    ]);
    expect(Number(after.remaining_xaf)).toBe(Number(late.remaining_xaf) + late.late_penalty_xaf);
    expect(after.state).toBe("late");
    const [balance] = await stack().sql<{ billed_xaf: string }>("select billed_xaf from public.student_balances where student_id = $1", [studentId]);
    expect(Number(balance.billed_xaf)).toBe(Number(before.billed_xaf) + late.late_penalty_xaf);
    const audit = await stack().sql<{ n: number }>("select count(*)::int n from public.audit_log where action = 'fee_penalty.billed' and details ->> 'student_id' = $1", [studentId]);
    expect(audit[0].n).toBe(1);

    // Nobody bills or waives a penalty through the API, not even an admin.
    expect((await student.rpc("bill_late_penalties")).error).not.toBeNull();
    expect((await admin.rpc("bill_late_penalties")).error).not.toBeNull();
    expect((await student.from("fee_penalties").insert({ student_fee_id: late.instalment_id, instalment_id: late.instalment_id, student_id: studentId, amount_xaf: 1 })).error).not.toBeNull();
    await admin.from("fee_penalties").delete().eq("student_id", studentId);
    expect((await stack().sql<{ n: number }>("select count(*)::int n from public.fee_penalties where student_id = $1", [studentId]))[0].n).toBe(1);
  });
});

describe("fair late penalties", () => {
  it("an instalment already past due at registration falls due at registration plus the grace days, once: no back-dated penalty, no second grace", async () => {
    // The review's case: admitted and registered today, billed a penalty for an instalment due weeks earlier.
    const service = stack().client({ secret: true });
    const created = await service.auth.admin.createUser({ email: "inscrit.aujourdhui@example.cm", password: "Inscrit-2026-ok", email_confirm: true });
    expect(created.error).toBeNull();
    const newcomer = created.data.user!.id;
    await stack().sql("insert into public.student_registrations (student_id, academic_year_id, student_number, extension_programme_id) values ($1, $2, 'NEW-TODAY-1', $3)", [
      newcomer,
      year,
      extension.id,
    ]);
    const [{ id: schedule }] = await stack().sql<{ id: string }>(
      `insert into public.fee_schedules (academic_year_id, extension_programme_id, label_fr, label_en, tuition_xaf, late_penalty_xaf, late_grace_days, published)
       values ($1, $2, 'Barème rentrée tardive', 'Late entry schedule', 300000, 5000, 7, false) returning id`,
      [year, extension.id],
    );
    await stack().sql(
      `insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on) values
         ($1, 1, 'Tranche passée', 'Past instalment', 100000, (now() at time zone 'Africa/Douala')::date - 42),
         ($1, 2, 'Tranche à venir', 'Coming instalment', 200000, (now() at time zone 'Africa/Douala')::date + 30)`,
      [schedule],
    );
    await stack().sql("insert into public.student_fees (student_id, fee_schedule_id) values ($1, $2)", [newcomer, schedule]);

    expect((await service.rpc("bill_late_penalties")).error).toBeNull();
    const dues = await stack().sql<{ label_fr: string; due_on: string; scheduled_due_on: string; registered_on: string; state: string; penalty_xaf: number }>(
      `select label_fr, due_on::text, scheduled_due_on::text, registered_on::text, state, penalty_xaf from public.student_dues
       where student_id = $1 order by position`,
      [newcomer],
    );
    const [{ today, past, inGrace, coming }] = await stack().sql<{ today: string; past: string; inGrace: string; coming: string }>(
      `select d::text as today, (d - 42)::text as past, (d + 7)::text as "inGrace", (d + 30)::text as coming
       from (select (now() at time zone 'Africa/Douala')::date as d) t`,
    );
    expect(dues).toEqual([
      { label_fr: "Tranche passée", due_on: inGrace, scheduled_due_on: past, registered_on: today, state: "due", penalty_xaf: 0 },
      { label_fr: "Tranche à venir", due_on: coming, scheduled_due_on: coming, registered_on: today, state: "due", penalty_xaf: 0 },
    ]);
    expect((await stack().sql<{ n: number }>("select count(*)::int n from public.fee_penalties where student_id = $1", [newcomer]))[0].n).toBe(0);

    // One grace period, not two: the shifted date already holds the grace days, so the line is
    // late the day after it, not seven days later again.
    const registeredDaysAgo = (days: number) => stack().sql("update public.student_registrations set registered_at = now() - make_interval(days => $2) where student_id = $1", [newcomer, days]);
    const pastLine = async () => {
      expect((await service.rpc("bill_late_penalties")).error).toBeNull();
      return (
        await stack().sql<{ due_on: string; state: string; penalty_xaf: number }>("select due_on::text, state, penalty_xaf from public.student_dues where student_id = $1 and position = 1", [newcomer])
      )[0];
    };
    await registeredDaysAgo(7); // the shifted date is today: still due
    expect(await pastLine()).toEqual({ due_on: today, state: "due", penalty_xaf: 0 });
    await registeredDaysAgo(8); // the shifted date was yesterday: late, billed once
    expect(await pastLine()).toMatchObject({ state: "late", penalty_xaf: 5000 });
    expect(await pastLine()).toMatchObject({ state: "late", penalty_xaf: 5000 });
    expect((await stack().sql<{ n: number }>("select count(*)::int n from public.fee_penalties where student_id = $1", [newcomer]))[0].n).toBe(1);
  });
});

describe("payment reminders by e-mail and SMS", () => {
  it("queues a copy on each channel the student chose, once, and answers it to the worker that queued it", async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
    const studentId = (await student.auth.getUser()).data.user!.id;
    const service = stack().client({ secret: true });
    const prefs = await student.from("notification_preferences").upsert({ user_id: studentId, type: "payment", in_app: false, email: true, sms: true });
    expect(prefs.error).toBeNull();
    const phone = await student.from("profile_contacts").update({ phone: "+237 670000009" }).eq("user_id", studentId);
    expect(phone.error).toBeNull();

    expect((await student.rpc("payment_reminder_messages", { days_before: 3 })).error).not.toBeNull();
    const first = await service.rpc("payment_reminder_messages", { days_before: 3 });
    expect(first.error).toBeNull();
    const mine = (first.data.queued as { channel: string; recipient: string; subject: string | null; body: string }[]).filter((m) => m.recipient === account.email || m.recipient === "+237 670000009");
    expect(mine.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(mine.find((m) => m.channel === "email")!.subject).toMatch(/^(Paiement en retard|Late payment)/);
    expect(mine.find((m) => m.channel === "sms")!.body).toMatch(/FCFA/);
    const inApp = await stack().sql<{ n: number }>("select count(*)::int n from public.student_notifications where user_id = $1 and type = 'payment' and data ->> 'kind' = 'payment_late'", [
      studentId,
    ]);
    expect(inApp[0].n).toBe(0);
    const again = await service.rpc("payment_reminder_messages", { days_before: 3 });
    expect(again.data.queued).toEqual([]);
    const rows = await stack().sql<{ channel: string }>("select channel from public.outbox_messages where user_id = $1 and kind = 'payment' and status = 'queued' order by channel", [studentId]);
    expect(rows.map((r) => r.channel)).toEqual(["email", "sms"]);
  });
});

describe("registrations per year", () => {
  it("a continuing student is registered for a new year under the matricule it holds; nobody else may take that number", async () => {
    const studentId = (await student.auth.getUser()).data.user!.id;
    const [current] = await stack().sql<{ student_number: string; programme_id: string; level_code: string }>(
      "select student_number, programme_id, level_code from public.student_registrations where student_id = $1 order by registered_at desc limit 1",
      [studentId],
    );
    const [{ id: next }] = await stack().sql<{ id: string }>("insert into public.academic_years (label, starts_on, ends_on) values ('2040-2041', '2040-09-01', '2041-07-31') returning id");
    const register = (who: string, number: string) =>
      stack().sql("insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, level_code) values ($1, $2, $3, $4, $5)", [
        who,
        next,
        number,
        current.programme_id,
        current.level_code,
      ]);
    await register(studentId, current.student_number);
    const rows = await stack().sql<{ n: number }>("select count(*)::int n from public.student_registrations where student_id = $1 and student_number = $2", [studentId, current.student_number]);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    await expect(register(studentId, current.student_number)).rejects.toThrow(/duplicate|unique/i);
    const [other] = await stack().sql<{ student_id: string }>("select student_id from public.student_registrations where student_id <> $1 limit 1", [studentId]);
    await expect(register(other.student_id, current.student_number)).rejects.toThrow(/belongs to another student/);
  });
});
