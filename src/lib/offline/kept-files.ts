// Files a student chose to keep offline ("Disponible hors ligne", issue 24): the bytes in
// Cache Storage uel-files-<userId>, under a same-origin address that is only a key (never
// fetched), and a record per file in uel-data-<userId> (course, title, size, when kept), so
// the page can say how much space they use without reading them. A storage object's path
// never changes content (each upload gets a new random prefix), so a kept copy is always
// the file itself and is used even online: nothing downloaded twice on a bad line.
import { allRecords, deleteRecord, getRecord, isRetired, putRecord } from "./device-db.ts";
import { filesCacheName } from "./names.ts";

export interface KeptFile {
  /** bucket/path */
  id: string;
  bucket: string;
  path: string;
  courseId: string;
  title: string;
  size: number;
  keptAt: number;
}

export interface KeptCourse {
  courseId: string;
  keptAt: number;
}

export const keptFileId = (bucket: string, path: string): string => `${bucket}/${path}`;
/** The Cache Storage key of a kept file. */
export const keptFileUrl = (origin: string, bucket: string, path: string): string => `${origin}/offline-files/${encodeURIComponent(bucket)}/${path.split("/").map(encodeURIComponent).join("/")}`;

const keyOf = (bucket: string, path: string) => keptFileUrl(location.origin, bucket, path);

function ensureActive(): void {
  if (isRetired()) throw new Error("signed out");
}

/** Keeps a file's bytes on the device; asks the browser once not to evict the site's storage. */
export async function keepFile(userId: string, file: Omit<KeptFile, "id" | "size" | "keptAt">, blob: Blob, now = Date.now()): Promise<KeptFile> {
  ensureActive();
  const cache = await caches.open(filesCacheName(userId));
  await cache.put(keyOf(file.bucket, file.path), new Response(blob, { headers: { "content-type": blob.type || "application/octet-stream" } }));
  const record: KeptFile = { ...file, id: keptFileId(file.bucket, file.path), size: blob.size, keptAt: now };
  await putRecord(userId, "files", record);
  void navigator.storage?.persist?.().catch(() => false);
  return record;
}

/** The kept copy of a file, or null. */
export async function keptBlob(userId: string, bucket: string, path: string): Promise<Blob | null> {
  if (isRetired() || typeof caches === "undefined") return null;
  const cache = await caches.open(filesCacheName(userId));
  const hit = await cache.match(keyOf(bucket, path));
  return hit ? hit.blob() : null;
}

export async function forgetFile(userId: string, bucket: string, path: string): Promise<void> {
  ensureActive();
  const cache = await caches.open(filesCacheName(userId));
  await cache.delete(keyOf(bucket, path));
  await deleteRecord(userId, "files", keptFileId(bucket, path));
}

export const listKeptFiles = (userId: string): Promise<KeptFile[]> => allRecords<KeptFile>(userId, "files");
export const listKeptCourses = (userId: string): Promise<KeptCourse[]> => allRecords<KeptCourse>(userId, "courses");
export const isCourseKept = async (userId: string, courseId: string): Promise<boolean> => Boolean(await getRecord<KeptCourse>(userId, "courses", courseId));

export async function keepCourse(userId: string, courseId: string, now = Date.now()): Promise<void> {
  ensureActive();
  await putRecord(userId, "courses", { courseId, keptAt: now });
}

/** The course is no longer kept whole: its files go too. */
export async function forgetCourse(userId: string, courseId: string): Promise<void> {
  ensureActive();
  await deleteRecord(userId, "courses", courseId);
  for (const file of await listKeptFiles(userId)) if (file.courseId === courseId) await forgetFile(userId, file.bucket, file.path);
}

/** Bytes of the kept files, in total and per course (from the records: nothing read). */
export function keptSpace(files: readonly KeptFile[]): { total: number; count: number; byCourse: Map<string, { bytes: number; count: number }> } {
  const byCourse = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (const file of files) {
    total += file.size;
    const course = byCourse.get(file.courseId) ?? { bytes: 0, count: 0 };
    course.bytes += file.size;
    course.count += 1;
    byCourse.set(file.courseId, course);
  }
  return { total, count: files.length, byCourse };
}

/** What the browser says the site uses and may use on this device, when it says. */
export async function deviceStorage(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.usage !== undefined && estimate.quota !== undefined ? { usage: estimate.usage, quota: estimate.quota } : null;
  } catch {
    return null;
  }
}
