// Issue 15 (items 8 and 11): what the site server sends. Files precompressed at build time
// (.br and .gz beside each text file), chosen by Accept-Encoding, hashed assets cached for a
// year, HTML revalidated, and the security headers (CSP, nosniff, referrer) on everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { contentSecurityPolicy, inlineHashes, realtimeOrigin, securityHeaders } from "../../src/lib/security/headers.ts";
import { acceptedEncodings, createStaticHandler, IMMUTABLE, REVALIDATE } from "../../src/server/static.ts";
import { precompress, staticPolicy } from "../../src/integrations/build-output.ts";

const page = `<!doctype html><html><head><script>console.log("inline")</script><script type="application/ld+json">{"a":1}</script>
<script type="module" src="/_astro/app.js"></script><style>astro-island{display:contents}</style></head><body>${"<p>Bonjour à tous</p>".repeat(200)}</body></html>`;
const asset = `export const answer = ${JSON.stringify("x".repeat(4000))};`;

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "served-"));
  mkdirSync(join(root, "login"), { recursive: true });
  mkdirSync(join(root, "_astro"));
  writeFileSync(join(root, "login", "index.html"), page);
  writeFileSync(join(root, "_astro", "app.DEADBEEF.js"), asset);
  writeFileSync(join(root, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(root, ".env"), "SECRET=1");
  await precompress(root);
  const serve = createStaticHandler({ root, headers: securityHeaders(await staticPolicy(root, "https://abc.supabase.co")) });
  server = createServer((req, res) => void serve(req, res).then((done) => done || ((res.statusCode = 418), res.end("astro"))));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET that keeps the body as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; body: Buffer; text: () => Promise<string> }>((done, fail) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const all = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) all.set(name, String(value));
        done({ status: res.statusCode ?? 0, headers: all, body, text: async () => body.toString() });
      });
    })
      .on("error", fail)
      .end();
  });
}

describe("precompression at build time", () => {
  it("leaves a .br and a .gz beside each text file that decode to the file", () => {
    const html = readFileSync(join(root, "login", "index.html"));
    expect(brotliDecompressSync(readFileSync(join(root, "login", "index.html.br")))).toEqual(html);
    expect(gunzipSync(readFileSync(join(root, "login", "index.html.gz")))).toEqual(html);
    expect(existsSync(join(root, "_astro", "app.DEADBEEF.js.br"))).toBe(true);
    // Too small to gain anything.
    expect(existsSync(join(root, "robots.txt.br"))).toBe(false);
  });
});

describe("the static handler", () => {
  it("sends the brotli copy of a page to a browser that accepts it, revalidated, with Vary", async () => {
    const response = await get("/login", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe(REVALIDATE);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = response.body;
    expect(body.length).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gzipped = await get("/login/", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/login/index.html", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5")).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
  });

  it("caches hashed assets for a year and answers a revalidation with 304", async () => {
    const response = await get("/_astro/app.DEADBEEF.js", { "accept-encoding": "br" });
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBe("br");
    const again = await get("/login", { "accept-encoding": "br", "if-none-match": (await get("/login", { "accept-encoding": "br" })).headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("puts the security headers on every file", async () => {
    for (const path of ["/login", "/_astro/app.DEADBEEF.js", "/robots.txt"]) {
      const headers = (await get(path)).headers;
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("leaves what it has not got, dotfiles and paths outside the folder to the next handler", async () => {
    expect((await get("/dashboard")).status).toBe(418);
    expect((await get("/.env")).status).toBe(418);
    expect((await get("/..%2f..%2fetc%2fpasswd")).status).toBe(418);
  });
});

describe("the content-security policy", () => {
  it("allows the inline scripts and styles it found by hash, and no others", async () => {
    const found = inlineHashes(page);
    expect(found.scripts.size).toBe(1); // ld+json is data, the module has a src
    expect(found.styles.size).toBe(1);
    const policy = await staticPolicy(root, "https://abc.supabase.co");
    expect(policy).toContain(`script-src 'self' ${[...found.scripts][0]}`);
    expect(policy).toContain(`style-src 'self' ${[...found.styles][0]}`);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("lets the browser reach the Supabase API, its realtime websocket and its storage images", () => {
    const policy = contentSecurityPolicy({ supabaseUrl: "https://abc.supabase.co" });
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co");
    expect(policy).toContain("img-src 'self' data: blob: https://abc.supabase.co/storage/v1/");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-src blob:");
    expect(realtimeOrigin("http://127.0.0.1:54321")).toBe("ws://127.0.0.1:54321");
  });
});
