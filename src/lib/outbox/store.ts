// The outbox kept on the device: one IndexedDB database per user, `uel-outbox-<userId>`, one
// object store of items by key; files are stored as Blobs inside the items (IndexedDB keeps
// them as they are). A few calls on the raw API: no library for four operations.
import type { OutboxItem } from "./queue.ts";

const STORE = "items";

/** The database's name, for whoever clears the device's data at sign-out. */
export const outboxDatabaseName = (userId: string) => `uel-outbox-${userId}`;

export interface OutboxStore<W> {
  all(): Promise<OutboxItem<W>[]>;
  put(item: OutboxItem<W>): Promise<void>;
  remove(key: string): Promise<void>;
  close(): void;
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ("oncomplete" in request) {
      request.oncomplete = () => resolve();
      request.onabort = request.onerror = () => reject(request.error ?? new Error("outbox: transaction aborted"));
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });

/** Opens (creating on first use) the user's outbox; rejects where IndexedDB is unavailable. */
export async function openOutboxStore<W>(userId: string, idb: IDBFactory | undefined = globalThis.indexedDB): Promise<OutboxStore<W>> {
  if (!idb) throw new Error("outbox: IndexedDB is not available");
  const request = idb.open(outboxDatabaseName(userId), 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
  await done(request);
  const db = request.result;
  // Clearing the device's data at sign-out deletes the database: this tab lets it go.
  db.onversionchange = () => db.close();
  const write = async (change: (store: IDBObjectStore) => void) => {
    const tx = db.transaction(STORE, "readwrite");
    change(tx.objectStore(STORE));
    await done(tx);
  };
  return {
    async all() {
      const read = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
      await done(read);
      return read.result as OutboxItem<W>[];
    },
    put: (item) => write((store) => store.put(item)),
    remove: (key) => write((store) => store.delete(key)),
    close: () => db.close(),
  };
}
