// robots.txt: everything public is indexable; the signed-in area is not; where the sitemap is.
import type { APIRoute } from "astro";

export const GET: APIRoute = ({ site, url }) =>
  new Response(
    `User-agent: *\nDisallow: /dashboard/\nDisallow: /en/dashboard/\nAllow: /dashboard/student-portal\nAllow: /en/dashboard/student-portal\n\nSitemap: ${new URL("/sitemap.xml", site ?? url).href}\n`,
    {
      headers: { "content-type": "text/plain; charset=utf-8" },
    },
  );
