// Admissions (issue 13), against a real local stack: a visitor's new account drafts an
// application step by step, uploads its documents, submits; what it may and may not do
// then; reviewers' comments, document requests, decisions and the status history; the
// atomic admission (two admins at once: one student, one matricule).
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, signUpConfirmed, useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
const demo = (role: "student" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const PASSWORD = "Candidat-2026-ok";
const pdf = (bytes = 2048) => new Blob([new Uint8Array(bytes).fill(37)], { type: "application/pdf" });

let admin: SupabaseClient;
let secondAdmin: SupabaseClient;
let awa: SupabaseClient; // the applicant followed through the process
let awaId: string;
let other: SupabaseClient; // another applicant
let extension: string; // executive-mba
let certificate: string;

async function newApplicant(email: string) {
  const client = await signUpConfirmed(stack(), email, PASSWORD, { full_name: "Candidat" });
  const { data } = await client.auth.getUser();
  return { client, id: data.user!.id };
}

/** A complete draft for the client's own account, documents uploaded. */
async function completeDraft(client: SupabaseClient, userId: string, target: string) {
  const { data, error } = await client
    .from("applications")
    .insert({ kind: "extension", status: "draft", full_name: "Awa Ngono", email: "awa.ngono@example.cm", extension_programme_id: target })
    .select("id")
    .single();
  expect(error).toBeNull();
  const id = data!.id as string;
  const step = await client
    .from("applications")
    .update({ birth_date: "1998-04-02", country: "CM", details: { birth_place: "Douala", id_number: "123456789" }, consent_at: new Date().toISOString() })
    .eq("id", id);
  expect(step.error).toBeNull();
  for (const kind of ["id_card", "diploma", "transcript", "photo"]) await upload(client, userId, id, kind);
  return id;
}

async function upload(client: SupabaseClient, userId: string, applicationId: string, kind: string, requestId?: string) {
  const path = `${userId}/${applicationId}/${crypto.randomUUID()}-${kind}.pdf`;
  const stored = await client.storage.from("application-documents").upload(path, pdf(), { contentType: "application/pdf" });
  expect(stored.error, kind).toBeNull();
  const row = await client.from("application_documents").insert({
    application_id: applicationId,
    kind,
    storage_path: path,
    file_name: `${kind}.pdf`,
    mime_type: "application/pdf",
    size_bytes: 2048,
    request_id: requestId ?? null,
  });
  expect(row.error, kind).toBeNull();
  return path;
}

const historyOf = (id: string) =>
  sql<{ from_status: string | null; to_status: string; actor_id: string | null; note: string | null }>(
    "select from_status, to_status, actor_id, note from public.application_status_history where application_id = $1 order by changed_at",
    [id],
  );

beforeAll(async () => {
  admin = await demo("admin");
  const second = await newApplicant("second.admin@example.cm");
  await sql("insert into public.user_roles (user_id, role) values ($1, 'admin')", [second.id]);
  secondAdmin = await signInAs(stack(), "second.admin@example.cm", PASSWORD);
  const a = await newApplicant("awa.ngono@example.cm");
  awa = a.client;
  awaId = a.id;
  other = (await newApplicant("autre.candidat@example.cm")).client;
  const [x] = await sql<{ id: string }>("select id from public.extension_programmes where slug = 'executive-mba'");
  const [c] = await sql<{ id: string }>("select id from public.extension_programmes where slug = 'project-management-certificate'");
  extension = x.id;
  certificate = c.id;
});

describe("applying", () => {
  let id: string;

  it("a new account saves its draft step by step; an incomplete file cannot be submitted", async () => {
    const { data, error } = await awa
      .from("applications")
      .insert({ kind: "extension", status: "draft", full_name: "Awa Ngono", email: "awa.ngono@example.cm", extension_programme_id: extension })
      .select("id, status, applicant_id, academic_year_id")
      .single();
    expect(error).toBeNull();
    expect(data!.applicant_id).toBe(awaId);
    expect(data!.academic_year_id).not.toBeNull();
    id = data!.id;
    // no history and no notice for a draft
    expect(await historyOf(id)).toEqual([]);

    const missing = await awa.from("applications").update({ status: "submitted" }).eq("id", id);
    expect(missing.error?.message).toMatch(/incomplete: birth_date, consent, diploma, id_card, photo, transcript/);

    const future = await awa.from("applications").update({ birth_date: "2999-01-01" }).eq("id", id);
    expect(future.error?.message).toMatch(/birth date is in the future/);

    expect((await awa.from("applications").update({ birth_date: "1998-04-02", city: "Douala" }).eq("id", id)).error).toBeNull();
    expect((await awa.from("applications").update({ consent_at: new Date().toISOString() }).eq("id", id)).error).toBeNull();
    // the applicant does not set its own fee, nor its decision
    expect((await awa.from("applications").update({ fee_paid_at: new Date().toISOString() }).eq("id", id)).error).not.toBeNull();
    expect((await awa.from("applications").update({ decision_reason: "Admise" }).eq("id", id)).error).not.toBeNull();
  });

  it("documents: PDF/JPEG/PNG up to 10 MB in the applicant's own folder; a wrong type or 30 MB is refused", async () => {
    const base = { application_id: id, kind: "id_card", file_name: "cni.pdf", mime_type: "application/pdf", size_bytes: 2048 };
    const wrongType = await awa.from("application_documents").insert({ ...base, storage_path: `${awaId}/${id}/x.exe`, mime_type: "application/x-msdownload" });
    expect(wrongType.error).not.toBeNull();
    const tooBig = await awa.from("application_documents").insert({ ...base, storage_path: `${awaId}/${id}/big.pdf`, size_bytes: 30 * 1024 * 1024 });
    expect(tooBig.error).not.toBeNull();
    const elsewhere = await other.storage.from("application-documents").upload(`${awaId}/${id}/forged.pdf`, pdf(), { contentType: "application/pdf" });
    expect(elsewhere.error).not.toBeNull();
    for (const kind of ["id_card", "diploma", "transcript", "photo"]) await upload(awa, awaId, id, kind);
  });

  it("submitting freezes the file for the applicant, fixes the fee (fee due) and starts the history", async () => {
    const submitted = await awa.from("applications").update({ status: "submitted" }).eq("id", id).select("status, fee_xaf, fee_paid_at").single();
    expect(submitted.error).toBeNull();
    expect(submitted.data).toEqual({ status: "submitted", fee_xaf: 10000, fee_paid_at: null });
    expect((await awa.from("applications").update({ full_name: "Quelqu'un d'autre" }).eq("id", id)).error).not.toBeNull();
    expect((await awa.from("applications").update({ status: "draft" }).eq("id", id)).error).not.toBeNull();
    for (const status of ["under_review", "admitted", "enrolled"]) {
      const { error } = await awa.from("applications").update({ status }).eq("id", id);
      expect(error, status).not.toBeNull();
    }
    // no more files once submitted (until a reviewer asks for one)
    const late = await awa.storage.from("application-documents").upload(`${awaId}/${id}/late.pdf`, pdf(), { contentType: "application/pdf" });
    expect(late.error).not.toBeNull();
    const [row] = await sql<{ status: string; full_name: string }>("select status, full_name from public.applications where id = $1", [id]);
    expect(row).toEqual({ status: "submitted", full_name: "Awa Ngono" });
    expect(await historyOf(id)).toEqual([{ from_status: null, to_status: "submitted", actor_id: awaId, note: null }]);
    const notices = await sql("select title from public.student_notifications where user_id = $1 and type = 'application'", [awaId]);
    expect(notices).toEqual([{ title: "Candidature déposée" }]);
    const mails = await sql("select recipient, subject from public.outbox_messages where user_id = $1 and kind = 'application'", [awaId]);
    expect(mails).toEqual([{ recipient: "awa.ngono@example.cm", subject: "Candidature déposée" }]);
  });

  it("a second application to the same programme and year is refused", async () => {
    const again = await awa.from("applications").insert({ kind: "extension", status: "draft", full_name: "Awa Ngono", email: "awa.ngono@example.cm", extension_programme_id: extension });
    expect(again.error?.message).toMatch(/duplicate application/);
    // another programme is fine
    const another = await awa
      .from("applications")
      .insert({ kind: "extension", status: "draft", full_name: "Awa Ngono", email: "awa.ngono@example.cm", extension_programme_id: certificate })
      .select("id")
      .single();
    expect(another.error).toBeNull();
    // and a draft may be withdrawn (or deleted) by its applicant
    expect((await awa.from("applications").delete().eq("id", another.data!.id).select()).data).toHaveLength(1);
  });

  it("an applicant reads only its own applications, documents and requests", async () => {
    expect((await other.from("applications").select("id").eq("id", id)).data).toEqual([]);
    expect((await other.from("application_documents").select("id").eq("application_id", id)).data).toEqual([]);
    expect((await other.from("application_status_history").select("id").eq("application_id", id)).data).toEqual([]);
    const [doc] = await sql<{ storage_path: string }>("select storage_path from public.application_documents where application_id = $1 limit 1", [id]);
    expect((await other.storage.from("application-documents").download(doc.storage_path)).error).not.toBeNull();
    expect((await awa.storage.from("application-documents").download(doc.storage_path)).error).toBeNull();
    expect((await awa.from("application_documents").select("id").eq("application_id", id)).data).toHaveLength(4);
    expect((await admin.storage.from("application-documents").download(doc.storage_path)).error).toBeNull();
    const student = await demo("student");
    expect((await student.from("applications").select("id").eq("id", id)).data).toEqual([]);
  });

  describe("review", () => {
    it("reviewers' comments are never readable by the applicant", async () => {
      const written = await admin.from("application_comments").insert({ application_id: id, body: "Relevé à vérifier auprès du lycée." });
      expect(written.error).toBeNull();
      expect((await admin.from("application_comments").select("body").eq("application_id", id)).data).toHaveLength(1);
      expect((await awa.from("application_comments").select("body").eq("application_id", id)).data).toEqual([]);
      expect((await awa.from("application_comments").insert({ application_id: id, body: "moi aussi" })).error).not.toBeNull();
    });

    it("a requested document: the applicant uploads it, the file goes back under review, each step in the history", async () => {
      expect((await awa.rpc("request_application_document", { application: id, document_kind: "transcript", note: "x" })).error?.code).toBe("42501");
      const requested = await admin.rpc("request_application_document", {
        application: id,
        document_kind: "transcript",
        note: "Relevé de notes du baccalauréat, lisible",
      });
      expect(requested.error).toBeNull();
      const requests = await awa.from("application_document_requests").select("id, kind, message, fulfilled_at").eq("application_id", id);
      expect(requests.data).toEqual([{ id: requested.data, kind: "transcript", message: "Relevé de notes du baccalauréat, lisible", fulfilled_at: null }]);
      await upload(awa, awaId, id, "transcript", requested.data as string);
      const [after] = await sql<{ status: string }>("select status from public.applications where id = $1", [id]);
      expect(after.status).toBe("under_review");
      const [request] = await sql<{ fulfilled_at: string | null }>("select fulfilled_at from public.application_document_requests where id = $1", [requested.data]);
      expect(request.fulfilled_at).not.toBeNull();
      const adminId = (await admin.auth.getUser()).data.user!.id;
      expect((await historyOf(id)).map((h) => [h.from_status, h.to_status, h.actor_id === adminId ? "admin" : h.actor_id === awaId ? "awa" : h.actor_id])).toEqual([
        [null, "submitted", "awa"],
        ["submitted", "under_review", "admin"],
        ["under_review", "documents_requested", "admin"],
        ["documents_requested", "under_review", "awa"],
      ]);
      const notices = await awa.from("student_notifications").select("title").eq("type", "application").order("created_at");
      expect(notices.data!.map((n) => n.title)).toContain("Un document est demandé");
    });

    it("no jump: a draft cannot be accepted; a rejection needs a reason; only admins decide", async () => {
      const [draftRow] = await sql<{ id: string }>("insert into public.applications (kind, status, full_name, email) values ('general', 'draft', 'Brouillon', 'b@example.cm') returning id");
      expect((await admin.from("applications").update({ status: "admitted" }).eq("id", draftRow.id)).error).not.toBeNull();
      expect((await admin.rpc("decide_applications", { applications: [draftRow.id], decision: "admitted" })).error).not.toBeNull();
      expect((await admin.rpc("decide_applications", { applications: [id], decision: "rejected", reason: " " })).error?.message).toMatch(/reason/);
      expect((await awa.rpc("decide_applications", { applications: [id], decision: "admitted" })).error?.code).toBe("42501");
      expect((await awa.rpc("admit_application", { application: id })).error?.code).toBe("42501");
      // not admitted yet: no admission
      expect((await admin.rpc("admit_application", { application: id })).error?.message).toMatch(/only an accepted application/);
    });

    it("bulk decisions move several files at once and record the reason", async () => {
      const ids: string[] = [];
      for (const name of ["Paul Eto", "Marie Ndzi"]) {
        const [row] = await sql<{ id: string }>("insert into public.applications (kind, full_name, email) values ('general', $1, 'bulk@example.cm') returning id", [name]);
        ids.push(row.id);
      }
      const done = await admin.rpc("decide_applications", { applications: ids, decision: "waitlisted", reason: "Capacité atteinte" });
      expect(done.error).toBeNull();
      expect(done.data).toBe(2);
      for (const one of ids) {
        expect((await historyOf(one)).map((h) => `${h.to_status}:${h.note ?? ""}`)).toEqual(["submitted:", "under_review:", "waitlisted:Capacité atteinte"]);
      }
    });
  });

  describe("admission", () => {
    it("two admins admitting at once create one student, one matricule, a registration and the current courses", async () => {
      expect((await admin.rpc("decide_applications", { applications: [id], decision: "admitted" })).error).toBeNull();
      const [first, second] = await Promise.all([admin.rpc("admit_application", { application: id }), secondAdmin.rpc("admit_application", { application: id })]);
      expect(first.error).toBeNull();
      expect(second.error).toBeNull();
      expect(first.data.matricule).toBe(second.data.matricule);
      expect([first.data.already, second.data.already].sort()).toEqual([false, true]);
      const matricule = first.data.matricule as string;
      expect(matricule).toMatch(/^\d{2}EE\d{4}$/);

      const registrations = await sql("select student_number, extension_programme_id from public.student_registrations where student_id = $1", [awaId]);
      expect(registrations).toEqual([{ student_number: matricule, extension_programme_id: extension }]);
      expect(await sql("select role from public.user_roles where user_id = $1", [awaId])).toEqual([{ role: "student" }]);
      const courses = await sql<{ code: string }>("select c.code from public.course_enrollments e join public.courses c on c.id = e.course_id where e.user_id = $1", [awaId]);
      expect(courses.map((c) => c.code)).toEqual(["EXT-MBA-101"]);
      // the programme's published fee schedule of the year is billed in the same step
      const bills = await sql<{ id: string; extension_programme_id: string }>(
        "select fs.id, fs.extension_programme_id from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id where sf.student_id = $1",
        [awaId],
      );
      expect(bills).toEqual([{ id: first.data.fee_schedule_id ?? second.data.fee_schedule_id, extension_programme_id: extension }]);
      const [app] = await sql<{ status: string }>("select status from public.applications where id = $1", [id]);
      expect(app.status).toBe("enrolled");
      expect((await historyOf(id)).at(-1)).toMatchObject({ from_status: "admitted", to_status: "enrolled", note: matricule });
      const audit = await sql("select details from public.audit_log where action = 'admissions.admitted' and target_id = $1", [id]);
      expect(audit).toHaveLength(1);

      // the new student signs in and reads its matricule and its course
      const student = await signInAs(stack(), "awa.ngono@example.cm", PASSWORD);
      const own = await student.from("student_registrations").select("student_number").single();
      expect(own.data!.student_number).toBe(matricule);
      expect((await student.from("course_enrollments").select("course_id")).data).toHaveLength(1);
    });

    it("matricules follow the configured pattern, sequentially per year, and are never reused", async () => {
      await sql("update public.institution_settings set matricule_pattern = 'UOC{YY}{SCHOOL}{SEQ:4}'");
      const made: string[] = [];
      for (const email of ["bella.one@example.cm", "carl.two@example.cm"]) {
        const person = await newApplicant(email);
        const appId = await completeDraft(person.client, person.id, extension);
        expect((await person.client.from("applications").update({ status: "submitted" }).eq("id", appId)).error).toBeNull();
        expect((await admin.rpc("decide_applications", { applications: [appId], decision: "admitted" })).error).toBeNull();
        const admitted = await admin.rpc("admit_application", { application: appId });
        expect(admitted.error).toBeNull();
        made.push(admitted.data.matricule);
        // the registration removed, the number is not given again
        if (made.length === 1) await sql("delete from public.student_registrations where student_number = $1", [admitted.data.matricule]);
      }
      const [a, b] = made.map((m) => Number(m.slice(-4)));
      expect(made[0]).toMatch(/^UOC\d{2}EE\d{4}$/);
      expect(b).toBe(a + 1);
    });
  });
});

describe("withdrawing", () => {
  it("the applicant withdraws its submitted application, and that is all it may change", async () => {
    const person = await newApplicant("retrait@example.cm");
    const appId = await completeDraft(person.client, person.id, certificate);
    expect((await person.client.from("applications").update({ status: "submitted" }).eq("id", appId)).error).toBeNull();
    expect((await person.client.from("applications").update({ status: "withdrawn" }).eq("id", appId)).error).toBeNull();
    expect((await historyOf(appId)).map((h) => h.to_status)).toEqual(["submitted", "withdrawn"]);
    // withdrawn: the same programme may be applied for again
    const again = await person.client.from("applications").insert({ kind: "extension", status: "draft", full_name: "Retour", email: "retrait@example.cm", extension_programme_id: certificate });
    expect(again.error).toBeNull();
  });
});
