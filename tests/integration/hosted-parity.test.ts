// Hosted parity gate: nothing may pass on PGlite that `supabase db push` would refuse.
// A real PostgreSQL (Debian's package) set up like a new hosted project — Supabase's roles,
// GoTrue's auth schema and storage's, `postgres` not a superuser (tests/fixtures/
// hosted-bootstrap.sql) — gets every migration in supabase/migrations and the seed, as
// `postgres`, then the catalogue lints and a few key RLS rules acted as anon, a student, a
// teacher and an admin the way PostgREST does (role + request.jwt.claims). The committed
// supabase/schema.sql must be what the migrations make here (npm run schema:dump).
//
// PostgreSQL missing is a failure with the command to install it, never a skip.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { LINTS, lintFindings } from "../fixtures/db-lints.ts";
import type { PostgresServer } from "../fixtures/postgres.ts";
import { applyMigrations, applySeed, startHostedCluster } from "../fixtures/hosted-db.ts";
import { firstDifference, pgDump, SCHEMA_FILE, schemaFile, STALE_SCHEMA } from "../fixtures/schema-dump.ts";

const STUDENT = "00000000-0000-4000-a000-000000000001";
const TEACHER = "00000000-0000-4000-a000-000000000002";
const ADMIN = "00000000-0000-4000-a000-000000000003";

let server: PostgresServer | undefined;
let startError: Error | undefined;
let db: pg.Client;
/** pg_dump of the bootstrapped cluster before any migration: what schema.sql leaves out. */
let bootstrapSchema = "";
const log = (line: string) => console.log(`[hosted-parity] ${line}`);

