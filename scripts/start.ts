// npm start: the whole product on this machine. Builds the site when its sources changed,
// starts the local Supabase stack and brings its catalogue in step with src/content, starts
// the site server and the worker, prints where to go and how to sign in, and stops all three
// on Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { ensureLocalEnv, LOCAL_API_PORT, parseDotenv } from "../supabase/local/env.ts";
import { LOCAL_DATA_DIR } from "../supabase/local/paths.ts";
import { startLocalStack } from "../supabase/local/stack.ts";
import { DEMO_ACCOUNTS } from "../supabase/local/demo.ts";
import { readCatalogueContent } from "../src/lib/catalogue-sync/read-content.ts";
import { syncCatalogue } from "../src/lib/catalogue-sync/rpc.ts";
import { describeReport, syncSource } from "../src/lib/catalogue-sync/sync.ts";

const SITE_PORT = 4321;
const HOST = "127.0.0.1";
const BUILD_STAMP = "dist/.build-stamp";
const BUILD_INPUTS = ["src", "public", "astro.config.mjs", "keystatic.config.ts", "package.json", ".env"];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

for (const port of [LOCAL_API_PORT, SITE_PORT]) {
  if (!(await portIsFree(port))) fail(`Port ${port} is already in use: stop whatever is using it (is another "npm start" running?) and try again.`);
}

const keys = await ensureLocalEnv();
const env = parseDotenv(readFileSync(".env", "utf8"));

const stampTime = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
if (Math.max(...BUILD_INPUTS.map(newestChange)) > stampTime) {
  console.log("Building the site…");
  await run("npx", ["astro", "build"], { ...env, ASTRO_TELEMETRY_DISABLED: "1" });
  writeFileSync(BUILD_STAMP, new Date().toISOString());
}

const stack = await startLocalStack({
  keys,
  dataDir: LOCAL_DATA_DIR,
  port: LOCAL_API_PORT,
  siteUrl: `http://${HOST}:${SITE_PORT}`,
  log: (line) => console.log(`[supabase] ${line}`),
}).catch((error: Error) => fail(`The local Supabase stack did not start: ${error.message}`));

// The catalogue's structure is written in src/content: bring the database's copy in step
// (docs/catalogue.md). A failure leaves the previous copy; admin/content shows what differs.
try {
  const service = createClient(stack.url, keys.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const report = await syncCatalogue(service, readCatalogueContent(), syncSource("npm start"));
  for (const line of describeReport(report)) console.log(`[catalogue] ${line}`);
} catch (error) {
  console.error(`[catalogue] not synchronised: ${(error as Error).message}`);
}

const children: ChildProcess[] = [
  // Our server around the adapter's handler: precompressed files, cache and security headers.
  spawn(process.execPath, ["src/server/serve.ts", "dist"], {
    stdio: "inherit",
    env: { ...process.env, ...env, HOST, PORT: String(SITE_PORT) },
  }),
  spawn(process.execPath, ["worker/main.ts"], { stdio: "inherit", env: { ...process.env, ...env } }),
];

let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the site, the worker and the local stack…");
  await Promise.all(children.map((child) => (child.exitCode !== null ? undefined : new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))))));
  await stack.stop();
  process.exit(code);
}
process.once("SIGINT", () => void stopAll());
process.once("SIGTERM", () => void stopAll());
for (const child of children) {
  child.once("exit", (code) => {
    if (!stopping) {
      console.error(`${child.spawnargs.slice(1).join(" ")} stopped unexpectedly (exit ${code}).`);
      void stopAll(1);
    }
  });
}

const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
console.log(`
  University platform running on this machine
  ───────────────────────────────────────────
  Site (français)   http://${HOST}:${SITE_PORT}/
  Site (English)    http://${HOST}:${SITE_PORT}/en/
  Sign in           http://${HOST}:${SITE_PORT}/login
  Supabase API      ${stack.url}  (keys in .env)
  Worker            course-start notifications, every 5 minutes

  Demo accounts (local demo data only):
${DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(8)} ${a.email.padEnd(width)}  ${a.password}`).join("\n")}

  Ctrl-C stops everything. npm run db:reset restores the demo data.
`);
