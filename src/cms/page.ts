// /keystatic/* in a build: the page that loads the CMS's script (./app.ts, built apart
// by ./integration.ts). Keystatic routes inside the page itself. Behind the guard
// (src/middleware.ts), which also gives it the security headers.
import type { APIRoute } from "astro";

export const prerender = false;

/** Where the built script's entry is served from (revalidated; its chunks are hashed in /_astro/). */
export const CMS_ENTRY = "/_keystatic/cms.js";

export const GET: APIRoute = () =>
  new Response(
    `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Contenu du site — Keystatic</title>
<script type="module" src="${CMS_ENTRY}"></script>
</head>
<body><div id="cms"></div></body>
</html>
`,
    { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );
