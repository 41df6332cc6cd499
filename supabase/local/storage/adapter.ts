// Where the local stack keeps uploaded files. @supabase/lite's storage API decides who may
// do what (through the RLS policies on storage.objects) and records each object in the
// database; this adapter only holds the bytes: in memory for tests, or on disk under the
// stack's data folder so `npm start` keeps uploads across restarts.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import type { App } from "@supabase/lite";

// lite does not export the interface by name; it is the type of App._storageAdapter.
type StorageAdapter = NonNullable<App["_storageAdapter"]>;

type ObjectMetadata = Awaited<ReturnType<StorageAdapter["headObject"]>>;
type Body = Parameters<StorageAdapter["uploadObject"]>[3];

interface Stored {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  lastModified: Date;
  eTag: string;
}

class NotFound extends Error {
  readonly httpStatusCode = 404;
  constructor(bucket: string, key: string) {
    super(`Object not found: ${bucket}/${key}`);
  }
}

async function toBytes(body: Body): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(typeof value === "string" ? new TextEncoder().encode(value) : value);
  }
  return Buffer.concat(chunks);
}

function metadata(object: Stored): ObjectMetadata {
  return {
    cacheControl: object.cacheControl,
    contentLength: object.bytes.byteLength,
    size: object.bytes.byteLength,
    mimetype: object.contentType,
    lastModified: object.lastModified,
    eTag: object.eTag,
    httpStatusCode: 200,
  };
}

/** Files in a Map, optionally mirrored to `dir` so they survive a restart. */
export function createLocalStorageAdapter(dir?: string): StorageAdapter {
  const memory = new Map<string, Stored>();
  // lite uploads without a version and reads back with the version it recorded; one copy
  // per object is all a local stack needs, so versions are not part of the key.
  const id = (bucket: string, key: string, _version?: string) => `${bucket}/${key}`;
  // Bytes under <dir>/objects, metadata under <dir>/meta, so no object name can collide
  // with another object's metadata.
  const inside = (tree: string, objectId: string) => {
    const root = resolve(dir!, tree);
    const path = resolve(root, objectId);
    if (!path.startsWith(root + sep)) throw new Error(`Refusing a storage key outside the data folder: ${objectId}`);
    return path;
  };
  const pathOf = (objectId: string) => inside("objects", objectId);
  const metaOf = (objectId: string) => `${inside("meta", objectId)}.json`;

  const read = (objectId: string): Stored | undefined => {
    const cached = memory.get(objectId);
    if (cached || !dir) return cached;
    const path = pathOf(objectId);
    if (!existsSync(path)) return undefined;
    const meta = JSON.parse(readFileSync(metaOf(objectId), "utf8"));
    const stored = { ...meta, lastModified: new Date(meta.lastModified), bytes: new Uint8Array(readFileSync(path)) };
    memory.set(objectId, stored);
    return stored;
  };
  const write = (objectId: string, stored: Stored) => {
    memory.set(objectId, stored);
    if (!dir) return;
    const path = pathOf(objectId);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, stored.bytes);
    const { bytes: _bytes, ...meta } = stored;
    mkdirSync(dirname(metaOf(objectId)), { recursive: true });
    writeFileSync(metaOf(objectId), JSON.stringify(meta));
  };
  const remove = (objectId: string) => {
    memory.delete(objectId);
    if (!dir) return;
    const path = pathOf(objectId);
    rmSync(path, { force: true });
    rmSync(metaOf(objectId), { force: true });
  };

  return {
    driver: dir ? "local-disk" : "local-memory",
    async getObject(bucket, key, version) {
      const object = read(id(bucket, key, version));
      if (!object) throw new NotFound(bucket, key);
      return { metadata: metadata(object), httpStatusCode: 200, body: Buffer.from(object.bytes) };
    },
    async uploadObject(bucket, key, version, body, contentType, cacheControl) {
      const bytes = await toBytes(body);
      const stored: Stored = {
        bytes,
        contentType,
        cacheControl,
        lastModified: new Date(),
        eTag: `"${createHash("md5").update(bytes).digest("hex")}"`,
      };
      write(id(bucket, key, version), stored);
      return metadata(stored);
    },
    async deleteObject(bucket, key, version) {
      remove(id(bucket, key, version));
    },
    async deleteObjects(bucket, prefixes) {
      for (const prefix of prefixes) {
        remove(id(bucket, prefix));
      }
    },
    async copyObject(sourceBucket, source, version, destinationBucket, destination, destinationVersion) {
      const object = read(id(sourceBucket, source, version));
      if (!object) throw new NotFound(sourceBucket, source);
      const copy = { ...object, lastModified: new Date() };
      write(id(destinationBucket, destination, destinationVersion), copy);
      return { httpStatusCode: 200, eTag: copy.eTag, lastModified: copy.lastModified };
    },
    async headObject(bucket, key, version) {
      const object = read(id(bucket, key, version));
      if (!object) throw new NotFound(bucket, key);
      return metadata(object);
    },
    async privateAssetUrl(bucket, key, version) {
      return dir ? `file://${pathOf(id(bucket, key, version))}` : `memory://${id(bucket, key, version)}`;
    },
  };
}

/** The storage folder of a stack's data folder. */
export const storageDirOf = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, "")}-storage`;
