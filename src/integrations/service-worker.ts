// After `astro build`: the service worker (issue 24). Bundles src/sw/sw.ts (Vite, one classic
// script), renders the application shells (/dashboard, /en/dashboard) with the built server as
// it will serve them (so the precached copies carry their own security headers), chooses the
// precache (./precache-plan.ts) and has @serwist/build write it into dist/client/sw.js.
// Leaves dist/pwa-precache.json (each precached URL and its gzip size) for `npm run bench`.
// Must run before uel:build-output, which compresses sw.js like every other file.
import type { AstroIntegration } from "astro";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { getManifest, injectManifest } from "@serwist/build";
import { build } from "vite";
import { APP_SHELLS } from "../lib/offline/sw-contract.ts";
import { PRECACHE_BUDGET_BYTES, planPrecache } from "./precache-plan.ts";

export const PRECACHE_REPORT = "pwa-precache.json";
/** Also precached: the installed application's manifests and icons, and the public home pages. */
const EXTRA_FILES = ["manifest.webmanifest", "en/manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png", "icons/maskable-512.png"];

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** The shells as the built server answers them (a throwaway server on a free loopback port). */
async function renderShells(serverDir: string): Promise<Record<string, string>> {
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  const { handler } = (await import(pathToFileURL(join(serverDir, "entry.mjs")).href)) as { handler: NodeHandler };
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((ready, fail) => server.once("error", fail).listen(0, "127.0.0.1", () => ready()));
  try {
    const { port } = server.address() as AddressInfo;
    const shells: Record<string, string> = {};
    for (const path of Object.values(APP_SHELLS)) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      if (!response.ok) throw new Error(`the application shell ${path} answered ${response.status} (built without PUBLIC_SUPABASE_URL? see .env.example)`);
      shells[path] = await response.text();
    }
    return shells;
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}

/** src/sw/sw.ts as one minified classic script (a service worker need not support modules). */
async function bundle(entry: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      copyPublicDir: false,
      lib: { entry, formats: ["iife"], name: "uelServiceWorker", fileName: () => "sw.js" },
    },
  });
  return join(outDir, "sw.js");
}

export default function serviceWorker({ entry = fileURLToPath(new URL("../sw/sw.ts", import.meta.url)) } = {}): AstroIntegration {
  return {
    name: "uel:service-worker",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const astroDir = join(client, "_astro");
        const assets = (await readdir(astroDir)).filter((name) => /\.(js|css)$/.test(name));
        const pages: string[] = [];
        for await (const path of htmlFiles(client)) pages.push(await readFile(path, "utf8"));
        const shells = await renderShells(join(client, "..", "server"));
        const plan = planPrecache({
          pages,
          shells: Object.values(shells),
          assets,
          read: (name) => (existsSync(join(astroDir, name)) ? readFileSync(join(astroDir, name), "utf8") : null),
        });
        if (plan.missing.length) logger.warn(`no chunk found for ${plan.missing.join(", ")}: not precached (renamed module? see src/integrations/precache-plan.ts)`);

        const temp = await mkdtemp(join(tmpdir(), "uel-sw-"));
        try {
          const swSrc = await bundle(entry, temp);
          const { count, manifestEntries } = await injectManifestWith(client, swSrc, plan.files, shells);
          const sizes = (manifestEntries ?? []).map((e) => ({ url: e.url, gzip: gzipOf(client, e.url, shells) }));
          const total = sizes.reduce((sum, e) => sum + e.gzip, 0);
          await writeFile(join(client, "..", PRECACHE_REPORT), `${JSON.stringify({ budget: PRECACHE_BUDGET_BYTES, total, entries: sizes }, null, 2)}\n`);
          const line = `service worker: ${count} URLs precached, ${(total / 1024).toFixed(1)} KB gzip (budget ${PRECACHE_BUDGET_BYTES / 1024} KB)`;
          if (total > PRECACHE_BUDGET_BYTES) logger.warn(`${line}: OVER BUDGET`);
          else logger.info(line);
        } finally {
          await rm(temp, { recursive: true, force: true });
        }
      },
    },
  };
}

async function injectManifestWith(client: string, swSrc: string, files: string[], shells: Record<string, string>) {
  const options = {
    globDirectory: client,
    globPatterns: [...files.map((name) => `_astro/${name}`), ...EXTRA_FILES],
    // The shells are pages rendered on demand, not files: their revision is their HTML's hash
    // (which names every hashed chunk they load), so a new build replaces them.
    additionalPrecacheEntries: Object.entries(shells).map(([url, html]) => ({ url, revision: createHash("sha256").update(html).digest("hex").slice(0, 16) })),
    // Hashed names: fetched as they are, no cache-busting parameter.
    dontCacheBustURLsMatching: /^_astro\//,
  };
  const { manifestEntries } = await getManifest(options);
  const { count } = await injectManifest({ ...options, swSrc, swDest: join(client, "sw.js") });
  return { count, manifestEntries };
}

/** Relative URLs resolve against /sw.js, at the root. */
function gzipOf(client: string, url: string, shells: Record<string, string>): number {
  const body = shells[url] ?? readFileSync(join(client, url.replace(/^\//, "")));
  return gzipSync(body, { level: 9 }).length;
}
