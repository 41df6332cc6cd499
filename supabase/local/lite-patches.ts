// Patches of @supabase/lite's bundle where its emulation differs from PostgREST, GoTrue or
// storage-api at the root (how it resolves a request, the SQL it generates, a check it makes,
// the answer it writes), each held against the real server's source and its client's own
// test suite (tests/peers/). Applied by `npm install`
// (postinstall: `node supabase/local/lite-patches.ts`); the local stack refuses to start
// without them. Each patch replaces one exact piece of the bundle of the version pinned in
// package-lock.json and leaves a /*uel:name*/ marker, so applying twice changes nothing, a
// patch changed since is applied again from lite's own code, and a new lite version whose
// code moved fails loudly here instead of silently differing. The patches, by subject, are
// in lite-patches/; they never overlap (each one's text stays whole in the bundle).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AUTH_PATCHES } from "./lite-patches/auth.ts";
import { EMBEDS_PATCHES } from "./lite-patches/embeds.ts";
import type { Patch } from "./lite-patches/patch.ts";
import { READS_PATCHES } from "./lite-patches/reads.ts";
import { RPC_PATCHES } from "./lite-patches/rpc.ts";
import { STORAGE_PATCHES } from "./lite-patches/storage.ts";
import { VALUES_PATCHES } from "./lite-patches/values.ts";
import { WRITES_PATCHES } from "./lite-patches/writes.ts";

export const LITE_PATCHES: Patch[] = [...VALUES_PATCHES, ...EMBEDS_PATCHES, ...READS_PATCHES, ...WRITES_PATCHES, ...RPC_PATCHES, ...STORAGE_PATCHES, ...AUTH_PATCHES];

function bundlePath(): string {
  // The package exports ESM only, without ./package.json: find it from the project root.
  return join(dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", "@supabase", "lite", "dist", "index.js");
}

const marker = (patch: Patch) => `/*uel:${patch.name}*/`;

/** Names of the patches the bundle lacks, or carries in an older form. */
function missingIn(source: string): Patch[] {
  return LITE_PATCHES.filter((patch) => !source.includes(patch.replace));
}

/** Names of the patches the installed bundle lacks, or carries in an older form. */
export function missingLitePatches(): string[] {
  return missingIn(readFileSync(bundlePath(), "utf8")).map((patch) => patch.name);
}

/** Whether the bundle holds a patch that has since changed or been dropped. */
function holdsStalePatches(source: string): boolean {
  const current = new Set(LITE_PATCHES.map((patch) => patch.name));
  const held = [...source.matchAll(/\/\*uel:([\w-]+)\*\//g)].map((match) => match[1]);
  return held.some((name) => !current.has(name)) || missingIn(source).some((patch) => source.includes(marker(patch)));
}

/**
 * Applies the missing patches; throws, changing nothing, if one no longer fits the bundle.
 * Lite's own bundle is kept beside it (index.js.unpatched) the first time, so that a patch
 * changed here is applied again from lite's code instead of over its older form.
 */
export function applyLitePatches(): string[] {
  const file = bundlePath();
  const original = `${file}.unpatched`;
  let source = readFileSync(file, "utf8");
  if (!source.includes("/*uel:")) writeFileSync(original, source);
  else if (holdsStalePatches(source)) {
    if (!existsSync(original)) {
      throw new Error("@supabase/lite holds older local patches and no copy of its own bundle: rm -rf node_modules/@supabase/lite && npm install");
    }
    source = readFileSync(original, "utf8");
  }
  const applied: string[] = [];
  for (const patch of missingIn(source)) {
    const at = source.indexOf(patch.find);
    if (at < 0 || source.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`@supabase/lite changed: patch "${patch.name}" no longer applies (supabase/local/lite-patches/). ${patch.why}`);
    }
    source = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
    applied.push(patch.name);
  }
  if (applied.length) writeFileSync(file, source);
  return applied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const applied = applyLitePatches();
  console.log(applied.length ? `@supabase/lite: applied ${applied.join(", ")}` : "@supabase/lite: patches already applied");
}
