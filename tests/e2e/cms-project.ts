// A throw-away copy of the site for the CMS tests: what Keystatic writes in local mode
// (src/content, src/assets) and what a build of it outputs stay in a temp folder, never
// in the checkout. src/, public/ and the config files are copied; node_modules is a
// folder of links to the checkout's packages, so Astro's and Vite's caches (which live in
// node_modules/) land in the copy too.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const CHECKOUT = resolve(import.meta.dirname, "../..");
const COPIED = ["src", "public", "astro.config.mjs", "keystatic.config.ts", "package.json", "tsconfig.json"];

export interface CmsProject {
  /** The copy's root: its src/content is what the CMS edits. */
  dir: string;
  /** `astro build` of the copy into <dir>/dist; returns how long it took (ms). */
  build(env: Record<string, string>): Promise<number>;
  /** src/server/serve.ts in the copy (cwd = the copy, so local mode writes there). */
  serve(options: { dist: string; host?: string; env?: Record<string, string> }): Promise<{ url: string; stop: () => Promise<void> }>;
  remove(): void;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : child.once("exit", (code) => done(code))));
}

export function createCmsProject(): CmsProject {
  const dir = mkdtempSync(join(tmpdir(), "uel-cms-"));
  for (const name of COPIED) cpSync(join(CHECKOUT, name), join(dir, name), { recursive: true });
  mkdirSync(join(dir, "node_modules"));
  for (const name of readdirSync(join(CHECKOUT, "node_modules"))) {
    // The checkout's caches (.astro*, .vite, .cache) stay out: the copy makes its own.
    if (name.startsWith(".") && name !== ".bin") continue;
    symlinkSync(join(CHECKOUT, "node_modules", name), join(dir, "node_modules", name));
  }
  const children = new Set<ChildProcess>();

  return {
    dir,
    async build(env) {
      const started = performance.now();
      const child = spawn(process.execPath, [join(dir, "node_modules/astro/bin/astro.mjs"), "build"], {
        cwd: dir,
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ...env },
      });
      let errors = "";
      child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      const code = await exited(child);
      if (code !== 0) throw new Error(`astro build of the CMS copy failed:\n${errors}`);
      return performance.now() - started;
    },
    async serve({ dist, host = "127.0.0.1", env = {} }) {
      const port = await freePort();
      const child = spawn(process.execPath, [join(CHECKOUT, "src/server/serve.ts"), resolve(dir, dist)], {
        cwd: dir,
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, ...env, HOST: host, PORT: String(port) },
      });
      children.add(child);
      await new Promise<void>((ready, fail) => {
        child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && ready());
        child.once("exit", (code) => fail(new Error(`the site server stopped (exit ${code})`)));
      });
      return {
        url: `http://127.0.0.1:${port}`,
        stop: async () => {
          child.kill("SIGTERM");
          await exited(child);
          children.delete(child);
        },
      };
    },
    remove() {
      for (const child of children) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
