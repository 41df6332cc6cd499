// Pages rendered on demand (the dashboard shell and the other server routes) get the same
// security headers as the static pages, with the hashes of their own inline scripts
// (Astro's island loader) and inline styles allowed for the dashboard's UI; static pages get theirs from the server (dist/security-headers.json).
// The CMS (/keystatic) answers only where src/cms/guard.ts allows it.
import { defineMiddleware } from "astro:middleware";
import { contentSecurityPolicy, inlineHashes, securityHeaders } from "./lib/security/headers.ts";
import { cmsRefusal, isCmsPath } from "./cms/guard.ts";
import { cmsStorage } from "./cms/storage.ts";

/** What the browser of a GitHub-mode CMS talks to (GitHub's API and avatars); nothing in local mode. */
const cmsOrigins = (storage: string) =>
  storage === "github" ? { connect: ["https://api.github.com", "https://raw.githubusercontent.com"], img: ["https://avatars.githubusercontent.com"] } : undefined;

export const onRequest = defineMiddleware(async (context, next) => {
  // The route Astro matched, not only the address: /KEYSTATIC or /%6Beystatic must not slip by.
  const cms = isCmsPath(context.routePattern) || isCmsPath(context.url.pathname);
  const storage = cms ? cmsStorage(import.meta.env).kind : undefined;
  if (storage) {
    let clientAddress: string | undefined;
    try {
      clientAddress = context.clientAddress;
    } catch {
      // The adapter does not know it: treated as not this machine.
    }
    // HOST: what src/server/serve.ts and the adapter listen on (src/cms/integration.ts sets it for astro dev).
    const refusal = cmsRefusal({ storage, listenHost: process.env.HOST ?? "127.0.0.1", clientAddress, hostHeader: context.request.headers.get("host") });
    if (refusal) {
      return new Response(
        `Éditeur de contenu fermé : en mode local il ne répond que sur cette machine (${refusal}).\nContent editor closed: in local mode it answers on this machine only (${refusal}).\nSee docs/editing-the-site.md.\n`,
        { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } },
      );
    }
  }
  const response = await next();
  if (context.isPrerendered || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const { scripts, styles } = inlineHashes(html);
  const csp = contentSecurityPolicy({
    supabaseUrl: import.meta.env.PUBLIC_SUPABASE_URL,
    scriptHashes: scripts,
    styleHashes: styles,
    inlineStyles: true,
    extraOrigins: storage ? cmsOrigins(storage) : undefined,
  });
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders(csp))) headers.set(name, value);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
