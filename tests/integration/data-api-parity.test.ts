// The local Data API against PostgREST's documented answers (the hosted Data API).
// PostgREST writes every response with json_agg/to_json, so each value is what
// to_json(value) gives: the expectations below are those literal forms, top-level and
// embedded. The tables are the test's own, made as the database owner.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack({ seed: false });

const SCHEMA = `
  create table public.parity_holders (id int primary key, label text);
  create table public.parity_values (
    id int primary key,
    holder_id int references public.parity_holders (id),
    at_tz timestamptz, at_local timestamp, on_day date, at_time time, at_timetz timetz,
    mark numeric(5,2), coefficient numeric, big bigint, ratio float8, span interval,
    doc jsonb, moments timestamptz[], marks numeric[], raw bytea
  );
  insert into public.parity_holders values (1, 'holder');
  insert into public.parity_values values
    (1, 1, '2026-11-21 09:00:00+00', '2026-11-21 09:00:00', '2026-11-21', '09:00', '09:00+01',
     9.00, 17.75, 9007199254740991, 'NaN', '1 day 2 hours',
     '{"a": 1}', '{"2026-11-21 09:00:00.5+00"}', '{3.00,1.5}', '\\x0102');

  create table public.parity_docs (id int generated always as identity primary key, doc jsonb);
  create table public.parity_defaults (id int generated always as identity primary key, a text, b text default 'dflt', c int default 7);

  create table public.users (id int primary key, username text);
  create table public.parity_messages (id int primary key, body text,
    author_id int references public.users (id), editor_id int references public.users (id));
  insert into public.users values (1, 'alice'), (2, 'bob');
  insert into public.parity_messages values (1, 'bonjour', 1, 2);

  create table public.parity_staff (id int primary key, name text, manager_id int references public.parity_staff (id));
  insert into public.parity_staff values (1, 'doyenne', null), (2, 'assistant', 1);

  create table public.parity_rows (id int primary key, name text);
  insert into public.parity_rows values (1, 'a'), (2, 'b');

  create type public.parity_pair as (x int, y text);
  create function public.parity_add(a int, b int) returns int language sql stable as 'select a + b';
  create table public.parity_pairs (id int primary key, pair public.parity_pair);
  insert into public.parity_pairs values (1, row(1, 'z'));
  create function public.parity_pair_x(p public.parity_pair) returns int language sql stable as 'select (p).x';
  create function public.parity_pick(a int) returns text language sql stable as $$select 'a'$$;
  create function public.parity_pick(b text) returns text language sql stable as $$select 'b'$$;
  create function public.parity_pick() returns text language sql stable as $$select 'none'$$;
  create function public.parity_by_pair(p public.parity_pair) returns text language sql stable as $$select 'pair ' || (p).y$$;
  create function public.parity_by_pair(q public.parity_holders) returns text language sql stable as $$select 'holder ' || (q).label$$;
  create function public.parity_values_all() returns setof public.parity_values language sql stable as 'select * from public.parity_values';
  create function public.parity_rename_all() returns setof public.parity_rows language sql volatile as
    $$update public.parity_rows set name = name || '!' returning *$$;

  grant select, insert, update, delete on all tables in schema public to anon;
  grant execute on all functions in schema public to anon;
`;

beforeAll(async () => {
  await stack().connection.driver.exec(SCHEMA);
  await stack().connection.clearSchemaCache();
});

