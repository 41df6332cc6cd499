// The registrar's record is the identity on documents (issue 20 item 1, issue 19 item 9,
// security review H2): a student who renames its profile still gets its certificate of
// enrolment, relevé and receipts in the registrar's name, and their public verification
// says so; it cannot write the record; a correction goes through the registrar (audited),
// and documents issued before keep what they printed.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { decideCorrection, fetchMyIdentity, fetchPendingCorrections, requestCorrection, withdrawCorrection } from "../../../src/dashboard/documents/identity-data.ts";
import { fetchMyRegistrations } from "../../../src/dashboard/shared/certificates-data.ts";

const stack = useLocalStack();
const as = (role: "student" | "teacher" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};
type Doc = { number: string; verification_code: string; snapshot: Record<string, unknown> };
const first = (data: unknown) => (data as Doc[])[0];

let student: SupabaseClient;
let teacher: SupabaseClient;
let admin: SupabaseClient;
let studentId: string;
let registration: string;
let deliberation: string;

beforeAll(async () => {
  [student, teacher, admin] = await Promise.all([as("student"), as("teacher"), as("admin")]);
  studentId = (await student.auth.getUser()).data.user!.id;
  [{ id: registration }] = await stack().sql<{ id: string }>(
    "select r.id from public.student_registrations r join public.academic_years y on y.id = r.academic_year_id where r.student_id = $1 and y.is_current",
    [studentId],
  );
  [{ id: deliberation }] = await stack().sql<{ id: string }>(
    `select d.id from public.deliberations d join public.frozen_results f on f.deliberation_id = d.id
     where f.student_id = $1 and d.published_at is not null order by d.session = 'resit' desc limit 1`,
    [studentId],
  );
  // The attack of H2: the student renames itself before asking for its documents.
  const renamed = await student.from("profiles").update({ full_name: "Jean-Claude Forgé" }).eq("id", studentId).select("full_name");
  expect(renamed.data).toEqual([{ full_name: "Jean-Claude Forgé" }]);
}, 120_000);

