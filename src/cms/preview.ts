// /keystatic/preview/<collection>/<fr|en>/<slug>: the CMS's "view" link of an entry
// (Keystatic's previewUrl), redirected to the public page that shows it. Behind the same
// guard as the CMS (src/middleware.ts).
import type { APIRoute } from "astro";
import { CONTENT, ENTRY_COLLECTIONS, type EntryCollection } from "../lib/content/model.ts";

export const prerender = false;

/** The public address of an entry, or null for an unknown collection or language. */
export function publicPage(collection: string, lang: string, slug: string): string | null {
  if (!ENTRY_COLLECTIONS.includes(collection as EntryCollection) || (lang !== "fr" && lang !== "en")) return null;
  const path = CONTENT[collection as EntryCollection].page(slug);
  return lang === "en" ? `/en${path === "/" ? "/" : path}` : path;
}

export const GET: APIRoute = ({ params, redirect }) => {
  const target = publicPage(params.collection ?? "", params.lang ?? "", params.slug ?? "");
  return target ? redirect(target, 302) : new Response("Not found", { status: 404 });
};
