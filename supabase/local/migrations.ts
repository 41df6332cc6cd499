// Applies supabase/migrations/*.sql in filename order, each once, recording it in the same
// history table the Supabase CLI uses (supabase_migrations.schema_migrations), so a
// database migrated here and one migrated by `supabase db push` agree on what ran.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d+)_(.+)\.sql$/;

export function readMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = FILE_NAME.exec(file)!;
      return { version, name, sql: readFileSync(join(dir, file), "utf8") };
    });
}

async function ensureHistoryTable(db: PGlite) {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
}

/** The SQL each applied migration ran, by version. */
async function appliedMigrations(db: PGlite): Promise<Map<string, string>> {
  await ensureHistoryTable(db);
  const { rows } = await db.query<{ version: string; statements: string[] | null }>("select version, statements from supabase_migrations.schema_migrations");
  return new Map(rows.map((row) => [row.version, (row.statements ?? []).join("\n")]));
}

export async function appliedVersions(db: PGlite): Promise<Set<string>> {
  return new Set((await appliedMigrations(db)).keys());
}

/** Runs the pending migrations, each in its own transaction. Returns the versions applied. */
export async function applyMigrations(db: PGlite, dir: string): Promise<string[]> {
  const done = await appliedMigrations(db);
  const applied: string[] = [];
  for (const migration of readMigrations(dir)) {
    if (done.has(migration.version)) {
      // An applied migration edited afterwards would leave this database unlike a fresh one.
      if (done.get(migration.version) !== migration.sql) {
        throw new Error(`Migration ${migration.version}_${migration.name}.sql changed after it was applied to this local database: run \`npm run db:reset\` (it wipes local data).`);
      }
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)", [migration.version, migration.name, [migration.sql]]);
      });
    } catch (error) {
      throw new Error(`Migration ${migration.version}_${migration.name}.sql failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(migration.version);
  }
  return applied;
}
