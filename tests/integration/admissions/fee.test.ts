// The application fee through the payments core (issues 13 and 14): a submitted
// application is "fee due"; its applicant pays by mobile money through the application-fee
// function (the simulator), and once the payment succeeds the database marks the fee paid,
// which reviewers see. Nobody pays someone else's fee, and a paid fee is not paid twice.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signUpConfirmed, useLocalStack } from "../../fixtures/stack.ts";
import { fetchApplicationFeeReceipts } from "../../../src/dashboard/shared/receipts-data.ts";

process.env.PAYMENTS_SIMULATOR_DELAY_MS = "50";
const stack = useLocalStack();
const PASSWORD = "Candidat-2026-ok";

let applicant: SupabaseClient;
let stranger: SupabaseClient;
let applicationId: string;

async function pay(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke("application-fee", { body });
  const status = (error as { context?: Response } | null)?.context?.status ?? 200;
  const payload = error ? await (error as { context: Response }).context.json() : data;
  return { status, payload };
}

beforeAll(async () => {
  applicant = await signUpConfirmed(stack(), "frais.candidat@example.cm", PASSWORD);
  stranger = await signUpConfirmed(stack(), "autre.frais@example.cm", PASSWORD);
  const userId = (await applicant.auth.getUser()).data.user!.id;
  const [target] = await stack().sql<{ id: string }>("select id from public.extension_programmes where slug = 'executive-mba'");
  const { data, error } = await applicant
    .from("applications")
    .insert({
      kind: "extension",
      status: "draft",
      full_name: "Frais Candidat",
      email: "frais.candidat@example.cm",
      extension_programme_id: target.id,
      birth_date: "1997-01-01",
      consent_at: new Date().toISOString(),
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  applicationId = data!.id;
  for (const kind of ["id_card", "diploma", "transcript", "photo"]) {
    const path = `${userId}/${applicationId}/${kind}.pdf`;
    expect((await applicant.storage.from("application-documents").upload(path, new Blob(["%PDF-1.4"], { type: "application/pdf" }), { contentType: "application/pdf" })).error).toBeNull();
    expect(
      (await applicant.from("application_documents").insert({ application_id: applicationId, kind, storage_path: path, file_name: `${kind}.pdf`, mime_type: "application/pdf", size_bytes: 8 })).error,
    ).toBeNull();
  }
});

describe("the application fee", () => {
  it("is the school's: an applicant cannot write fee_xaf, fee_paid_at or decision_reason, on insert or update", async () => {
    const [target] = await stack().sql<{ id: string }>("select id from public.extension_programmes where slug = 'executive-mba'");
    const base = { kind: "extension", status: "draft", full_name: "Candidat Malin", email: "malin@example.cm", extension_programme_id: target.id };
    const forged = { fee_paid_at: "2026-01-01T00:00:00Z", fee_xaf: 0, decision_reason: "Admis sur dossier (note du jury)" };
    for (const [column, value] of Object.entries(forged)) {
      const signedIn = await stranger.from("applications").insert({ ...base, [column]: value });
      expect(signedIn.error?.code, column).toBe("42501");
      const anonymous = await stack()
        .client()
        .from("applications")
        .insert({ ...base, status: "submitted", [column]: value });
      expect(anonymous.error?.code, column).toBe("42501");
    }
    const { data, error } = await stranger.from("applications").insert(base).select("id, fee_xaf, fee_paid_at, decision_reason").single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ fee_xaf: 10000, fee_paid_at: null, decision_reason: null });
    for (const [column, value] of Object.entries(forged)) {
      const update = await stranger
        .from("applications")
        .update({ [column]: value })
        .eq("id", data!.id);
      expect(update.error?.code, column).toBe("42501");
    }
    const [row] = await stack().sql<{ fee_xaf: number; fee_paid_at: string | null; decision_reason: string | null }>(
      "select fee_xaf, fee_paid_at, decision_reason from public.applications where id = $1",
      [data!.id],
    );
    expect(row).toEqual({ fee_xaf: 10000, fee_paid_at: null, decision_reason: null });
    await stranger.from("applications").delete().eq("id", data!.id);
  });

  it("cannot be paid on a draft", async () => {
    const { status, payload } = await pay(applicant, { application_id: applicationId, channel: "mtn_momo", phone: "+237 6 70 00 00 05" });
    expect(status).toBe(409);
    expect(payload.error).toBe("not_payable");
  });

  it("is due once submitted, paid by mobile money, then marked paid by the database", async () => {
    const submitted = await applicant.from("applications").update({ status: "submitted" }).eq("id", applicationId).select("fee_xaf, fee_paid_at").single();
    expect(submitted.data).toEqual({ fee_xaf: 10000, fee_paid_at: null });

    expect((await pay(stranger, { application_id: applicationId, channel: "mtn_momo", phone: "+237670000005" })).status).toBe(404);
    expect((await pay(applicant, { application_id: applicationId, channel: "mtn_momo", phone: "12" })).status).toBe(400);

    const { status, payload } = await pay(applicant, { application_id: applicationId, channel: "mtn_momo", phone: "+237 6 70 00 00 05" });
    expect(status).toBe(200);
    let paidAt: string | null = null;
    for (let i = 0; i < 50 && !paidAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ fee_paid_at: paidAt }] = await stack().sql<{ fee_paid_at: string | null }>("select fee_paid_at from public.applications where id = $1", [applicationId]);
    }
    expect(paidAt).not.toBeNull();
    const [payment] = await stack().sql<{ status: string; purpose: string; amount_xaf: number }>("select status, purpose, amount_xaf from public.payments where id = $1", [payload.id]);
    expect(payment).toEqual({ status: "succeeded", purpose: "application_fee", amount_xaf: 10000 });
    // the applicant reads its own payment, and sees the fee paid
    expect((await applicant.from("payments").select("id").eq("id", payload.id)).data).toHaveLength(1);
    expect((await applicant.from("applications").select("fee_paid_at").eq("id", applicationId).single()).data!.fee_paid_at).not.toBeNull();

    // its receipt: the applicant as the application names it (not the editable profile),
    // readable by the applicant, verifiable in public, and marked as simulated
    await applicant
      .from("profiles")
      .update({ full_name: "Quelqu'un D'autre" })
      .eq("id", (await applicant.auth.getUser()).data.user!.id);
    const receipt = await applicant.from("receipts").select("number, verification_code, details").eq("payment_id", payload.id).single();
    expect(receipt.error).toBeNull();
    expect(receipt.data!.details).toMatchObject({ payer: "Frais Candidat", item_fr: "Frais de candidature", simulated: true });
    const checked = await stack().client().rpc("verify_receipt", { code: receipt.data!.verification_code });
    expect(checked.data).toEqual([expect.objectContaining({ number: receipt.data!.number, payer_initials: "F. C.", simulated: true })]);
    // the applicant's page lists it for download; nobody else sees it
    expect((await fetchApplicationFeeReceipts(applicant, applicationId)).map((r) => r.number)).toEqual([receipt.data!.number]);
    expect(await fetchApplicationFeeReceipts(stranger, applicationId)).toEqual([]);

    const again = await pay(applicant, { application_id: applicationId, channel: "mtn_momo", phone: "+237670000005" });
    expect(again.status).toBe(409);
    expect(again.payload.error).toBe("already_paid");
  });
});
