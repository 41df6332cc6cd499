// The signed-in account's device data, started once the application knows who is signed in:
// its reads are saved to (and read back from) uel-data-<userId>, what another account left
// on this browser is deleted, and saved reads unused for a month (or beyond 500) go.
import { afterLoad } from "../after-load.ts";
import { getRecord, pruneReads, putRecord } from "./device-db.ts";
import { setSavedReads, type SavedRead } from "./read-through.ts";

export const SAVED_READS_MAX_AGE_MS = 30 * 86_400_000;
export const SAVED_READS_MAX = 500;

let current: string | null = null;

export function openAccountDevice(userId: string): void {
  if (current === userId || typeof indexedDB === "undefined") return;
  current = userId;
  setSavedReads({
    get: (key) => getRecord<SavedRead>(userId, "reads", key),
    put: (read) => putRecord(userId, "reads", read),
  });
  // Once the page has loaded (its code, shared with sign-out, does not hold up the first page).
  void afterLoad()
    .then(() => import("./device-clear.ts"))
    .then(({ forgetOtherAccounts }) => forgetOtherAccounts(userId))
    .catch(() => {});
  void pruneReads(userId, { maxAgeMs: SAVED_READS_MAX_AGE_MS, maxEntries: SAVED_READS_MAX }).catch(() => {});
}
