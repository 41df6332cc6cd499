// Serves dist/client as a 3G visitor needs it: the precompressed .br or .gz the build left
// beside each text file, chosen by Accept-Encoding (with Vary), hashed /_astro/ assets
// cached for a year (immutable), HTML and other unhashed files revalidated by ETag
// (no-cache), and the security headers on everything. Anything it does not find goes on
// to Astro's handler (the pages rendered on demand, the 404 page).
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
};

/** The encodings the client accepts, best first among those we have (br, then gzip). */
export function acceptedEncodings(header: string | string[] | undefined): ("br" | "gzip")[] {
  const q = new Map<string, number>();
  for (const part of String(header ?? "")
    .toLowerCase()
    .split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const ok = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return (["br", "gzip"] as const).filter(ok);
}

async function fileAt(path: string): Promise<Stats | null> {
  try {
    const found = await stat(path);
    return found.isFile() ? found : null;
  } catch {
    return null;
  }
}

export interface StaticOptions {
  /** dist/client */
  root: string;
  /** Headers every response carries (security headers). */
  headers?: Record<string, string>;
}

/** Returns a handler that serves a file and resolves true, or resolves false (not a file here). */
export function createStaticHandler({ root, headers = {} }: StaticOptions) {
  const base = resolve(root);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      return false;
    }
    if (pathname.includes("\0") || pathname.split("/").some((s) => s.startsWith(".") && s !== ".well-known")) return false;
    let path = resolve(join(base, pathname));
    if (path !== base && !path.startsWith(base + sep)) return false;
    let info = await fileAt(path);
    if (!info) {
      // /login and /login/ are the page login/index.html (Astro's trailingSlash "ignore").
      path = join(path, "index.html");
      info = await fileAt(path);
    }
    if (!info) return false;

    const type = TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
    const hashed = pathname.startsWith("/_astro/");
    res.setHeader("Content-Type", type);
    res.setHeader("Cache-Control", hashed ? IMMUTABLE : REVALIDATE);
    res.setHeader("Last-Modified", info.mtime.toUTCString());
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);

    let body = path;
    let size = info.size;
    const [brPath, gzPath] = [`${path}.br`, `${path}.gz`];
    const [br, gz] = await Promise.all([fileAt(brPath), fileAt(gzPath)]);
    if (br || gz) {
      res.setHeader("Vary", "Accept-Encoding");
      for (const encoding of acceptedEncodings(req.headers["accept-encoding"])) {
        const found = encoding === "br" ? br : gz;
        if (!found) continue;
        body = encoding === "br" ? brPath : gzPath;
        size = found.size;
        res.setHeader("Content-Encoding", encoding);
        break;
      }
    }

    // One ETag per encoding: each is a different body of the same resource.
    const encoding = res.getHeader("Content-Encoding");
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`;
    res.setHeader("ETag", etag);
    const match = req.headers["if-none-match"];
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader("Content-Length", size);
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    await new Promise<void>((done) => {
      const stream = createReadStream(body);
      stream.once("error", () => {
        if (res.headersSent) res.destroy();
        else {
          res.statusCode = 500;
          res.end();
        }
        done();
      });
      stream.once("end", () => done());
      res.once("close", () => (stream.destroy(), done()));
      stream.pipe(res);
    });
    return true;
  };
}
