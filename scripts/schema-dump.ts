// npm run schema:dump — writes supabase/schema.sql: the schema every migration makes, dumped
// from a throwaway real PostgreSQL set up as a hosted project (tests/fixtures/schema-dump.ts,
// the same cluster helper as the hosted-parity test, which fails when the file is stale).
// Needs Debian's postgresql package (or PG_BIN); takes a few seconds. Run it after adding
// or changing a migration, and commit the file with the migration.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { freshSchema, SCHEMA_FILE } from "../tests/fixtures/schema-dump.ts";

const started = Date.now();
let migrations = 0;
const text = await freshSchema(() => migrations++);
const before = (() => {
  try {
    return readFileSync(SCHEMA_FILE, "utf8");
  } catch {
    return "";
  }
})();
const name = relative(process.cwd(), SCHEMA_FILE);
if (before === text) console.log(`${name}: unchanged (${migrations} migrations, ${Date.now() - started} ms)`);
else {
  writeFileSync(SCHEMA_FILE, text);
  console.log(`${name}: written (${migrations} migrations, ${text.split("\n").length} lines, ${Date.now() - started} ms)`);
}
