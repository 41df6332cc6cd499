// After `astro build`: a .br and a .gz beside each text file of dist/client (the server
// sends them as they are, nothing compressed per request), and the static pages' security
// headers in dist/security-headers.json (one policy: the hashes of every inline script and
// style found in the HTML), read by src/server/serve.ts and copyable to a CDN.
import type { AstroIntegration } from "astro";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { contentSecurityPolicy, inlineHashes, SECURITY_HEADERS_FILE, securityHeaders } from "../lib/security/headers.ts";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images (png, jpg, webp, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|xml|txt|map|webmanifest|ico)$/i;
/**
 * Brotli's best (11) for the hashed assets, compressed once and cached for a year; a fast
 * level for the many pages (about 25 times quicker, a few % larger, still below gzip -9).
 */
const brotliQuality = (path: string) => (/[\\/]_astro[\\/]/.test(path) ? 11 : 5);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  let count = 0;
  let bytes = 0;
  let brBytes = 0;
  const work: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gz(data, { level: 9 }),
        ]);
        if (br.length < data.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
        count++;
        bytes += data.length;
        brBytes += Math.min(br.length, data.length);
      })(),
    );
  }
  await Promise.all(work);
  return { files: count, bytes, brotli: brBytes };
}

export async function staticPolicy(dir: string, supabaseUrl: string): Promise<string> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for await (const path of files(dir)) {
    if (!path.endsWith(".html")) continue;
    const found = inlineHashes(await readFile(path, "utf8"));
    found.scripts.forEach((h) => scripts.add(h));
    found.styles.forEach((h) => styles.add(h));
  }
  return contentSecurityPolicy({ supabaseUrl, scriptHashes: scripts, styleHashes: styles });
}

export default function buildOutput({ supabaseUrl }: { supabaseUrl: string }): AstroIntegration {
  return {
    name: "uel:build-output",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        // With an adapter, `dir` is dist/client; the server part sits beside it.
        const client = fileURLToPath(dir);
        const csp = await staticPolicy(client, supabaseUrl);
        await writeFile(join(client, "..", SECURITY_HEADERS_FILE), `${JSON.stringify({ headers: securityHeaders(csp) }, null, 2)}\n`);
        const done = await precompress(client);
        logger.info(`${done.files} files precompressed (brotli ${Math.round(done.brotli / 1024)} KB of ${Math.round(done.bytes / 1024)} KB); security headers in ${SECURITY_HEADERS_FILE}`);
      },
    },
  };
}
