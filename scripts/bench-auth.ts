// npm run bench:auth — the sign-in pages on a slow link (issue 15, item 10):
//  1. builds the site into node_modules/.cache/bench-auth and serves it as production does
//     (src/server/serve.ts: precompressed files);
//  2. per authentication page, in the system Chromium with an empty cache, over a
//     1.6 Mbps / 150 ms link (CDP network emulation) with the CPU slowed down 4×:
//     the JavaScript transferred (as served, compressed) until the page is idle, the time
//     from navigation to a usable form (React has hydrated the island: submit enabled),
//     and the JavaScript the first use of the form adds (auth client and schemas);
//  3. targets: ≤ 90 KB of JavaScript at load, a usable form within 3 s.
// Flags: --dist=DIR (measure an existing build, skip building).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { chromium, type Browser } from "@playwright/test";
import { chromiumPath } from "./chromium.ts";

const args = process.argv.slice(2);
const DIST = args.find((a) => a.startsWith("--dist="))?.split("=")[1];
const OUT = DIST ?? "node_modules/.cache/bench-auth";
const JS_BUDGET = 90 * 1024;
const USABLE_BUDGET_MS = 3000;
// 1.6 Mbps down, 750 kbps up, 150 ms round trip (Lighthouse's "slow 4G" is the same link).
const LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const PAGES: [string, string][] = [
  ["sign-in", "/login"],
  ["sign-in (en)", "/en/login"],
  ["sign-up", "/signup"],
  ["forgot password", "/forgot-password"],
  ["reset password", "/reset-password"],
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function serve(outDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["src/server/serve.ts", outDir], { stdio: "ignore", env: { ...process.env, HOST: "127.0.0.1", PORT: String(port) } });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("the built site server did not start");
}

interface Measure {
  jsAtLoad: number;
  jsFiles: number;
  totalAtLoad: number;
  usableMs: number;
  jsOnFirstUse: number;
}

async function measure(browser: Browser, url: string): Promise<Measure> {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", LINK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  let phase: "load" | "use" = "load";
  const bytes = { load: { js: 0, total: 0, files: 0 }, use: { js: 0, total: 0, files: 0 } };
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    const counted = bytes[phase];
    counted.total += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") {
      counted.js += event.encodedDataLength;
      counted.files++;
    }
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  // Hydrated: Astro drops the island's ssr attribute, the submit button is enabled.
  await page.locator("main astro-island:not([ssr])").first().waitFor({ state: "attached", timeout: 60_000 });
  const usableMs = Date.now() - started;
  await page.waitForLoadState("networkidle");
  phase = "use";
  const input = page.locator("main form input").first();
  if (await input.count()) await input.focus();
  await page.waitForLoadState("networkidle");
  await new Promise((r) => setTimeout(r, 1500));
  await context.close();
  return { jsAtLoad: bytes.load.js, jsFiles: bytes.load.files, totalAtLoad: bytes.load.total, usableMs, jsOnFirstUse: bytes.use.js };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!DIST) {
    console.log("Building the site…");
    const result = spawnSync("npx", ["astro", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ASTRO_OUT_DIR: OUT } });
    if (result.status !== 0) throw new Error("astro build failed");
  }
  const { url, child } = await serve(OUT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
  const rows: string[] = [];
  let ok = true;
  try {
    for (const [name, path] of PAGES) {
      // One warm-up load (server file cache), then the measured one with an empty browser cache.
      await measure(browser, url + path);
      const m = await measure(browser, url + path);
      const within = m.jsAtLoad <= JS_BUDGET && m.usableMs <= USABLE_BUDGET_MS;
      ok &&= within;
      rows.push(`| ${name} | ${kb(m.jsAtLoad)} (${m.jsFiles} files) | ${kb(m.totalAtLoad)} | ${(m.usableMs / 1000).toFixed(2)} s | +${kb(m.jsOnFirstUse)} | ${within ? "within" : "OVER"} |`);
    }
  } finally {
    await browser.close();
    child.kill();
  }
  console.log(`
Sign-in pages over 1.6 Mbps / 150 ms with a ${CPU_SLOWDOWN}× slower CPU, empty cache, as served (compressed)
Targets: JavaScript at load ≤ ${kb(JS_BUDGET)}, usable form ≤ ${USABLE_BUDGET_MS / 1000} s

| page | JS at load | everything at load | usable form | JS on first use | targets |
|---|---:|---:|---:|---:|---|
${rows.join("\n")}
`);
  if (!ok) process.exitCode = 1;
}

await main();
