// npm run test:peers: the test suites Supabase wrote for its own clients (postgrest-js,
// auth-js, storage-js; tests/peers, upstream files unmodified) run against this checkout's
// local stack. What they catch is code that works here and fails on a hosted project, or
// the reverse. Prints each suite's passed/total and fails when a suite passes fewer tests
// than its pinned minimum (tests/peers/expected.json), naming the tests that newly fail.
//
//   npm run test:peers                      all three suites
//   npm run test:peers -- --suite auth-js   one suite (postgrest-js, auth-js, storage-js)
//   npm run test:peers -- --pin             write this run's counts and failures as the pins
//
// The suites' own runners (jest & co, pinned by tests/peers/<suite>/package-lock.json) are
// installed once into a cache outside the repo (PEERS_DEPS_DIR, default ~/.cache/uel-peers).
// The stack's ports are fixed, so the suites run in a private network namespace (unshare -n)
// when the machine allows it, else on this machine's ports (54321, 54322, 54331, 9996-9999).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PEERS = join(ROOT, "tests", "peers");
const EXPECTED = join(PEERS, "expected.json");
const SUITES = ["postgrest-js", "auth-js", "storage-js"] as const;
type SuiteName = (typeof SUITES)[number];
const MINUTE = 60_000;

interface Pin {
  minPassed: number;
  total: number;
  expectedFailures: string[];
}
interface Expected {
  upstream: string;
  suites: Partial<Record<SuiteName, Pin>>;
}
interface Result {
  passed: number;
  total: number;
  failures: string[];
  /** Why the suite could not run to the end, if it could not. */
  broken?: string;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const chosen = option("--suite");
if (chosen && !SUITES.includes(chosen as SuiteName)) {
  console.error(`--suite takes one of ${SUITES.join(", ")}`);
  process.exit(2);
}
const suites = SUITES.filter((s) => !chosen || s === chosen);
const depsRoot = process.env.PEERS_DEPS_DIR ?? join(homedir(), ".cache", "uel-peers");

/** The runner dependencies of auth-js or storage-js, installed once per package-lock. */
function depsDir(suite: "auth" | "storage"): string {
  const lock = join(PEERS, suite, "package-lock.json");
  const dir = join(depsRoot, `${suite}-${createHash("sha256").update(readFileSync(lock)).digest("hex").slice(0, 12)}`);
  if (!existsSync(join(dir, "node_modules", "jest", "bin", "jest.js"))) {
    console.log(`Installing ${suite}-js's test runners into ${dir}`);
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(PEERS, suite, "package.json"), join(dir, "package.json"));
    copyFileSync(lock, join(dir, "package-lock.json"));
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (install.status !== 0) throw new Error(`npm ci failed in ${dir}`);
  }
  return dir;
}

/** Whether this process may make a network namespace with its own loopback. */
function canIsolate(): boolean {
  return spawnSync("unshare", ["-n", "sh", "-c", "ip link set lo up"], { stdio: "ignore" }).status === 0;
}

function runIsolated(): never {
  const script = 'ip link set lo up && exec "$0" "$@"';
  const child = spawnSync("unshare", ["-n", "sh", "-c", script, process.execPath, fileURLToPath(import.meta.url), ...args, "--isolated"], { stdio: "inherit" });
  process.exit(child.status ?? 1);
}

/** Runs a command to its end (or the timeout), its output into `log`. */
function run(command: string, commandArgs: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; log: string; timeoutMs: number }): Promise<number | null> {
  return new Promise((resolve) => {
    const out = createWriteStream(options.log);
    const child = spawn(command, commandArgs, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      out.end();
      resolve(code);
    });
  });
}

