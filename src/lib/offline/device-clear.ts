// Deleting the account data kept on this device: at every sign-out (the next person on a
// shared phone finds nothing), and another account's leftovers when someone signs in.
// Deletes by name (./names.ts), so the outbox's uel-outbox-<id> goes too; the service
// worker's code caches stay.
import { isAccountStore, isOtherAccountStore } from "./names.ts";
import { retireDeviceDb } from "./device-db.ts";

type Keep = (name: string) => boolean;

async function deleteStores(select: Keep): Promise<string[]> {
  const deleted: string[] = [];
  const work: Promise<unknown>[] = [];
  if (typeof indexedDB !== "undefined" && typeof indexedDB.databases === "function") {
    for (const { name } of await indexedDB.databases().catch(() => [])) {
      if (!name || !select(name)) continue;
      deleted.push(name);
      work.push(deleteDatabase(name));
    }
  }
  if (typeof caches !== "undefined") {
    for (const name of await caches.keys().catch(() => [] as string[])) {
      if (!select(name)) continue;
      deleted.push(name);
      work.push(caches.delete(name).catch(() => false));
    }
  }
  await Promise.all(work);
  return deleted;
}

/**
 * Resolves once deleted, or once blocked by a connection another script of this page holds
 * open: the browser then deletes it as soon as that closes (at the latest when the page
 * that signs out navigates away), and nothing can open it meanwhile.
 */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((done) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => done();
  });
}

/** Every IndexedDB database and Cache Storage cache of an account ("uel-", not "uel-sw-"); their names. */
export async function clearDeviceData(): Promise<string[]> {
  retireDeviceDb();
  return deleteStores(isAccountStore);
}

/** What another account left (signed out without this site, or its session expired). */
export function forgetOtherAccounts(userId: string): Promise<string[]> {
  return deleteStores((name) => isOtherAccountStore(name, userId));
}
