// npm run bench:site — the public site's budgets, measured:
//  1. builds the site into node_modules/.cache/bench-site and serves it on a free port;
//  2. per page type, loads the page in the system Chromium and sums what it transfers,
//     gzip-compressed: HTML, CSS, JS (targets: no framework, programme page ≤ 60 KB);
//  3. Lighthouse (mobile) performance / accessibility / best practices / SEO (the
//     `lighthouse` dev dependency; Lighthouse refuses to score a 404 page: "–" there);
//  4. build scale: 1,000 extra programmes × 2 languages generated into a temp content
//     folder, built, with build time and per-page cost.
// Flags: --no-scale, --no-lighthouse, --scale=N (default 1000).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumPath } from "./chromium.ts";

const args = new Set(process.argv.slice(2));
const SCALE = Number([...args].find((a) => a.startsWith("--scale="))?.split("=")[1] ?? 1000);
const CACHE = "node_modules/.cache";
const OUT = `${CACHE}/bench-site`;
const BUDGET_PROGRAMME_BYTES = 60 * 1024;

/** One page per page type; the programme page is the one the 60 KB budget applies to. */
const PAGE_TYPES: [string, string][] = [
  ["home", "/"],
  ["home (en)", "/en/"],
  ["programme list", "/programs"],
  ["programme", "/programs/software-engineering"],
  ["programme (en)", "/en/programs/software-engineering"],
  ["extension programme", "/programs/executive-mba"],
  ["department", "/departments/computer-science"],
  ["level (nested)", "/departments/computer-science/filieres/software-engineering/specialties/data-science/levels/m1"],
  ["formation", "/professional-school/formations/web-developer"],
  ["partner", "/partners/trine-university"],
  ["chooser", "/select-program"],
  ["search", "/search?q=data"],
  ["not found", "/en/no-such-page"],
];

function build(outDir: string, env: Record<string, string> = {}): number {
  const started = performance.now();
  const result = spawnSync("npx", ["astro", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ASTRO_OUT_DIR: outDir, ...env },
  });
  if (result.status !== 0) throw new Error(`astro build into ${outDir} failed`);
  return performance.now() - started;
}

function countHtml(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countHtml(join(dir, entry.name));
    else if (entry.name.endsWith(".html")) n++;
  }
  return n;
}

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
  // As production serves it (src/server/serve.ts); the weights below re-gzip each body anyway.
  const child = spawn(process.execPath, ["src/server/serve.ts", outDir], {
    stdio: "ignore",
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port) },
  });
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Weight {
  html: number;
  css: number;
  js: number;
  other: number;
  framework: boolean;
}