/** The raw JSON text the Data API answers, as the anon key. */
async function rest(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("apikey", stack().keys.publishableKey);
  const response = await fetch(`${stack().url}/rest/v1/${path}`, { ...init, headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// Column → what to_json gives for the row above (PostgREST's answer).
const TO_JSON: [string, unknown][] = [
  ["at_tz", "2026-11-21T09:00:00+00:00"],
  ["at_local", "2026-11-21T09:00:00"],
  ["on_day", "2026-11-21"],
  ["at_time", "09:00:00"],
  ["at_timetz", "09:00:00+01"],
  ["mark", 9],
  ["coefficient", 17.75],
  ["big", 9007199254740991],
  ["ratio", "NaN"],
  ["span", "1 day 02:00:00"],
  ["doc", { a: 1 }],
  ["moments", ["2026-11-21T09:00:00.5+00:00"]],
  ["marks", [3, 1.5]],
  ["raw", "\\x0102"],
];

/** What Postgres' to_json gives for that column of row 1: PostgREST's answer, from Postgres itself. */
async function toJson(column: string): Promise<unknown> {
  const [{ value }] = await stack().sql<{ value: string }>(`select to_json(${column})::text as value from public.parity_values where id = 1`);
  return JSON.parse(value);
}

describe("values come back as to_json writes them", () => {
  it.each(TO_JSON)("%s: the expected form is to_json's", async (column, expected) => {
    expect(await toJson(column)).toEqual(expected);
  });

  it.each(TO_JSON)("%s, top-level", async (column, expected) => {
    const { data, error } = await stack().client().from("parity_values").select(column).eq("id", 1).single();
    expect(error).toBeNull();
    expect((data as unknown as Record<string, unknown>)[column]).toEqual(expected);
  });

  it.each(TO_JSON)("%s, embedded", async (column, expected) => {
    const { data, error } = await stack().client().from("parity_holders").select(`id, parity_values(${column})`).eq("id", 1).single();
    expect(error).toBeNull();
    expect((data as unknown as { parity_values: Record<string, unknown>[] }).parity_values[0][column]).toEqual(expected);
  });

  it("returned by an rpc and by an insert's representation too", async () => {
    const { data: rows } = await stack().client().rpc("parity_values_all");
    expect(rows![0]).toMatchObject({ at_tz: "2026-11-21T09:00:00+00:00", mark: 9 });
    const { data: inserted, error } = await stack().client().from("parity_values").insert({ id: 2, at_tz: "2026-12-01T08:30:00+01:00", mark: 12.5 }).select("at_tz, mark").single();
    expect(error).toBeNull();
    expect(inserted).toEqual({ at_tz: "2026-12-01T07:30:00+00:00", mark: 12.5 });
  });

  it("numerics are JSON numbers in the response text, never strings", async () => {
    const { text } = await rest("parity_values?select=mark,coefficient&id=eq.1");
    expect(JSON.parse(text)).toEqual([{ mark: 9, coefficient: 17.75 }]);
  });
});

describe("requests PostgREST accepts", () => {
  it("stores a JSON string into jsonb as a JSON string", async () => {
    const client = stack().client();
    const { data, error } = await client
      .from("parity_docs")
      .insert([{ doc: "hello" }, { doc: '{"a":1}' }])
      .select("doc");
    expect(error).toBeNull();
    expect(data).toEqual([{ doc: "hello" }, { doc: '{"a":1}' }]);
    const [{ kind }] = await stack().sql<{ kind: string }>("select jsonb_typeof(doc) as kind from public.parity_docs order by id limit 1");
    expect(kind).toBe("string");
  });

  it("answers HEAD on an rpc like the GET, without a body", async () => {
    const { status, error, data } = await stack().client().rpc("parity_add", { a: 1, b: 2 }, { head: true, count: "exact" });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
  });

  it("honours Prefer: tx=rollback: the would-be result, nothing kept", async () => {
    const { data, error } = await stack().client().from("parity_rows").insert({ id: 9, name: "dry run" }).select().setHeader("Prefer", "return=representation,tx=rollback");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 9, name: "dry run" }]);
    expect(await stack().sql("select 1 from public.parity_rows where id = 9")).toEqual([]);
  });
});

describe("embedding as PostgREST resolves it", () => {
  it("expands * inside an embed of a table named like an auth table to that table's columns", async () => {
    const { data, error } = await stack().client().from("parity_messages").select("id, author:users!author_id(*)").eq("id", 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, author: { id: 1, username: "alice" } });
  });

  it("answers PGRST201 to an ambiguous embed, plain or !inner", async () => {
    for (const select of ["id, users(*)", "id, users!inner(*)"]) {
      const { error, status } = await stack().client().from("parity_messages").select(select);
      expect({ select, status, code: error?.code }).toEqual({ select, status: 300, code: "PGRST201" });
    }
  });

  it("answers PGRST200 to an embed without a relationship, plain or !inner", async () => {
    for (const select of ["id, parity_rows(*)", "id, parity_rows!inner(*)"]) {
      const { error, status } = await stack().client().from("parity_messages").select(select);
      expect({ select, status, code: error?.code }).toEqual({ select, status: 400, code: "PGRST200" });
    }
  });

  // PostgREST's convention for a self-reference (Plan.hs findRel): the table's name, or a
  // hint naming the referencing column, embeds the rows that reference this one (one-to-many);
  // the referencing column's own name embeds the row it references (many-to-one).
  it("follows a self-referencing hint to the rows that reference this one, with or without an alias", async () => {
    for (const [select, key] of [
      ["name, parity_staff!manager_id(name)", "parity_staff"],
      ["name, reports:parity_staff!manager_id(name)", "reports"],
      ["name, parity_staff(name)", "parity_staff"],
    ]) {
      const { data, error } = await stack().client().from("parity_staff").select(select).order("id");
      expect(error).toBeNull();
      expect({ select, data }).toEqual({
        select,
        data: [
          { name: "doyenne", [key]: [{ name: "assistant" }] },
          { name: "assistant", [key]: [] },
        ],
      });
    }
  });

  it("embeds the referenced row through the referencing column's name", async () => {
    const { data, error } = await stack().client().from("parity_staff").select("name, manager:manager_id(name)").order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: "doyenne", manager: null },
      { name: "assistant", manager: { name: "doyenne" } },
    ]);
  });
});

