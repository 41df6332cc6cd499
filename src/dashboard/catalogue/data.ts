// admin/content: the catalogue tables (schools, departments, programmes/filières,
// specialties, professional formations, extension programmes) as data, and the markdown
// catalogue the public site is built from (/catalogue.json) to compare them with.
// The only file of this feature naming tables.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { CATALOGUE_KINDS, type CatalogueKind, type CatalogueSet } from "../../lib/catalogue-diff.ts";

/** Each kind's table and the column holding its parent (with the parent's table). */
const TABLES: Record<CatalogueKind, { table: string; parent?: { column: string; table: string } }> = {
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
  summary_fr: z.string(),
  summary_en: z.string(),
  position: z.number(),
  parent_id: z.optional(z.nullable(z.string())),
  parent: z.optional(z.nullable(z.object({ slug: z.string() }))),
});
export type CatalogueRow = z.infer<typeof row>;

export async function fetchCatalogueRows(supabase: SupabaseClient, kind: CatalogueKind): Promise<CatalogueRow[]> {
  const { table, parent } = TABLES[kind];
  const columns = "id, slug, name_fr, name_en, summary_fr, summary_en, position";
  const select = parent ? `${columns}, parent_id:${parent.column}, parent:${parent.table}!${parent.column}(slug)` : columns;
  const { data, error } = await supabase.from(table).select(select).order("position").order("slug");
  if (error) throw new Error(error.message);
  return z.array(row).parse(data);
}

/** Both sides of the comparison: the tables' rows and the markdown catalogue. */
export async function fetchCatalogueSets(supabase: SupabaseClient, siteOrigin: string): Promise<{ site: CatalogueSet; database: CatalogueSet }> {
  const [rows, site] = await Promise.all([
    Promise.all(CATALOGUE_KINDS.map((kind) => fetchCatalogueRows(supabase, kind))),
    fetch(`${siteOrigin}/catalogue.json`).then((response) => {
      if (!response.ok) throw new Error(`catalogue.json: HTTP ${response.status}`);
      return response.json() as Promise<CatalogueSet>;
    }),
  ]);
  const database = Object.fromEntries(
    CATALOGUE_KINDS.map((kind, i) => [kind, rows[i].map((r) => ({ slug: r.slug, parent: r.parent?.slug ?? null, name_fr: r.name_fr, name_en: r.name_en }))]),
  ) as CatalogueSet;
  return { site, database };
}

export interface CatalogueEdit {
  name_fr: string;
  name_en: string;
  summary_fr: string;
  summary_en: string;
  position: number;
  parent_id?: string | null;
}

export async function saveCatalogueRow(supabase: SupabaseClient, kind: CatalogueKind, id: string, edit: CatalogueEdit): Promise<void> {
  const { table, parent } = TABLES[kind];
  const { parent_id, ...fields } = edit;
  const values = parent && parent_id ? { ...fields, [parent.column]: parent_id } : fields;
  const { error } = await supabase.from(table).update(values).eq("id", id);
  if (error) throw new Error(error.message);
}

/** New departments and programmes (SPEC §6: the administrator creates them). */
export async function createCatalogueRow(
  supabase: SupabaseClient,
  kind: "departments" | "programmes" | "specialties",
  values: CatalogueEdit & { slug: string; parent_id: string; degree?: "licence" | "master" | "licence-master" },
): Promise<void> {
  const { table, parent } = TABLES[kind];
  const { parent_id, degree, ...fields } = values;
  const insert = { ...fields, [parent!.column]: parent_id, ...(kind === "programmes" ? { degree: degree ?? "licence-master" } : {}) };
  const { error } = await supabase.from(table).insert(insert);
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
}
