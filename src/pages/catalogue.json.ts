// The catalogue's structure as the content gives it, in the shape public.sync_catalogue
// takes, built with the site (read from the same files by the same code as
// npm run catalogue:sync). admin/content sends it to public.catalogue_sync_preview to show
// what differs now between the content and the database. Public: it says nothing the pages
// do not.
import { readCatalogueContent } from "../lib/catalogue-sync/read-content.ts";

export function GET() {
  return new Response(JSON.stringify(readCatalogueContent()), { headers: { "content-type": "application/json" } });
}