describe("inserts with defaults", () => {
  it("defaultToNull: false gives a row's missing keys their column default, stored and returned", async () => {
    const { data, error } = await stack()
      .client()
      .from("parity_defaults")
      .insert([{ a: "x" }, { b: "y" }], { defaultToNull: false })
      .select("a, b, c")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { a: "x", b: "dflt", c: 7 },
      { a: null, b: "y", c: 7 },
    ]);
    expect(await stack().sql("select a, b, c from public.parity_defaults order by id")).toEqual(data);
  });

  it("by default (missing=null) a row's missing keys are null, stored and returned", async () => {
    await stack().sql("delete from public.parity_defaults");
    const { data, error } = await stack()
      .client()
      .from("parity_defaults")
      .insert([{ a: "x" }, { b: "y" }])
      .select("a, b, c")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { a: "x", b: null, c: 7 },
      { a: null, b: "y", c: 7 },
    ]);
    expect(await stack().sql("select a, b, c from public.parity_defaults order by id")).toEqual(data);
  });
});

describe("rpc as PostgREST calls it", () => {
  it("makes a composite argument from a JSON object", async () => {
    const { data, error } = await stack()
      .client()
      .rpc("parity_pair_x", { p: { x: 5, y: "z" } });
    expect(error).toBeNull();
    expect(data).toBe(5);
  });

  it("picks among overloaded functions by the arguments' names", async () => {
    const client = stack().client();
    const calls = {
      a: await client.rpc("parity_pick", { a: 1 }),
      b: await client.rpc("parity_pick", { b: "x" }),
      none: await client.rpc("parity_pick"),
      pair: await client.rpc("parity_by_pair", { p: { x: 1, y: "z" } }),
      holder: await client.rpc("parity_by_pair", { q: { id: 1, label: "h" } }),
    };
    expect(Object.fromEntries(Object.entries(calls).map(([k, r]) => [k, r.error?.message ?? r.data]))).toEqual({
      a: "a",
      b: "b",
      none: "none",
      pair: "pair z",
      holder: "holder h",
    });
  });

  // supabase-js types maxAffected for a client declared on PostgREST 13+ (hosted's version);
  // the untyped client here gets the method all the same.
  const renameAll = (max: number) =>
    (stack().client().rpc("parity_rename_all") as unknown as { maxAffected(n: number): PromiseLike<{ data: unknown; error: { code: string } | null }> }).maxAffected(max);

  it("enforces maxAffected on an rpc: PGRST124, and nothing kept", async () => {
    const { error } = await renameAll(1);
    expect(error).toMatchObject({ code: "PGRST124", details: "The query affects 2 rows" });
    expect(await stack().sql("select name from public.parity_rows order by id")).toEqual([{ name: "a" }, { name: "b" }]);
    const { data, error: withinLimit } = await renameAll(2);
    expect(withinLimit).toBeNull();
    expect(data).toEqual([
      { id: 1, name: "a!" },
      { id: 2, name: "b!" },
    ]);
  });
});

// What the local stack still answers otherwise (docs/local-stack.md, "Local Data API vs PostgREST"): each
// test states PostgREST's answer and the local one, so a fix shows up here first.
describe("differences kept", () => {
  it("a composite column at the top level is Postgres text here, PostgREST's object there", async () => {
    const [{ postgrest }] = await stack().sql<{ postgrest: unknown }>("select to_json(pair) as postgrest from public.parity_pairs where id = 1");
    expect(postgrest).toEqual({ x: 1, y: "z" });
    const { data, error } = await stack().client().from("parity_pairs").select("pair").eq("id", 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ pair: "(1,z)" });
  });
});
