import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { DEMO_FILES_DIR } from "../../supabase/local/demo-files.ts";
import { startLocalStack } from "../../supabase/local/stack.ts";
import { readMigrations } from "../../supabase/local/migrations.ts";
import { SUPABASE_DIR } from "../../supabase/local/paths.ts";
import { join } from "node:path";
import { signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();

describe("local stack", () => {
  it("applies every migration once and records it like the Supabase CLI", async () => {
    const files = readMigrations(join(SUPABASE_DIR, "migrations")).map((m) => m.version);
    const rows = await stack().sql<{ version: string }>("select version from supabase_migrations.schema_migrations order by version");
    expect(rows.map((r) => r.version)).toEqual(files);
  });

  it("seeds demo accounts that sign in with the passwords npm start prints", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const client = await signInAs(stack(), account.email, account.password);
      const { data: auth } = await client.auth.getUser();
      const { data, error } = await client.from("profiles").select("full_name").eq("id", auth.user!.id);
      expect(error).toBeNull();
      expect(data).toEqual([{ full_name: account.fullName }]);
    }
  });

  it("rejects requests without an API key", async () => {
    const response = await fetch(`${stack().url}/rest/v1/profiles?select=*`);
    expect(response.status).toBe(401);
  });

  it("serves supabase/functions/<name> under /functions/v1 behind the API key", async () => {
    const url = `${stack().url}/functions/v1/health`;
    expect((await fetch(url)).status).toBe(401);
    const ok = await fetch(url, { headers: { apikey: stack().keys.publishableKey } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, service: "functions" });
    const missing = await fetch(`${stack().url}/functions/v1/nope`, { headers: { apikey: stack().keys.publishableKey } });
    expect(missing.status).toBe(404);
  });

  it("creates a profile on sign-up and shows a new user with no classmates only its own (RLS)", async () => {
    const anon = await signUpConfirmed(stack(), "nouvel.etudiant@example.cm", "Un-Mot-De-Passe-Solide-42", {
      full_name: "Nouvel Étudiant",
      preferred_locale: "en",
    });
    const { data } = await anon.from("profiles").select("full_name, preferred_locale");
    expect(data).toEqual([{ full_name: "Nouvel Étudiant", preferred_locale: "en" }]);

    const visitor = stack().client();
    const { data: seenByVisitor } = await visitor.from("profiles").select("id");
    expect(seenByVisitor ?? []).toEqual([]);
  });

  it("keeps a signed-in user from inserting or deleting profiles", async () => {
    const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
    const client = await signInAs(stack(), student.email, student.password);
    const countProfiles = async () => (await stack().sql<{ count: number }>("select count(*)::int as count from public.profiles"))[0].count;
    const before = await countProfiles();
    const insert = await client.from("profiles").insert({ id: crypto.randomUUID(), full_name: "Intrus" });
    expect(insert.error).not.toBeNull();
    await client.from("profiles").delete().neq("id", "00000000-0000-0000-0000-000000000000");
    expect(await countProfiles()).toBe(before);
  });

  it("stores the demo's files: the bursar opens the demo slip through a signed URL and approves it; the student downloads her courses' materials", async () => {
    const [student, admin] = await Promise.all(
      (["student", "admin"] as const).map((role) => {
        const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
        return signInAs(stack(), account.email, account.password);
      }),
    );
    const studentId = (await student.auth.getUser()).data.user!.id;
    const { data: slip, error } = await admin.from("finance_payments").select("id, status, amount_xaf, slip_path").eq("reference", "AFRILAND-2026-118734").single();
    expect(error).toBeNull();
    expect(slip).toMatchObject({ status: "pending", amount_xaf: 135000, slip_path: `${studentId}/afriland-2026-118734.pdf` });
    // Stored as the student's own upload would be.
    const [object] = await stack().sql<{ owner: string; type: string }>("select owner::text, metadata ->> 'mimetype' as type from storage.objects where bucket_id = 'bank-slips' and name = $1", [
      slip!.slip_path,
    ]);
    expect(object).toEqual({ owner: studentId, type: "application/pdf" });
    const signed = await admin.storage.from("bank-slips").createSignedUrl(slip!.slip_path!, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(`${DEMO_FILES_DIR}/bank-slips/${slip!.slip_path}`))).toBe(true);
    // docs/payments.md, "Try it": seen, then approved, with its receipt.
    expect((await admin.rpc("review_bank_slip", { payment: slip!.id, approve: true })).error).toBeNull();
    const { data: after } = await admin.from("finance_payments").select("status, receipt_number").eq("id", slip!.id).single();
    expect(after).toMatchObject({ status: "succeeded", receipt_number: expect.stringMatching(/^REC-\d{4}-\d{6}$/) });

    const { data: files } = await student.from("course_materials").select("storage_path").eq("kind", "file").order("storage_path");
    // her eight L2 courses' syllabus, slides and tutorial sheet, and the balanced-trees handout
    expect(files).toHaveLength(25);
    for (const { storage_path } of files!) {
      const download = await student.storage.from("course-materials").download(storage_path!);
      expect(download.error).toBeNull();
      expect(new TextDecoder().decode((await download.data!.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
  });

  it("gives a stack loaded from a dumped database (rows kept, bytes not) the demo's files again", async () => {
    const copy = await startLocalStack({ keys: stack().keys, template: await stack().dumpDatabase() });
    try {
      const path = "00000000-0000-4000-a000-000000000001/afriland-2026-118734.pdf";
      const { data, error } = await copy.client({ secret: true }).storage.from("bank-slips").download(path);
      expect(error).toBeNull();
      expect(Buffer.from(await data!.arrayBuffer()).equals(readFileSync(`${DEMO_FILES_DIR}/bank-slips/${path}`))).toBe(true);
      expect(await copy.sql("select owner::text from storage.objects where bucket_id = 'bank-slips' and name = $1", [path])).toEqual([{ owner: path.split("/")[0] }]);
    } finally {
      await copy.stop();
    }
  });
});
