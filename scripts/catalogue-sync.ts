// npm run catalogue:sync: brings the database's catalogue (schools, departments, filières,
// specialties, levels, formations, extension programmes) in step with src/content, the one
// place it is written (edited through the CMS at /keystatic). Run at deploy, after the
// migrations; npm start runs it on the local stack. See docs/catalogue.md.
//   npm run catalogue:sync                      the project of .env (SUPABASE_URL + SUPABASE_SECRET_KEY)
//   DATABASE_URL=postgres://… npm run catalogue:sync    a hosted database, as its owner
//   npm run catalogue:sync -- --dry-run         say what would change, write nothing
//   npm run catalogue:sync -- --source="deploy 2026-09-01"   how the audit log names the run
// Exits 1 with the reason when the content is invalid or the database refuses; nothing is
// written then (one transaction).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import type { CatalogueContent } from "../src/lib/catalogue-sync/content.ts";
import { readCatalogueContent } from "../src/lib/catalogue-sync/read-content.ts";
import { syncReport, type SyncReport } from "../src/lib/catalogue-sync/report.ts";
import { previewCatalogueSync, syncCatalogue } from "../src/lib/catalogue-sync/rpc.ts";
import { describeReport, syncSource } from "../src/lib/catalogue-sync/sync.ts";

const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false }, source: { type: "string" } } });
const dryRun = values["dry-run"];
const source = values.source ?? syncSource("npm run catalogue:sync");

try {
  const content = readCatalogueContent();
  const report = process.env.DATABASE_URL ? await throughPostgres(process.env.DATABASE_URL, content) : await throughApi(content);
  for (const line of describeReport(report, dryRun)) console.log(line);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

async function throughApi(content: CatalogueContent): Promise<SyncReport> {
  if (!process.env.SUPABASE_URL && existsSync(".env")) process.loadEnvFile(".env");
  const url = process.env.SUPABASE_URL;
  const secret = process.env.SUPABASE_SECRET_KEY;
  if (!url || !secret) throw new Error("Set SUPABASE_URL and SUPABASE_SECRET_KEY (in the environment or .env), or DATABASE_URL, to the project to synchronise.");
  const service = createClient(url, secret, { auth: { persistSession: false, autoRefreshToken: false } });
  return dryRun ? previewCatalogueSync(service, content) : syncCatalogue(service, content, source);
}

/** As the database owner (no JWT: the functions let the owner through), e.g. on a hosted project. */
async function throughPostgres(connectionString: string, content: CatalogueContent): Promise<SyncReport> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = dryRun
      ? await client.query("select public.catalogue_sync_preview($1::jsonb) as report", [JSON.stringify(content)])
      : await client.query("select public.sync_catalogue($1::jsonb, $2) as report", [JSON.stringify(content), source]);
    return syncReport.parse(rows[0].report);
  } finally {
    await client.end();
  }
}
