// The site's production server: `node src/server/serve.ts` (after `npm run build`), used
// by `npm start`, the browser tests and a school's deployment. Static files come from
// dist/client precompressed with the right cache headers (./static.ts); the pages rendered
// on demand go to the @astrojs/node handler; every response carries the security headers.
// HOST and PORT as for the adapter (127.0.0.1:4321 by default); DIST_DIR picks another
// build folder (the tests build into dist-test/).
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { SECURITY_HEADERS_FILE } from "../lib/security/headers.ts";
import { createStaticHandler } from "./static.ts";
import { maskContacts } from "../lib/messaging/mask.ts";

/** Pages rendered on demand (the application's shells): revalidated, never kept by a shared cache. */
export const ON_DEMAND_CACHE_CONTROL = "private, no-cache";

type NodeHandler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next?: (error?: unknown) => void) => void | Promise<void>;

export async function startServer({ dist = process.env.DIST_DIR ?? "dist", host = process.env.HOST ?? "127.0.0.1", port = Number(process.env.PORT ?? 4321) } = {}) {
  const root = resolve(dist);
  const { headers } = JSON.parse(readFileSync(join(root, SECURITY_HEADERS_FILE), "utf8")) as { headers: Record<string, string> };
  // The adapter's entry starts its own server unless told not to; we only want its handler.
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  const { handler } = (await import(pathToFileURL(join(root, "server", "entry.mjs")).href)) as { handler: NodeHandler };
  const serveStatic = createStaticHandler({ root: join(root, "client"), headers });

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (await serveStatic(req, res)) return;
        // Astro's answer: a page rendered on demand sets its own policy (src/middleware.ts),
        // which takes precedence over these defaults. Those pages are the signed-in
        // application's: no shared cache (proxy, CDN) keeps them (issue 24).
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader("Cache-Control", ON_DEMAND_CACHE_CONTROL);
        await handler(req, res);
      } catch (error) {
        // An error may quote a form's values: e-mails and phone numbers masked (DOMAIN §4).
        console.error(maskContacts(inspect(error)));
        if (res.headersSent) res.destroy();
        else {
          res.statusCode = 500;
          res.end("Internal server error");
        }
      }
    })();
  });
  await new Promise<void>((ready, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ready());
  });
  // The CMS's guard (src/cms/guard.ts) opens local editing only on a loopback address: it
  // reads what the server really listens on, whoever called startServer.
  const bound = server.address();
  if (bound && typeof bound === "object") process.env.HOST = bound.address;
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const server = await startServer({ dist: process.argv[2] ?? process.env.DIST_DIR ?? "dist" });
  const address = server.address();
  console.log(`Site server listening on http://${typeof address === "object" && address ? `${address.address}:${address.port}` : address}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
