// npm run bench:pwa — the service worker's weight and what a return visit downloads (issue 24):
// builds the site and starts a fresh seeded stack (scripts/e2e-server.ts, its own slot), prints
// the precache's gzip bytes against its 400 KB budget (dist/pwa-precache.json, written by the
// build), then in the system Chromium signs in as the demo student (first visit: the service
// worker installs), leaves and opens the page again (return visit) and counts every byte
// that crossed the network, the service worker's own fetches included, by kind: code, pages,
// API data. Target: no code at all on the return visit, only data (and the pages' small HTML,
// fetched network-first). `--verbose` lists the precache and each request.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type BrowserContext, type Request } from "@playwright/test";
import { chromiumPath } from "./chromium.ts";
import { DEMO_ACCOUNTS } from "../supabase/local/demo.ts";

const SLOT = process.env.E2E_SLOT ?? "18";
process.env.E2E_SLOT = SLOT;
const { E2E_API_URL, E2E_OUT_DIR, E2E_SITE_URL } = await import("../tests/e2e/server-ports.ts");
const VERBOSE = process.argv.includes("--verbose");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Kind = "code" | "page" | "data" | "other";
function kindOf(url: string, request: Request): Kind {
  if (url.startsWith(E2E_API_URL)) return "data";
  if (!url.startsWith(E2E_SITE_URL)) return "other";
  const path = new URL(url).pathname;
  if (path.startsWith("/_astro/") || path.endsWith(".js") || path.endsWith(".css")) return "code";
  return request.resourceType() === "document" || request.isNavigationRequest() || !/\.\w+$/.test(path) ? "page" : "other";
}

/** Bytes that crossed the network in `context` while `visit` runs, by kind (answers served by the service worker's cache count nothing). */
async function measure(context: BrowserContext, visit: () => Promise<void>) {
  const totals: Record<Kind, number> = { code: 0, page: 0, data: 0, other: 0 };
  const counts: Record<Kind, number> = { code: 0, page: 0, data: 0, other: 0 };
  const lines: string[] = [];
  const work: Promise<void>[] = [];
  // A request whose sizes never come (a navigation cut short) is not counted, rather than waited for.
  const within = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
  const onFinished = (request: Request) => {
    work.push(
      (async () => {
        const response = await within(request.response());
        // Answered by the service worker: its own network fetch, if any, is reported apart (request.serviceWorker()).
        if (!response || response.fromServiceWorker()) return;
        const sizes = await within(request.sizes());
        if (!sizes) return;
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        if (bytes <= 0) return;
        const kind = kindOf(request.url(), request);
        totals[kind] += bytes;
        counts[kind] += 1;
        lines.push(
          `${kb(bytes).padStart(10)}  ${kind.padEnd(5)} ${request.serviceWorker() ? "(by the service worker) " : ""}${request.url().replace(E2E_SITE_URL, "").replace(E2E_API_URL, "api:").slice(0, 110)}`,
        );
      })().catch(() => {}),
    );
  };
  context.on("requestfinished", onFinished);
  await visit();
  await new Promise((r) => setTimeout(r, 1000));
  await Promise.all(work);
  context.off("requestfinished", onFinished);
  return { totals, counts, lines };
}

/**
 * The page's HTML as the site sends it (brotli): the service worker fetches it network-first
 * through navigation preload, which the browser's request events do not report.
 */
function pageBytes(path: string): Promise<number> {
  return new Promise((done, fail) => {
    httpRequest(`${E2E_SITE_URL}${path}`, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => done(bytes + Object.entries(res.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0)));
    })
      .on("error", fail)
      .end();
  });
}

const server = spawn(process.execPath, ["scripts/e2e-server.ts"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
const stopServer = () => server.kill("SIGTERM");
process.on("exit", stopServer);
let failed = false;
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${E2E_SITE_URL}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("the site did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const report = JSON.parse(readFileSync(join(E2E_OUT_DIR, "pwa-precache.json"), "utf8")) as { budget: number; total: number; entries: { url: string; gzip: number }[] };
  const code = report.entries.filter((e) => /\.(js|css)$/.test(e.url)).reduce((sum, e) => sum + e.gzip, 0);
  const shells = report.entries.filter((e) => e.url.includes("dashboard")).reduce((sum, e) => sum + e.gzip, 0);
  const over = report.total > report.budget;
  failed ||= over;
  console.log(
    `service worker precache: ${kb(report.total)} gzip of ${kb(report.budget)}${over ? "  OVER BUDGET" : ""} (${report.entries.length} URLs: code ${kb(code)}, application shells ${kb(shells)}, icons and manifests ${kb(report.total - code - shells)})`,
  );
  if (VERBOSE) for (const e of [...report.entries].sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(e.gzip).padStart(10)}  ${e.url}`);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const context = await browser.newContext({ baseURL: E2E_SITE_URL, locale: "fr-FR", timezoneId: "Africa/Douala", serviceWorkers: "allow" });
  const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
  const page = await context.newPage();
  const first = await measure(context, async () => {
    await page.goto("/login");
    await page.getByLabel("Adresse e-mail").fill(student.email);
    await page.getByLabel("Mot de passe").fill(student.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL("**/dashboard/student");
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 60_000 });
    // Installed and activated: the precache is complete.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.waitForLoadState("networkidle");
  });
  console.log(
    `first visit (sign-in, student home, service worker install): code ${kb(first.totals.code)}, pages ${kb(first.totals.page)}, data ${kb(first.totals.data)}, other ${kb(first.totals.other)}`,
  );

  for (const path of ["/dashboard/student", "/dashboard/student/schedule"]) {
    // Left and opened again: a new document, with the service worker in control.
    await page.goto("about:blank");
    const again = await measure(context, async () => {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState("networkidle");
    });
    const { totals, counts } = again;
    const ok = totals.code === 0;
    failed ||= !ok;
    const html = totals.page || (await pageBytes(path));
    console.log(
      `return visit ${path}: code ${kb(totals.code)} (target 0)${ok ? "" : "  CODE DOWNLOADED"}, page HTML ${kb(html)} (network-first), data ${kb(totals.data)} (${counts.data} API answers), other ${kb(totals.other)} (${counts.other})`,
    );
    if (VERBOSE) for (const line of again.lines) console.log(line);
  }
  await browser.close();
  console.log(failed ? "\nbudget or target missed" : "\nwithin budget; return visits download no code");
} finally {
  stopServer();
}
process.exit(0);