async function measureWeights(base: string): Promise<Map<string, Weight>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu"] });
  const weights = new Map<string, Weight>();
  try {
    for (const [name, path] of PAGE_TYPES) {
      const page = await browser.newPage();
      const responses: { url: string; type: string }[] = [];
      page.on("response", (r) => responses.push({ url: r.url(), type: r.request().resourceType() }));
      await page.goto(base + path, { waitUntil: "networkidle" });
      const weight: Weight = { html: 0, css: 0, js: 0, other: 0, framework: false };
      for (const { url, type } of responses) {
        if (!url.startsWith(base)) continue;
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        const size = gzipSync(body, { level: 9 }).length;
        if (type === "document") weight.html += size;
        else if (type === "stylesheet") weight.css += size;
        else if (type === "script") {
          weight.js += size;
          if (/react-dom|__reactFiber|createRoot\(/.test(body.toString())) weight.framework = true;
        } else weight.other += size;
      }
      weights.set(name, weight);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

type Scores = Record<"performance" | "accessibility" | "best-practices" | "seo", number>;

async function lighthouseScores(base: string): Promise<Map<string, Scores> | string> {
  let lighthouse: (url: string, flags: object) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; runtimeError?: { code: string } } } | undefined>;
  let launch: (opts: object) => Promise<{ port: number; kill: () => unknown }>;
  try {
    // Optional: `lighthouse` (and its chrome-launcher) are not dependencies of the project yet.
    const lhModule = "lighthouse";
    const launcherModule = "chrome-launcher";
    lighthouse = (await import(lhModule)).default;
    launch = (await import(launcherModule)).launch;
  } catch {
    return "not measured: add the `lighthouse` dev dependency to get scores";
  }
  const scores = new Map<string, Scores>();
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    for (const [name, path] of PAGE_TYPES) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        formFactor: "mobile",
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) continue; // e.g. the not-found page: Lighthouse scores only 200 pages
      const c = lhr.categories;
      const score = (id: string) => Math.round((c[id]?.score ?? 0) * 100);
      scores.set(name, { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") });
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

/** SCALE extra filières in both languages, spread over the existing departments. */
function generateScaleContent(count: number): string {
  const root = mkdtempSync(join(tmpdir(), "bench-content-"));
  cpSync("src/content", root, { recursive: true });
  const departments = readdirSync(join(root, "departments", "fr")).map((f) => f.replace(/\.md$/, ""));
  for (const lang of ["fr", "en"]) mkdirSync(join(root, "filieres", lang), { recursive: true });
  for (let i = 1; i <= count; i++) {
    const slug = `bench-programme-${i}`;
    const department = departments[i % departments.length];
    for (const lang of ["fr", "en"] as const) {
      const fr = lang === "fr";
      writeFileSync(
        join(root, "filieres", lang, `${slug}.md`),
        `---
title: "${fr ? "Programme d'essai" : "Benchmark programme"} ${i}"
description: "${fr ? "Un programme généré pour mesurer le coût de construction du site à grande échelle." : "A generated programme to measure the cost of building the site at scale."}"
department: ${department}
degree: "${fr ? "Licence et master" : "Bachelor's and master's"}"
levels: [l1, l2, l3, m1, m2]
delivery: blended
languages: [fr, en]
careers: ["${fr ? "Analyste" : "Analyst"}", "${fr ? "Consultant" : "Consultant"}"]
order: ${1000 + i}
---

${fr ? "Ce programme d'essai a deux paragraphes de texte, comme une vraie filière." : "This benchmark programme has two paragraphs of text, like a real one."}

${fr ? "Il sert seulement à mesurer le temps de construction." : "It only serves to measure build time."}
`,
      );
    }
  }
  return root;
}

async function main() {
  console.log("Building the site…");
  const baseMs = build(OUT);
  const basePages = countHtml(`${OUT}/client`);
  const { url, child } = await serve(OUT);
  let weights: Map<string, Weight>;
  let scores: Map<string, Scores> | string = "skipped (--no-lighthouse)";
  try {
    weights = await measureWeights(url);
    if (!args.has("--no-lighthouse")) scores = await lighthouseScores(url);
  } finally {
    child.kill();
  }

  const lines: string[] = [];
  lines.push(`Page weights (gzip, everything the page loads from the site) and Lighthouse mobile scores`);
  lines.push("");
  lines.push("| page type | HTML | CSS | JS | total | framework | perf | a11y | best pr. | SEO |");
  lines.push("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|");
  let programmeTotal = 0;
  for (const [name] of PAGE_TYPES) {
    const w = weights.get(name)!;
    const total = w.html + w.css + w.js + w.other;
    if (name === "programme") programmeTotal = total;
    const s = typeof scores === "string" ? undefined : scores.get(name);
    const cell = (v?: number) => (v === undefined ? "–" : String(v));
    lines.push(
      `| ${name} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} | ${kb(total)} | ${w.framework ? "yes" : "none"} | ${cell(s?.performance)} | ${cell(s?.accessibility)} | ${cell(s?.["best-practices"])} | ${cell(s?.seo)} |`,
    );
  }
  lines.push("");
  if (typeof scores === "string") lines.push(`Lighthouse: ${scores}`);
  lines.push(`Programme page total: ${kb(programmeTotal)} (budget ${kb(BUDGET_PROGRAMME_BYTES)}: ${programmeTotal <= BUDGET_PROGRAMME_BYTES ? "within" : "OVER"})`);
  lines.push(`Site build: ${basePages} pages in ${(baseMs / 1000).toFixed(1)} s`);

  if (!args.has("--no-scale")) {
    console.log(`Generating ${SCALE} extra programmes × 2 languages and building…`);
    const content = generateScaleContent(SCALE);
    const scaleOut = `${CACHE}/bench-site-scale`;
    try {
      const scaleMs = build(scaleOut, { CONTENT_ROOT: content });
      const scalePages = countHtml(`${scaleOut}/client`);
      const extraPages = scalePages - basePages;
      lines.push(
        `Build scale: +${SCALE} programmes × 2 languages → ${scalePages} pages in ${(scaleMs / 1000).toFixed(1)} s ` +
          `(${((scaleMs / scalePages) * 1000).toFixed(0)} µs/page overall; ${(((scaleMs - baseMs) / extraPages) * 1000).toFixed(0)} µs per extra page)`,
      );
    } finally {
      rmSync(content, { recursive: true, force: true });
      rmSync(scaleOut, { recursive: true, force: true });
    }
  }
  console.log(`\n${lines.join("\n")}`);
}

await main();
