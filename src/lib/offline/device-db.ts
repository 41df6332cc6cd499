// The account's IndexedDB database, uel-data-<userId> (./names.ts): the answers of its reads
// (to show offline, with the time they were fetched) and the records of the files it keeps
// offline (and the courses kept whole). One connection per page, closed when the database is deleted (sign-out).
import { dataDbName } from "./names.ts";

export type DeviceStore = "reads" | "files" | "courses";
const STORES: [DeviceStore, string][] = [
  ["reads", "key"],
  ["files", "id"],
  ["courses", "courseId"],
];
const VERSION = 1;

let open: { userId: string; db: Promise<IDBDatabase> } | null = null;
/** Set at sign-out: a save still under way must not create the database again once deleted. */
let retired = false;

export function deviceDb(userId: string): Promise<IDBDatabase> {
  if (retired) return Promise.reject(new Error("device data deleted at sign-out"));
  if (open?.userId === userId) return open.db;
  closeDeviceDb();
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dataDbName(userId), VERSION);
    request.onupgradeneeded = () => {
      for (const [name, keyPath] of STORES) {
        if (request.result.objectStoreNames.contains(name)) continue;
        const store = request.result.createObjectStore(name, { keyPath });
        if (name === "reads") store.createIndex("fetchedAt", "fetchedAt");
      }
    };
    request.onsuccess = () => {
      // Another page (or this one) deletes the database: let it.
      request.result.onversionchange = () => {
        request.result.close();
        if (open?.db === db) open = null;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
  open = { userId, db };
  return db;
}

/** Closes the connection for good on this page (signing out: the page is about to leave). */
export function retireDeviceDb(): void {
  retired = true;
  closeDeviceDb();
}

export const isRetired = (): boolean => retired;

export function closeDeviceDb(): void {
  if (!open) return;
  void open.db.then(
    (db) => db.close(),
    () => {},
  );
  open = null;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

async function store(userId: string, name: DeviceStore, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await deviceDb(userId)).transaction(name, mode).objectStore(name);
}

export async function getRecord<T>(userId: string, name: DeviceStore, key: string): Promise<T | undefined> {
  return (await done((await store(userId, name, "readonly")).get(key))) as T | undefined;
}

export async function allRecords<T>(userId: string, name: DeviceStore): Promise<T[]> {
  return (await done((await store(userId, name, "readonly")).getAll())) as T[];
}

export async function putRecord(userId: string, name: DeviceStore, value: object): Promise<void> {
  await done((await store(userId, name, "readwrite")).put(value));
}

export async function deleteRecord(userId: string, name: DeviceStore, key: string): Promise<void> {
  await done((await store(userId, name, "readwrite")).delete(key));
}

/** Drops saved reads older than `maxAgeMs`, then the oldest beyond `maxEntries`. */
export async function pruneReads(userId: string, { maxAgeMs, maxEntries, now = Date.now() }: { maxAgeMs: number; maxEntries: number; now?: number }): Promise<void> {
  const reads = await store(userId, "reads", "readwrite");
  let excess = (await done(reads.count())) - maxEntries;
  await new Promise<void>((resolve, reject) => {
    const cursor = reads.index("fetchedAt").openCursor();
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at || (excess <= 0 && (at.value as { fetchedAt: number }).fetchedAt >= now - maxAgeMs)) return resolve();
      at.delete();
      excess--;
      at.continue();
    };
  });
}