/** Starts scripts/peers/serve.ts in its own process group; resolves with the stack's keys once it is ready. */
function serve(mode: string, log: string): Promise<{ child: ChildProcess; keys: { publishableKey: string; secretKey: string } }> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log);
    const child = spawn(process.execPath, [join(ROOT, "scripts", "peers", "serve.ts"), mode], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => fail(new Error(`the stack (${mode}) was not ready after 4 minutes: ${log}`)), 4 * MINUTE);
    const fail = (error: Error) => {
      clearTimeout(timer);
      stop(child);
      reject(error);
    };
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out.write(chunk);
      buffered += chunk.toString();
      const ready = /^ready (.+)$/m.exec(buffered);
      if (ready) {
        clearTimeout(timer);
        buffered = "";
        resolve({ child, keys: JSON.parse(ready[1]) });
      }
    });
    child.stderr.pipe(out);
    child.on("exit", (code) => fail(new Error(`the stack (${mode}) stopped (exit ${code}): ${log}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    return;
  }
  const killer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  clearTimeout(killer);
}

/** jest's and vitest's JSON reports share this shape. */
interface Report {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

function readReports(files: string[], work: string): Result {
  const result: Result = { passed: 0, total: 0, failures: [] };
  for (const file of files) {
    if (!existsSync(file)) {
      result.broken = `no report ${file}`;
      continue;
    }
    const report = JSON.parse(readFileSync(file, "utf8")) as Report;
    for (const suite of report.testResults) {
      for (const test of suite.assertionResults) {
        result.total++;
        if (test.status === "passed") result.passed++;
        else if (test.status === "failed") result.failures.push(`${relative(work, suite.name)} > ${test.fullName}`);
      }
    }
  }
  result.failures.sort();
  return result;
}

/** A throw-away copy of a suite's files, its node_modules linked. */
function workDir(name: string, sources: string[], nodeModules: string): string {
  const work = mkdtempSync(join(tmpdir(), `uel-peers-${name}-`));
  for (const source of sources) cpSync(source, work, { recursive: true });
  symlinkSync(nodeModules, join(work, "node_modules"));
  return work;
}

async function runPostgrest(out: string): Promise<Result> {
  const dir = join(PEERS, "postgrest");
  const work = workDir("postgrest", [join(dir, "upstream", "packages", "core", "postgrest-js")], join(ROOT, "node_modules"));
  for (const file of ["vitest.config.ts", "jest-shim.ts"]) copyFileSync(join(dir, file), join(work, file));
  const stack = await serve("postgrest", join(out, "postgrest-js.stack.log"));
  try {
    const report = join(out, "postgrest-js.json");
    // Upstream's order: one shared database, files alphabetically (vitest.config.ts).
    await run(process.execPath, [join(work, "node_modules", "vitest", "vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
      cwd: work,
      env: { CI: "true" },
      log: join(out, "postgrest-js.txt"),
      timeoutMs: 25 * MINUTE,
    });
    return readReports([report], work);
  } finally {
    await stop(stack.child);
    rmSync(work, { recursive: true, force: true });
  }
}

async function runJest(suite: "auth" | "storage", out: string, phases: { mode: string; config?: string; report: string }[]): Promise<Result> {
  const work = workDir(suite, [join(PEERS, suite, "upstream")], join(depsDir(suite), "node_modules"));
  const adapted = join(PEERS, suite, "adapted", "clients.ts");
  if (suite === "auth") copyFileSync(adapted, join(work, "packages", "core", "auth-js", "test", "lib", "clients.ts"));
  const reports: string[] = [];
  try {
    for (const phase of phases) {
      const stack = await serve(phase.mode, join(out, `${phase.report}.stack.log`));
      try {
        const report = join(out, `${phase.report}.json`);
        reports.push(report);
        await run(
          process.execPath,
          [join(work, "node_modules", "jest", "bin", "jest.js"), ...(phase.config ? ["--config", phase.config] : []), "--runInBand", "--coverage=false", "--json", `--outputFile=${report}`],
          {
            cwd: join(work, "packages", "core", `${suite}-js`),
            env: {
              SUPABASE_PUBLISHABLE_KEY: stack.keys.publishableKey,
              SUPABASE_SECRET_KEY: stack.keys.secretKey,
              PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
            },
            log: join(out, `${phase.report}.txt`),
            timeoutMs: 30 * MINUTE,
          },
        );
      } finally {
        await stop(stack.child);
      }
    }
    return readReports(reports, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const RUNNERS: Record<SuiteName, (out: string) => Promise<Result>> = {
  "postgrest-js": runPostgrest,
  // Upstream's two jest configurations: the CLI suite, then test/docker-tests.
  "auth-js": (out) =>
    runJest("auth", out, [
      { mode: "auth-cli", config: "jest.config.cli.js", report: "auth-js.cli" },
      { mode: "auth-docker", config: "jest.config.docker.js", report: "auth-js.docker" },
    ]),
  "storage-js": (out) => runJest("storage", out, [{ mode: "storage", report: "storage-js" }]),
};

async function main(): Promise<number> {
  const isolated = args.includes("--isolated");
  if (!isolated) {
    // Installed here, before the namespace, which has no network.
    if (suites.includes("auth-js")) depsDir("auth");
    if (suites.includes("storage-js")) depsDir("storage");
    if (canIsolate()) runIsolated();
    console.log("No private network namespace here (unshare -n): the suites use this machine's ports 54321, 54322, 54331 and 9996-9999.");
  }
  const expected = JSON.parse(readFileSync(EXPECTED, "utf8")) as Expected;
  const out = mkdtempSync(join(tmpdir(), "uel-peers-results-"));
  const results: Partial<Record<SuiteName, Result>> = {};
  let failed = false;
  for (const suite of suites) {
    const started = Date.now();
    console.log(`\n▶ ${suite} (upstream ${expected.upstream})`);
    try {
      results[suite] = await RUNNERS[suite](out);
    } catch (error) {
      results[suite] = { passed: 0, total: 0, failures: [], broken: (error as Error).message };
    }
    const result = results[suite]!;
    const pin = expected.suites[suite];
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`${suite}: ${result.passed}/${result.total} passed (pinned minimum ${pin?.minPassed ?? "none"}) in ${seconds} s`);
    if (result.broken) console.log(`  did not run to the end: ${result.broken}`);
    const known = new Set(pin?.expectedFailures ?? []);
    const newly = result.failures.filter((f) => !known.has(f));
    const fixed = [...known].filter((f) => !result.failures.includes(f));
    if (newly.length) console.log(`  failing, not among the expected failures:\n${newly.map((f) => `    ✗ ${f}`).join("\n")}`);
    if (fixed.length) console.log(`  expected to fail, not failing now (pin again with --pin):\n${fixed.map((f) => `    ✓ ${f}`).join("\n")}`);
    if (result.broken || !pin || result.passed < pin.minPassed) failed = true;
  }
  console.log(`\nReports and logs: ${out}`);
  if (args.includes("--pin")) {
    for (const suite of suites) {
      const { passed, total, failures } = results[suite]!;
      expected.suites[suite] = { minPassed: passed, total, expectedFailures: failures };
    }
    writeFileSync(EXPECTED, `${JSON.stringify(expected, null, 2)}\n`);
    console.log(`Pinned ${suites.join(", ")} in ${relative(ROOT, EXPECTED)}`);
    return 0;
  }
  if (failed) console.error("\nAn upstream suite passed fewer tests than pinned (or did not run): see above.");
  return failed ? 1 : 0;
}

process.exit(await main());
