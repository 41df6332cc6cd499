// Supabase's database linter (splinter) cannot run here (no network, no Docker), so the
// lints the data model must pass are re-implemented as catalogue queries, each proven able
// to fail against a deliberately bad table before it is trusted on the real schema.
import { describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack({ seed: false });

// Schemas that are ours (splinter ignores the platform's own).
const OUR_SCHEMAS = ["public", "private"];
const ourSchemas = `(${OUR_SCHEMAS.map((s) => `'${s}'`).join(", ")})`;

const LINTS: Record<string, string> = {
  // 0013: a table in an exposed schema without RLS is readable and writable by anyone.
  rls_disabled_in_public: `
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,

  // 0007: policies on a table whose RLS is off do nothing.
  policy_exists_rls_disabled: `
    select distinct p.schemaname || '.' || p.tablename as name
    from pg_policies p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where not c.relrowsecurity`,

  // 0003: auth.uid()/auth.jwt()/auth.role()/current_setting() re-evaluated per row because
  // it is not wrapped in a scalar sub-select. Strip the wrapped forms; anything left is bare.
  auth_rls_initplan: `
    select p.schemaname || '.' || p.tablename || ': ' || p.policyname as name
    from pg_policies p,
         lateral (select regexp_replace(lower(coalesce(p.qual, '') || ' ' || coalesce(p.with_check, '')),
                   '\\(\\s*select\\s+(auth\\.(uid|jwt|role)\\(\\)|current_setting\\([^)]*\\))(\\s+as\\s+\\w+)?\\s*\\)', '', 'g') as rest) r
    where (p.schemaname in ${ourSchemas} or p.schemaname = 'storage')
      and r.rest ~ '(auth\\.(uid|jwt|role)\\(\\)|current_setting\\()'`,

  // 0011: a function whose search_path is not pinned can be hijacked by a caller's objects.
  function_search_path_mutable: `
    select n.nspname || '.' || p.proname as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
    where n.nspname in ${ourSchemas} and d.objid is null
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,

  // 0010: a view without security_invoker runs with its owner's rights and bypasses RLS.
  security_definer_view: `
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'v'
      and not coalesce(c.reloptions @> array['security_invoker=true'] or c.reloptions @> array['security_invoker=on'], false)`,

  // 0006: two permissive policies for one role and command are both evaluated on every row.
  multiple_permissive_policies: `
    with expanded as (
      select p.schemaname, p.tablename, p.policyname, r.role, c.cmd
      from pg_policies p
      cross join lateral unnest(case when p.roles @> array['public']::name[]
                                     then array['anon', 'authenticated', 'authenticator']::name[]
                                     else p.roles end) as r(role)
      cross join lateral unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE']
                                     else array[p.cmd] end) as c(cmd)
      where p.permissive = 'PERMISSIVE' and p.schemaname in ${ourSchemas}
    )
    select schemaname || '.' || tablename || ' ' || role || ' ' || cmd || ': '
           || string_agg(policyname, ', ' order by policyname) as name
    from expanded group by schemaname, tablename, role, cmd having count(*) > 1`,

  // 0001: a foreign key without an index whose leading columns are its columns makes every
  // delete on the referenced table scan the referencing one.
  unindexed_foreign_keys: `
    select n.nspname || '.' || cl.relname || ' ' || ct.conname as name
    from pg_constraint ct
    join pg_class cl on cl.oid = ct.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where ct.contype = 'f' and n.nspname in ${ourSchemas}
      and not exists (
        select 1 from pg_index i
        where i.indrelid = ct.conrelid
          and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(ct.conkey) - 1]) k)
            = (select array_agg(k order by k) from unnest(ct.conkey) k)
      )`,
};

async function findings(lint: string): Promise<string[]> {
  const rows = await stack().sql<{ name: string }>(LINTS[lint]);
  return rows.map((r) => r.name).sort();
}

describe("database lints (splinter's, re-implemented)", () => {
  for (const lint of Object.keys(LINTS)) {
    it(`${lint}: none`, async () => {
      expect(await findings(lint)).toEqual([]);
    });
  }

  it("every lint catches a deliberately bad schema", async () => {
    const sql = stack().sql;
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
      ]) {
        await sql(statement);
      }
      expect(await findings("rls_disabled_in_public")).toEqual(["lint_bad"]);
      expect(await findings("policy_exists_rls_disabled")).toEqual(["public.lint_bad"]);
      expect(await findings("auth_rls_initplan")).toEqual(["public.lint_bad: bare uid"]);
      expect(await findings("function_search_path_mutable")).toEqual(["public.lint_mutable"]);
      expect(await findings("security_definer_view")).toEqual(["lint_view"]);
      expect(await findings("multiple_permissive_policies")).toEqual([
        "public.lint_bad authenticated SELECT: bare uid, second select",
      ]);
      expect(await findings("unindexed_foreign_keys")).toEqual(["public.lint_bad lint_bad_parent_id_fkey"]);
    } finally {
      await sql("rollback");
    }
  });

  it("wrapped auth.uid() passes the initplan lint", async () => {
    const rows = await stack().sql<{ qual: string }>(
      "select qual from pg_policies where tablename = 'user_roles' and cmd = 'SELECT'",
    );
    expect(rows[0].qual.toLowerCase()).toContain("select auth.uid()");
  });
});
