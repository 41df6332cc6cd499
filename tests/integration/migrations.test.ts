import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, appliedVersions, readMigrations } from "../../supabase/local/migrations.ts";

const databases: PGlite[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.close();
});

function folder(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

describe("local migrations", () => {
  it("applies pending files in order, once each, and records them", async () => {
    const db = new PGlite();
    databases.push(db);
    const dir = folder({
      "20260102000000_b.sql": "insert into t values (2);",
      "20260101000000_a.sql": "create table t (n int); insert into t values (1);",
      "notes.txt": "not a migration",
    });
    expect(readMigrations(dir).map((m) => m.name)).toEqual(["a", "b"]);
    expect(await applyMigrations(db, dir)).toEqual(["20260101000000", "20260102000000"]);
    expect(await applyMigrations(db, dir)).toEqual([]);
    expect([...(await appliedVersions(db))].sort()).toEqual(["20260101000000", "20260102000000"]);
    expect((await db.query("select n from t order by n")).rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("rolls back a failing migration whole and names the file", async () => {
    const db = new PGlite();
    databases.push(db);
    const dir = folder({ "20260101000000_bad.sql": "create table ok (n int); select * from missing;" });
    await expect(applyMigrations(db, dir)).rejects.toThrow(/20260101000000_bad\.sql failed/);
    expect((await db.query("select to_regclass('public.ok') as t")).rows).toEqual([{ t: null }]);
    expect(await appliedVersions(db)).toEqual(new Set());
  });

  it("refuses to go on when an applied migration was edited, and says to reset", async () => {
    const db = new PGlite();
    databases.push(db);
    const dir = folder({ "20260101000000_a.sql": "create table t (n int);" });
    await applyMigrations(db, dir);
    writeFileSync(join(dir, "20260101000000_a.sql"), "create table t (n bigint);");
    await expect(applyMigrations(db, dir)).rejects.toThrow(/changed after it was applied.*npm run db:reset/);
  });
});