beforeAll(async () => {
  try {
    server = await startHostedCluster();
  } catch (error) {
    startError = error as Error;
    return;
  }
  log(`${server.version} on 127.0.0.1:${server.port}`);
  bootstrapSchema = pgDump(server);
  db = await server.connect("postgres");
  const { rows } = await db.query<{ rolsuper: boolean }>("select rolsuper from pg_roles where rolname = current_user");
  log(`bootstrap applied; migrating as ${(await db.query("select current_user as u")).rows[0].u} (superuser: ${rows[0].rolsuper})`);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function requireServer() {
  if (startError) throw new Error(`Cannot run the hosted-parity gate: ${startError.message}`);
  return server!;
}

/** Runs fn in a transaction acting as a user through the Data API, then rolls back. */
async function as<T>(role: "anon" | "authenticated", sub: string | null, fn: () => Promise<T>, headers: Record<string, string> = {}): Promise<T> {
  await db.query("begin");
  try {
    const claims = sub ? { sub, role, aal: "aal1" } : { role };
    await db.query("select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)", [JSON.stringify(claims), JSON.stringify(headers)]);
    await db.query(`set local role ${role}`);
    return await fn();
  } finally {
    await db.query("rollback");
  }
}

/** The error a statement raises (undone), or null (its effects kept). */
const errorOf = async (query: string, params: unknown[] = []) => {
  await db.query("savepoint attempt");
  try {
    await db.query(query, params);
    await db.query("release savepoint attempt");
    return null;
  } catch (error) {
    await db.query("rollback to savepoint attempt");
    return error as Error & { code?: string };
  }
};

describe("hosted parity: a real PostgreSQL set up like a Supabase project", () => {
  it("PostgreSQL is installed and starts as a non-root user", () => {
    requireServer();
  });

  it("every migration applies as the non-superuser postgres, each in its own transaction", async () => {
    requireServer();
    const applied = await applyMigrations(db, (name) => log(`applied ${name}`));
    log(`${applied} migrations applied, 0 errors`);
    expect(applied).toBeGreaterThan(0);
  }, 60_000);

  it("supabase/schema.sql is the schema the migrations make", () => {
    const fresh = schemaFile(bootstrapSchema, pgDump(requireServer()), requireServer().version);
    const committed = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, "utf8") : "";
    if (committed !== fresh) throw new Error(`${STALE_SCHEMA} (${firstDifference(fresh, committed)})`);
  });

  it("the seed applies after them (supabase/seed.sql, then supabase/seeds/*.sql)", async () => {
    requireServer();
    await applySeed(db, (name) => log(`seeded ${name}`));
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.profiles");
    expect(rows[0].n).toBeGreaterThan(3);
  }, 60_000);

  for (const lint of Object.keys(LINTS)) {
    it(`lint ${lint}: none`, async () => {
      requireServer();
      const found = await lintFindings(async (sql) => (await db.query<{ name: string }>(sql)).rows, lint);
      log(`lint ${lint}: ${found.length ? found.join("; ") : "none"}`);
      expect(found).toEqual([]);
    });
  }

  // -------------------------------------------------------------------------------
  // Key RLS rules, acted the way PostgREST acts for a request (role + request.jwt.claims).
  describe("roles act as through the Data API", () => {
    const ownerCount = async (query: string, params: unknown[] = []) => (await db.query<{ n: number }>(query, params)).rows[0].n;
    const count = ownerCount;

    it("anon reads the public catalogue, not people", async () => {
      requireServer();
      await as("anon", null, async () => {
        expect(await count("select count(*)::int as n from public.schools")).toBeGreaterThan(0);
        expect((await errorOf("select * from public.profiles"))?.code).toBe("42501");
        expect((await errorOf("insert into public.user_roles (user_id, role) values ($1, 'admin')", [STUDENT]))?.code).toBe("42501");
      });
    });

    it("a student reads its own roles and payments only, and cannot make itself admin", async () => {
      requireServer();
      await as("authenticated", STUDENT, async () => {
        const roles = await db.query<{ user_id: string; role: string }>("select user_id, role from public.user_roles");
        expect(roles.rows).toEqual([{ user_id: STUDENT, role: "student" }]);
        const payers = await db.query<{ student_id: string }>("select distinct student_id from public.payments");
        expect(payers.rows.every((r) => r.student_id === STUDENT)).toBe(true);
        const promote = await errorOf("insert into public.user_roles (user_id, role) values ($1, 'admin')", [STUDENT]);
        expect(promote?.message).toMatch(/row-level security/);
      });
    });

    it("an admin reads every profile", async () => {
      requireServer();
      const all = await ownerCount("select count(*)::int as n from public.profiles");
      await as("authenticated", ADMIN, async () => {
        expect(await count("select count(*)::int as n from public.profiles")).toBe(all);
      });
    });

    it("a teacher's timetable entry is signed and dated by the server, not by the request", async () => {
      requireServer();
      const course = (await db.query<{ id: string }>("select id from public.courses where teacher_id = $1 limit 1", [TEACHER])).rows[0];
      expect(course).toBeDefined();
      await as("authenticated", TEACHER, async () => {
        const { rows } = await db.query<{ created_by: string; created_at: Date }>(
          `insert into public.schedule_events (course_id, title, start_time, end_time, created_by, created_at)
           values ($1, 'Séance', now() + interval '1 day', now() + interval '1 day 2 hours', $2, '2020-01-01')
           returning created_by, created_at`,
          [course.id, ADMIN],
        );
        expect(rows[0].created_by).toBe(TEACHER);
        expect(Math.abs(rows[0].created_at.getTime() - Date.now())).toBeLessThan(60_000);
      });
    });

    it("a student's message and post are dated by the server; edited_at follows the body", async () => {
      requireServer();
      const conversation = (await db.query<{ conversation_id: string }>("select conversation_id from public.conversation_participants where user_id = $1 limit 1", [STUDENT])).rows[0];
      expect(conversation).toBeDefined();
      await as("authenticated", STUDENT, async () => {
        const message = (
          await db.query<{ id: string; sender_id: string; created_at: Date; edited_at: Date | null }>(
            `insert into public.messages (conversation_id, sender_id, body, created_at, edited_at)
           values ($1, $2, 'Bonjour', '2020-01-01', '2020-01-02') returning id, sender_id, created_at, edited_at`,
            [conversation.conversation_id, STUDENT],
          )
        ).rows[0];
        expect(message.created_at.getFullYear()).toBeGreaterThan(2020);
        expect(message.edited_at).toBeNull();
        expect((await errorOf("update public.messages set edited_at = '2020-01-01' where id = $1", [message.id]))?.code).toBe("42501");
        const edited = (await db.query<{ edited_at: Date | null; created_at: Date }>("update public.messages set body = 'Bonjour !' where id = $1 returning edited_at, created_at", [message.id]))
          .rows[0];
        expect(edited.edited_at).not.toBeNull();
        expect(edited.created_at).toEqual(message.created_at);

        // A backdated post is refused (no insert privilege on created_at) or re-dated.
        const backdated = "insert into public.community_posts (title, body, created_at) values ('Annonce', 'Bonjour', '2020-01-01') returning created_at";
        const refused = await errorOf(backdated);
        if (refused) expect(refused.code).toBe("42501");
        else expect((await db.query<{ created_at: Date }>(backdated)).rows[0].created_at.getFullYear()).toBeGreaterThan(2020);
        // a post signed with a classmate's name is signed with the student's own
        const classmate = (await db.query<{ id: string }>("select id from public.profiles where id <> $1 limit 1", [STUDENT])).rows[0].id;
        const post = (
          await db.query<{ author_id: string; created_at: Date }>(
            "insert into public.community_posts (author_id, title, body) values ($1, 'Annonce', 'Bonjour à tous') returning author_id, created_at",
            [classmate],
          )
        ).rows[0];
        expect(post.author_id).toBe(STUDENT);
        expect(Math.abs(post.created_at.getTime() - Date.now())).toBeLessThan(60_000);
      });
    });

    const application = (size = 0) =>
      [
        "insert into public.applications (kind, full_name, email, motivation, details) values ('general', 'Visiteur', 'visiteur@example.cm', $1, $2)",
        ["", JSON.stringify({ diploma: "x".repeat(size) })],
      ] as const;

    it("anon cannot send a 5 MB application", async () => {
      requireServer();
      await as(
        "anon",
        null,
        async () => {
          const [query] = application();
          const big = "x".repeat(5 * 1024 * 1024);
          expect((await errorOf(query, [big, "{}"]))?.code).toBe("23514");
          expect((await errorOf(query, ["", JSON.stringify({ diploma: big })]))?.code).toBe("23514");
        },
        { "x-forwarded-for": "198.51.100.7" },
      );
    });

    it("anonymous applications are rate-limited per client address", async () => {
      requireServer();
      await as(
        "anon",
        null,
        async () => {
          const [query, params] = application(10);
          for (let i = 0; i < 10; i++) expect(await errorOf(query, [...params])).toBeNull();
          const refused = await errorOf(query, [...params]);
          expect(refused?.code).toBe("PT429");
          // another address still gets through
          await db.query("select set_config('request.headers', $1, true)", [JSON.stringify({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" })]);
          expect(await errorOf(query, [...params])).toBeNull();
        },
        { "x-forwarded-for": "198.51.100.8" },
      );
    });
  });
});
