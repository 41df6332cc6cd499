// What the command line prints and records about a sync (scripts/catalogue-sync.ts and
// npm start): where the run came from, and the report in words.
import { execFileSync } from "node:child_process";
import { COLLECTION_OF } from "./kinds.ts";
import { SYNC_CHANGES, type SyncReport } from "./report.ts";

/** How the audit log names a run: what ran it, and the content's git revision when there is one. */
export function syncSource(runner: string): string {
  try {
    const revision = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return revision ? `${runner} @ ${revision}` : runner;
  } catch {
    return runner; // not a git checkout (a deploy artefact)
  }
}

/** The report as the CLI prints it: one line of counts, then one line per change. */
export function describeReport(report: SyncReport, dryRun = false): string[] {
  if (!report.changes.length) return ["Catalogue: nothing to do, the database is in step with the content."];
  const counts = SYNC_CHANGES.map((c) => `${report.counts[c] ?? 0} ${dryRun ? `to be ${c}` : c}`).join(", ");
  return [
    `Catalogue${dryRun ? " (dry run, nothing written)" : ""}: ${counts}.`,
    ...report.changes.map((c) => {
      const what = `${c.change.padEnd(8)} ${COLLECTION_OF[c.kind]}/${c.slug}`;
      if (c.change === "renamed" && c.from) return `  ${what}: "${c.from.fr}" → "${c.name.fr}", "${c.from.en}" → "${c.name.en}"`;
      return `  ${what}${c.fields.length ? ` (${c.fields.join(", ")})` : ""}`;
    }),
  ];
}
