// Cached reads of admin/content (SPEC §9 cache).
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import type { CatalogueKind, CatalogueSet } from "../../lib/catalogue-diff.ts";
import { fetchCatalogueRows, fetchCatalogueSets, type CatalogueRow } from "./data.ts";

export const CATALOGUE_KEY = "catalogue";

export const $catalogueSets = createFetcherStore<{ site: CatalogueSet; database: CatalogueSet }>([CATALOGUE_KEY, "sets"], {
  fetcher: () => fetchCatalogueSets(getSupabase(), window.location.origin),
});

const rowStores = new Map<CatalogueKind, ReturnType<typeof createFetcherStore<CatalogueRow[]>>>();
export function catalogueRowsStore(kind: CatalogueKind) {
  let store = rowStores.get(kind);
  if (!store) rowStores.set(kind, (store = createFetcherStore<CatalogueRow[]>([CATALOGUE_KEY, "rows", kind], { fetcher: () => fetchCatalogueRows(getSupabase(), kind) })));
  return store;
}
