// Supabase's database linter (splinter) cannot run here (no network, no Docker), so the
// lints the data model must pass are re-implemented as catalogue queries
// (tests/fixtures/db-lints.ts, shared with the hosted-parity gate on a real PostgreSQL),
// each proven able to fail against a deliberately bad table before it is trusted on the
// real schema.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";
import { LINTS, lintFindings } from "../fixtures/db-lints.ts";
import { readMigrations } from "../../supabase/local/migrations.ts";
import { SUPABASE_DIR } from "../../supabase/local/paths.ts";

const stack = useLocalStack({ seed: false });

const findings = (lint: string) => lintFindings((sql) => stack().sql<{ name: string }>(sql), lint);

describe("database lints (splinter's, re-implemented)", () => {
  for (const lint of Object.keys(LINTS)) {
    it(`${lint}: none`, async () => {
      expect(await findings(lint)).toEqual([]);
    });
  }

  it("every lint catches a deliberately bad schema", async () => {
    const sql = stack().sql;
    // only what this test adds (the real schema is judged by the tests above)
    const bad = async (lint: string) => (await findings(lint)).filter((name) => name.includes("lint_"));
    await sql("begin");
    try {
      for (const statement of [
        "create table public.lint_parent (id uuid primary key)",
        "alter table public.lint_parent enable row level security",
        "create table public.lint_bad (id uuid primary key, parent_id uuid references public.lint_parent (id))",
        `create policy "bare uid" on public.lint_bad for select to authenticated using (auth.uid() = id)`,
        `create policy "second select" on public.lint_bad for select to authenticated using (true)`,
        "create function public.lint_mutable() returns int language sql as 'select 1'",
        "create view public.lint_view as select id from public.lint_parent",
        // a client-writable free text and a creation date, with no bound and no stamp
        "alter table public.lint_bad add column note text, add column created_at timestamptz default now()",
        `create policy "anon insert" on public.lint_bad for insert to anon with check (true)`,
        `create policy "${"a name too long for postgres, which cuts it at sixty-three bytes without an error"}" on public.lint_parent for select to authenticated using (true)`,
      ]) {
        await sql(statement);
      }
      expect(await bad("rls_disabled_in_public")).toEqual(["lint_bad"]);
      expect(await bad("policy_exists_rls_disabled")).toEqual(["public.lint_bad"]);
      expect(await bad("auth_rls_initplan")).toEqual(["public.lint_bad: bare uid"]);
      expect(await bad("function_search_path_mutable")).toEqual(["public.lint_mutable"]);
      expect(await bad("security_definer_view")).toEqual(["lint_view"]);
      expect(await bad("multiple_permissive_policies")).toEqual(["public.lint_bad authenticated SELECT: bare uid, second select"]);
      expect(await bad("unindexed_foreign_keys")).toEqual(["public.lint_bad lint_bad_parent_id_fkey"]);
      expect(await bad("policy_name_truncated")).toEqual(["public.lint_parent: a name too long for postgres, which cuts it at sixty-three byte"]);
      expect(await bad("unbounded_client_text")).toEqual(["lint_bad.note"]);
      expect(await bad("client_insert_not_stamped")).toEqual(["lint_bad"]);
      expect(await bad("anon_insert_not_rate_limited")).toEqual(["lint_bad"]);
      // and accept the same table once it is fixed
      await sql("alter table public.lint_bad add constraint lint_bad_note_length check (char_length(note) <= 100)");
      await sql("create trigger lint_bad_stamp before insert or update on public.lint_bad for each row execute function private.stamp_row('-')");
      await sql("create trigger lint_bad_limit before insert on public.lint_bad for each row execute function private.limit_anonymous_inserts()");
      expect(await bad("unbounded_client_text")).toEqual([]);
      expect(await bad("client_insert_not_stamped")).toEqual([]);
      expect(await bad("anon_insert_not_rate_limited")).toEqual([]);
    } finally {
      await sql("rollback");
    }
  });

  it("wrapped auth.uid() passes the initplan lint", async () => {
    const rows = await stack().sql<{ qual: string }>("select qual from pg_policies where tablename = 'user_roles' and cmd = 'SELECT'");
    expect(rows[0].qual.toLowerCase()).toContain("select auth.uid()");
  });

  // PGlite, like Postgres, cuts a long name silently: the catalogue cannot show what a
  // migration meant, so the files' text is checked. Every policy name a migration writes
  // (create policy "…", rename to "…") fits in 63 bytes, unless a later migration renames
  // or drops that policy.
  it("no migration leaves a policy name longer than 63 bytes", () => {
    const files = readMigrations(join(SUPABASE_DIR, "migrations"));
    const text = files.map((f) => f.sql).join("\n");
    const written = [...text.matchAll(/(?:create\s+policy|rename\s+to)\s+"([^"]+)"/gi)].map((m) => m[1]);
    const replaced = new Set([...text.matchAll(/(?:alter|drop)\s+policy\s+(?:if\s+exists\s+)?"([^"]+)"/gi)].map((m) => m[1]));
    const tooLong = written.filter((name) => Buffer.byteLength(name) > 63 && !replaced.has(name));
    expect(tooLong).toEqual([]);
    expect(written.length).toBeGreaterThan(100);
  });
});