describe("documents carry the registrar's record", () => {
  it("a renamed student gets its certificate in the registrar's name, and the public check confirms that name", async () => {
    const issued = await student.rpc("issue_enrolment_certificate", { registration });
    expect(issued.error).toBeNull();
    const doc = first(issued.data);
    expect(doc.snapshot).toMatchObject({ holder: "Awa Ngono", birth_date: "2004-03-14", birth_place: "Douala" });
    const checked = await stack().client().rpc("verify_enrolment_certificate", { code: doc.verification_code });
    expect(checked.data).toEqual([expect.objectContaining({ holder: "Awa Ngono", valid: true })]);
  });

  it("a renamed student gets its relevé in the registrar's name, with what a registrar signs, and the check shows the figures", async () => {
    const issued = await student.rpc("issue_transcript", { deliberation });
    expect(issued.error).toBeNull();
    const doc = first(issued.data);
    const s = doc.snapshot as Record<string, unknown> & { units: Array<Record<string, unknown>> };
    expect(s).toMatchObject({
      holder: "Awa Ngono",
      birth_date: "2004-03-14",
      birth_place: "Douala",
      matricule: expect.stringMatching(/UO/),
      programme_fr: expect.any(String),
      level_fr: expect.any(String),
      niu: "M012000012345A",
      authorization_ref: expect.stringContaining("MINESUP"),
      signatory_name: "Dr Hélène Mbarga",
      signatory_title_fr: expect.any(String),
      signatory_title_en: expect.any(String),
    });
    expect(s.units.length).toBeGreaterThan(0);
    for (const u of s.units) {
      expect(u.decision_code).toBe(u.validated_by === "average" ? "CA" : u.validated_by === "compensation" ? "CANT" : u.average === null ? "I" : "R");
      expect((u.courses as unknown[]).length).toBeGreaterThan(0);
    }

    const [checked] = (await stack().client().rpc("verify_transcript", { code: doc.verification_code })).data as Array<Record<string, unknown>>;
    expect(checked).toMatchObject({ holder: "Awa Ngono", average: s.average, credits_earned: s.credits_earned, credits_total: s.credits_total, decision: s.decision });
    expect(checked.units).toEqual(s.units.map((u) => ({ code: u.code, title_fr: u.title_fr, title_en: u.title_en, credits: u.credits, average: u.average, decision_code: u.decision_code })));
    // what the check must not tell: matricule, birth data, EC marks
    expect(JSON.stringify(checked)).not.toMatch(/matricule|birth|Douala|courses/);
  });

  it("a renamed student's receipt names the registrar's record; a simulated payment says so on its check", async () => {
    const service = stack().client({ secret: true });
    const [due] = await stack().sql<{ instalment_id: string }>("select instalment_id from public.student_dues where student_id = $1 and instalment_id is not null order by position desc limit 1", [
      studentId,
    ]);
    // The demo's slip waiting on that line would hold it (one open payment per line).
    await stack().sql("update public.payments set status = 'cancelled' where student_id = $1 and instalment_id = $2 and status in ('created', 'pending')", [studentId, due.instalment_id]);
    const key = "identity-receipt-0001";
    const opened = await service.rpc("open_payment", {
      idempotency_key: key,
      amount_xaf: 1000,
      method: "mtn_momo",
      provider: "simulator",
      payer_phone: "+237 670000000",
      student: studentId,
      instalment: due.instalment_id,
    });
    expect(opened.error).toBeNull();
    await service.rpc("mark_payment_pending", { idempotency_key: key, provider_reference: "SIM-ID-1" });
    expect((await service.rpc("settle_payment", { idempotency_key: key, outcome: "succeeded", provider_reference: "SIM-ID-1" })).error).toBeNull();
    const { data: receipts } = await student
      .from("receipts")
      .select("verification_code, details")
      .eq("payment_id", (opened.data as { id: string }).id);
    expect(receipts![0].details).toMatchObject({ payer: "Awa Ngono", matricule: expect.stringMatching(/UO/), simulated: true });
    const checked = await stack().client().rpc("verify_receipt", { code: receipts![0].verification_code });
    expect(checked.data).toEqual([expect.objectContaining({ payer_initials: "A. N.", simulated: true })]);
  });

  it("the student reads its record but cannot write it", async () => {
    expect((await student.from("student_identities").select("legal_name").eq("student_id", studentId)).data).toEqual([{ legal_name: "Awa Ngono" }]);
    const changed = await student.from("student_identities").update({ legal_name: "Jean-Claude Forgé" }).eq("student_id", studentId).select();
    expect(changed.error?.code ?? (changed.data ?? []).length).toBeTruthy();
    const [row] = await stack().sql<{ legal_name: string }>("select legal_name from public.student_identities where student_id = $1", [studentId]);
    expect(row.legal_name).toBe("Awa Ngono");
    const direct = await student.rpc("set_student_identity", { student: studentId, legal_name: "Jean-Claude Forgé", birth_date: null, birth_place: null, reason: "moi-même" });
    expect(direct.error?.code).toBe("42501");
    expect((await teacher.from("student_identities").select("legal_name").eq("student_id", studentId)).data).toEqual([]);
  });
});

