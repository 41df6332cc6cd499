// Finds the system Chromium for Playwright: CHROMIUM_PATH, else /usr/bin/chromium, else
// Debian's package when apt-get is usable. Never downloads a browser of its own.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/** Returns the Chromium path, installing Debian's chromium if needed and possible; else null. */
export function ensureChromium(log = console.log): string | null {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const canApt = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0;
  if (!canApt || process.env.CHROMIUM_PATH) return null;
  log("Chromium not found: installing Debian's chromium with apt-get…");
  const update = spawnSync("apt-get", ["update"], { stdio: "inherit" });
  const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit" });
  return install && install.status === 0 && existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : null;
}
