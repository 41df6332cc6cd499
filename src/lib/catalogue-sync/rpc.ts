// The two database functions of the sync, called with supabase-js: public.sync_catalogue
// (the service role writes; the CLI, npm start and the tests) and
// public.catalogue_sync_preview (what a sync would change, writing nothing; admin/content).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { CatalogueContent } from "./content.ts";
import { syncReport, type SyncReport } from "./report.ts";

/** Writes the content's catalogue into the database, in one transaction; `source` says where it ran from (the audit log keeps it). */
export async function syncCatalogue(service: SupabaseClient, content: CatalogueContent, source: string): Promise<SyncReport> {
  const { data, error } = await service.rpc("sync_catalogue", { content, source });
  if (error) throw Object.assign(new Error(`catalogue sync: ${error.message}`), { code: error.code });
  return syncReport.parse(data);
}

/** What a sync with that content would change now, writing nothing (admins and the service role). */
export async function previewCatalogueSync(client: SupabaseClient, content: CatalogueContent): Promise<SyncReport> {
  const { data, error } = await client.rpc("catalogue_sync_preview", { content });
  if (error) throw Object.assign(new Error(`catalogue sync preview: ${error.message}`), { code: error.code });
  return syncReport.parse(data);
}
