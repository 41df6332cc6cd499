// The kinds of catalogue entry the database mirrors from the content, the content
// collection each comes from, and where the CMS edits an entry. No I/O: the dashboard
// imports it.

/** The database's kinds, parents first (public.sync_catalogue processes them in this order). */
export const CATALOGUE_KINDS = ["schools", "departments", "programmes", "specialties", "levels", "formations", "extension_programmes"] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The content collection (src/content/<collection>/fr/<slug>.md) of each kind. */
export const COLLECTION_OF: Record<CatalogueKind, string> = {
  schools: "schools",
  departments: "departments",
  programmes: "filieres",
  specialties: "specialties",
  levels: "levels",
  formations: "formations",
  extension_programmes: "extension-programmes",
};

/** The CMS (Keystatic, mounted at /keystatic over src/content). */
export const CMS_PATH = "/keystatic";

/**
 * The CMS's page for one entry, in French (the reference language): the CMS shows each
 * content folder once per language, as `<folder>-fr` and `<folder>-en` (src/cms/config.ts,
 * cmsCollection), and names the item by its slug.
 */
export function cmsEntryPath(kind: CatalogueKind, slug: string): string {
  return `${CMS_PATH}/collection/${encodeURIComponent(`${COLLECTION_OF[kind]}-fr`)}/item/${encodeURIComponent(slug)}`;
}
