// Cached reads of admin/content (SPEC §9 cache).
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fetchCatalogueState, fetchSiteCatalogue, type CatalogueState } from "./data.ts";

export const $catalogueState = createFetcherStore<CatalogueState>(["catalogue", "state"], {
  fetcher: async () => fetchCatalogueState(getSupabase(), await fetchSiteCatalogue(window.location.origin)),
});
