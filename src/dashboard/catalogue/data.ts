// admin/content: the catalogue tables as the sync left them (schools, departments,
// programmes/filières, specialties, levels, professional formations, extension
// programmes), the sync's last run (from the audit log), and what a sync would change now,
// given the content the site was built from (/catalogue.json).
// The only file of this feature naming tables.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import type { CatalogueContent } from "../../lib/catalogue-sync/content.ts";
import { CATALOGUE_KINDS, type CatalogueKind } from "../../lib/catalogue-sync/kinds.ts";
import { SYNC_CHANGES, type SyncReport } from "../../lib/catalogue-sync/report.ts";
import { previewCatalogueSync } from "../../lib/catalogue-sync/rpc.ts";

/** Each kind's table and the column holding its parent (with the parent's table). */
const TABLES: Record<Exclude<CatalogueKind, "levels">, { table: string; parent?: { column: string; table: string } }> = {
  schools: { table: "schools" },
  departments: { table: "departments", parent: { column: "school_id", table: "schools" } },
  programmes: { table: "programmes", parent: { column: "department_id", table: "departments" } },
  specialties: { table: "specialties", parent: { column: "programme_id", table: "programmes" } },
  formations: { table: "professional_formations" },
  extension_programmes: { table: "extension_programmes" },
};

const row = z.object({
  id: z.string(),
  slug: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  position: z.number(),
  archived_at: z.nullable(z.string()),
  parent: z.optional(z.nullable(z.object({ slug: z.string() }))),
});
export type CatalogueRow = z.infer<typeof row>;

export async function fetchCatalogueRows(supabase: SupabaseClient, kind: CatalogueKind): Promise<CatalogueRow[]> {
  if (kind === "levels") {
    const { data, error } = await supabase.from("levels").select("code, name_fr, name_en, position").order("position");
    if (error) throw new Error(error.message);
    return z
      .array(z.object({ code: z.string(), name_fr: z.string(), name_en: z.string(), position: z.number() }))
      .parse(data)
      .map((l) => ({ id: l.code, slug: l.code.toLowerCase(), name_fr: l.name_fr, name_en: l.name_en, position: l.position, archived_at: null }));
  }
  const { table, parent } = TABLES[kind];
  const columns = "id, slug, name_fr, name_en, position, archived_at";
  const select = parent ? `${columns}, parent:${parent.table}!${parent.column}(slug)` : columns;
  const { data, error } = await supabase.from(table).select(select).order("position").order("slug");
  if (error) throw new Error(error.message);
  return z.array(row).parse(data);
}

const lastRun = z.object({
  created_at: z.string(),
  details: z.object({
    source: z.string(),
    counts: z.record(z.enum(SYNC_CHANGES), z.number()),
  }),
});
export interface LastSync {
  at: string;
  /** What ran it: "npm start @ 1a2b3c4", "npm run catalogue:sync @ …", "deploy …". */
  source: string;
  counts: Record<(typeof SYNC_CHANGES)[number], number>;
}

/** The sync's last run, from the audit log (null: never synchronised). */
export async function fetchLastSync(supabase: SupabaseClient): Promise<LastSync | null> {
  const { data, error } = await supabase.from("audit_log").select("created_at, details").eq("action", "catalogue.synced").order("created_at", { ascending: false }).limit(1).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  const run = lastRun.parse(data);
  return { at: run.created_at, source: run.details.source, counts: run.details.counts };
}

export interface CatalogueState {
  rows: Record<CatalogueKind, CatalogueRow[]>;
  lastRun: LastSync | null;
  /** What a sync with the built site's content would change now. */
  preview: SyncReport;
}

export async function fetchCatalogueState(supabase: SupabaseClient, content: CatalogueContent): Promise<CatalogueState> {
  const [rows, last, preview] = await Promise.all([Promise.all(CATALOGUE_KINDS.map((kind) => fetchCatalogueRows(supabase, kind))), fetchLastSync(supabase), previewCatalogueSync(supabase, content)]);
  return { rows: Object.fromEntries(CATALOGUE_KINDS.map((kind, i) => [kind, rows[i]])) as CatalogueState["rows"], lastRun: last, preview };
}

/** The content the site was built from, as the sync takes it (src/pages/catalogue.json.ts). */
export async function fetchSiteCatalogue(siteOrigin: string): Promise<CatalogueContent> {
  const response = await fetch(`${siteOrigin}/catalogue.json`);
  if (!response.ok) throw new Error(`catalogue.json: HTTP ${response.status}`);
  return (await response.json()) as CatalogueContent;
}
