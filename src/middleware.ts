// Pages rendered on demand (the dashboard shell and the other server routes) get the same
// security headers as the static pages, with the hashes of their own inline scripts
// (Astro's island loader) and inline styles allowed for the dashboard's UI; static pages get theirs from the server (dist/security-headers.json).
import { defineMiddleware } from "astro:middleware";
import { contentSecurityPolicy, inlineHashes, securityHeaders } from "./lib/security/headers.ts";

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const { scripts, styles } = inlineHashes(html);
  const csp = contentSecurityPolicy({ supabaseUrl: import.meta.env.PUBLIC_SUPABASE_URL, scriptHashes: scripts, styleHashes: styles, inlineStyles: true });
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders(csp))) headers.set(name, value);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
