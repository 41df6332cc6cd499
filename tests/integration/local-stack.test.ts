import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { readMigrations } from "../../supabase/local/migrations.ts";
import { SUPABASE_DIR } from "../../supabase/local/paths.ts";
import { join } from "node:path";
import { signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();

describe("local stack", () => {
  it("applies every migration once and records it like the Supabase CLI", async () => {
    const files = readMigrations(join(SUPABASE_DIR, "migrations")).map((m) => m.version);
    const rows = await stack().sql<{ version: string }>(
      "select version from supabase_migrations.schema_migrations order by version",
    );
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
    const countProfiles = async () =>
      (await stack().sql<{ count: number }>("select count(*)::int as count from public.profiles"))[0].count;
    const before = await countProfiles();
    const insert = await client.from("profiles").insert({ id: crypto.randomUUID(), full_name: "Intrus" });
    expect(insert.error).not.toBeNull();
    await client.from("profiles").delete().neq("id", "00000000-0000-0000-0000-000000000000");
    expect(await countProfiles()).toBe(before);
  });
});
