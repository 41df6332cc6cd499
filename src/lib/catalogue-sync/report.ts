// What public.sync_catalogue and public.catalogue_sync_preview answer: the counts, and one
// change per entry added, renamed, updated, archived or restored.
import * as z from "zod/mini";
import { CATALOGUE_KINDS } from "./kinds.ts";

export const SYNC_CHANGES = ["added", "renamed", "updated", "archived", "restored"] as const;
export type SyncChangeKind = (typeof SYNC_CHANGES)[number];

const names = z.object({ fr: z.string(), en: z.string() });
const change = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  slug: z.string(),
  change: z.enum(SYNC_CHANGES),
  /** The columns that differ (name_fr, parent, position, levels…). */
  fields: z.array(z.string()),
  name: names,
  /** The names before, when renamed. */
  from: z.optional(names),
});
export type SyncChange = z.infer<typeof change>;

export const syncReport = z.object({
  counts: z.record(z.enum(SYNC_CHANGES), z.number()),
  changes: z.array(change),
});
export type SyncReport = z.infer<typeof syncReport>;

/** Nothing to add, rename, update, archive or restore. */
export const inStep = (report: SyncReport): boolean => report.changes.length === 0;
