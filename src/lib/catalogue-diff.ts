// Where the catalogue tables (the administration's data) and the markdown catalogue that
// builds the public site disagree: an entry on one side only, under another parent, or
// under another name. Shown on admin/content so the two are brought back in step.
export const CATALOGUE_KINDS = ["schools", "departments", "programmes", "specialties", "formations", "extension_programmes"] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export interface CatalogueEntry {
  slug: string;
  /** The parent's slug (school of a department, department of a programme…), if any. */
  parent: string | null;
  name_fr: string;
  name_en: string;
}

export type CatalogueSet = Record<CatalogueKind, CatalogueEntry[]>;

export type CatalogueIssue = "missing_in_database" | "missing_on_site" | "parent_differs" | "name_fr_differs" | "name_en_differs";

export interface CatalogueDifference {
  kind: CatalogueKind;
  slug: string;
  issue: CatalogueIssue;
  site?: string | null;
  database?: string | null;
}

export function compareCatalogue(site: CatalogueSet, database: CatalogueSet): CatalogueDifference[] {
  const differences: CatalogueDifference[] = [];
  for (const kind of CATALOGUE_KINDS) {
    const onSite = new Map(site[kind].map((e) => [e.slug, e]));
    const inDatabase = new Map(database[kind].map((e) => [e.slug, e]));
    for (const [slug, page] of onSite) {
      const row = inDatabase.get(slug);
      if (!row) {
        differences.push({ kind, slug, issue: "missing_in_database", site: page.name_fr });
        continue;
      }
      if ((page.parent ?? null) !== (row.parent ?? null)) differences.push({ kind, slug, issue: "parent_differs", site: page.parent, database: row.parent });
      if (page.name_fr.trim() !== row.name_fr.trim()) differences.push({ kind, slug, issue: "name_fr_differs", site: page.name_fr, database: row.name_fr });
      if (page.name_en.trim() !== row.name_en.trim()) differences.push({ kind, slug, issue: "name_en_differs", site: page.name_en, database: row.name_en });
    }
    for (const [slug, row] of inDatabase) {
      if (!onSite.has(slug)) differences.push({ kind, slug, issue: "missing_on_site", database: row.name_fr });
    }
  }
  return differences;
}
