// sitemap.xml: every canonical public page in both languages, with hreflang alternates.
import type { APIRoute } from "astro";
import { sitemapXml } from "../components/catalogue/sitemap.ts";

export const GET: APIRoute = async ({ site, url }) => new Response(await sitemapXml(site ?? url), { headers: { "content-type": "application/xml; charset=utf-8" } });