describe("a correction goes through the registrar", () => {
  let requestId = "";
  it("the pages' reads: the student's record and requests, the registrar's queue with the record beside each request", async () => {
    const mine = await fetchMyIdentity(student, studentId);
    expect(mine.identity).toMatchObject({ legal_name: "Awa Ngono", birth_date: "2004-03-14", birth_place: "Douala" });
    expect(mine.requests).toEqual([]);
    const queue = await fetchPendingCorrections(admin);
    expect(queue).toEqual([expect.objectContaining({ legal_name: expect.stringMatching(/Epse Tchana$/), current: expect.objectContaining({ profile: { full_name: expect.any(String) } }) })]);
    expect(await fetchPendingCorrections(student)).toEqual([]);
  });

  it("the student asks once, with a justification; nobody else decides", async () => {
    const short = await student.rpc("request_identity_correction", { legal_name: "Awa Ngono Epse Tchana", birth_date: "2004-03-14", birth_place: "Douala", reason: "mariage" });
    expect(short.error?.code).toBe("22023");
    const asked = await student.rpc("request_identity_correction", {
      legal_name: "Awa Ngono Epse Tchana",
      birth_date: "2004-03-14",
      birth_place: "Douala",
      reason: "Mariage du 12 juin 2026, acte n° 2026/114 joint.",
    });
    expect(asked.error).toBeNull();
    requestId = (asked.data as { id: string }).id;
    const twice = await student.rpc("request_identity_correction", { legal_name: "Awa N. Tchana", birth_date: null, birth_place: null, reason: "Une autre demande en attente." });
    expect(twice.error?.code).toBe("23505");
    expect((await fetchMyIdentity(student, studentId)).requests).toEqual([expect.objectContaining({ id: requestId, status: "pending" })]);
    expect((await student.rpc("decide_identity_correction", { request: requestId, approve: true })).error?.code).toBe("42501");
    expect((await teacher.rpc("decide_identity_correction", { request: requestId, approve: true })).error?.code).toBe("42501");
    expect((await admin.rpc("decide_identity_correction", { request: requestId, approve: false })).error?.code).toBe("22023");
  });

  it("approved: the record changes (audited), the old certificate keeps its name, the next one carries the new", async () => {
    const before = first((await student.rpc("issue_enrolment_certificate", { registration })).data);
    const decided = await admin.rpc("decide_identity_correction", { request: requestId, approve: true });
    expect(decided.error).toBeNull();
    expect(decided.data).toMatchObject({ status: "approved" });
    expect((await admin.rpc("decide_identity_correction", { request: requestId, approve: false, note: "trop tard" })).error?.code).toBe("PT409");
    const [audit] = await stack().sql<{ details: Record<string, { legal_name: string }> }>("select details from public.audit_log where action = 'identity.correction_approved' and target_id = $1", [
      studentId,
    ]);
    expect(audit.details.before.legal_name).toBe("Awa Ngono");
    expect(audit.details.after.legal_name).toBe("Awa Ngono Epse Tchana");

    const after = first((await student.rpc("issue_enrolment_certificate", { registration })).data);
    expect(after.number).not.toBe(before.number);
    expect(after.snapshot.holder).toBe("Awa Ngono Epse Tchana");
    const old = await stack().client().rpc("verify_enrolment_certificate", { code: before.verification_code });
    expect(old.data).toEqual([expect.objectContaining({ holder: "Awa Ngono", valid: false })]);
    const fresh = await stack().client().rpc("verify_enrolment_certificate", { code: after.verification_code });
    expect(fresh.data).toEqual([expect.objectContaining({ holder: "Awa Ngono Epse Tchana", valid: true })]);
    // Mes documents lists the standing certificate, not the superseded one
    expect((await fetchMyRegistrations(student, studentId)).find((r) => r.id === registration)?.certificate).toBe(after.number);
  });

  it("rejected with a reason, audited; the admin may also set the record directly, audited", async () => {
    // Through the pages' data modules (student/documents, admin/students).
    await requestCorrection(student, { legal_name: "Awa Tchana", birth_date: "2004-03-14", birth_place: "Douala", reason: "Je préfère ce nom sur mes documents." });
    const [{ id }] = await stack().sql<{ id: string }>("select id from public.identity_correction_requests where student_id = $1 and status = 'pending'", [studentId]);
    await decideCorrection(admin, id, false, "Aucune pièce d'état civil fournie.");
    await expect(withdrawCorrection(student, id)).rejects.toThrow(/no pending request of yours/);
    const [rejected] = await stack().sql<{ status: string; decision_note: string }>("select status, decision_note from public.identity_correction_requests where id = $1", [id]);
    expect(rejected).toMatchObject({ status: "rejected", decision_note: "Aucune pièce d'état civil fournie." });
    const set = await admin.rpc("set_student_identity", { student: studentId, legal_name: "Awa Ngono", birth_date: "2004-03-14", birth_place: "Douala", reason: "Divorce transcrit" });
    expect(set.error).toBeNull();
    const actions = await stack().sql<{ action: string }>("select action from public.audit_log where target_id = $1 and action like 'identity.%' order by created_at", [studentId]);
    expect(actions.map((a) => a.action)).toEqual(["identity.correction_approved", "identity.correction_rejected", "identity.changed"]);
  });
});
