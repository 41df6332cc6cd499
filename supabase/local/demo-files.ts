// The demo's files: the objects the seed points at (the demo student's bank slip, a few
// course handouts), kept in supabase/seeds/files/<bucket>/<folder>/<file> and put into
// storage once the database holds the demo. SQL seeds cannot upload bytes, so the local
// stack does it here (and `npm run seed:files` for a hosted project).
//
// <folder> is what the bucket's rules want first in an object's name: for bank-slips the
// student's uid, as written; for course-materials the course, written by its code (course
// ids are drawn when the seed runs) and replaced by its id. The object's owner is the
// person who would have uploaded it: the student, the course's teacher.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { App } from "@supabase/lite";
import type { PGlite } from "@electric-sql/pglite";
import { SUPABASE_DIR } from "./paths.ts";

export const DEMO_FILES_DIR = join(SUPABASE_DIR, "seeds", "files");

export interface DemoFile {
  bucket: string;
  /** The folder as written in the repo (a uid, a course code). */
  folder: string;
  /** The rest of the object's name, after the folder. */
  rest: string;
  file: string;
  contentType: string;
}

export interface PlacedFile extends DemoFile {
  /** The object's name in its bucket. */
  name: string;
  owner: string | null;
}

const TYPES: Record<string, string> = { ".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

/** Every file under supabase/seeds/files, by bucket and folder. */
export function listDemoFiles(dir = DEMO_FILES_DIR): DemoFile[] {
  if (!existsSync(dir)) return [];
  const files: DemoFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (TYPES[extname(entry.name).toLowerCase()]) {
        const [bucket, folder, ...rest] = path.split("/");
        if (bucket && folder && rest.length) files.push({ bucket, folder, rest: rest.join("/"), file: join(dir, path), contentType: TYPES[extname(entry.name).toLowerCase()]! });
      }
    }
  };
  walk("");
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** Who a folder belongs to; undefined when the database has no such student or course. */
export interface FolderLookup {
  course(code: string): Promise<{ id: string; teacher_id: string | null } | undefined>;
  profileExists(id: string): Promise<boolean>;
}

/** The files whose folder exists in this database, with their object names and owners. */
export async function placeDemoFiles(files: DemoFile[], lookup: FolderLookup): Promise<PlacedFile[]> {
  const placed: PlacedFile[] = [];
  // A folder holds several files: each is looked up once.
  const courses = new Map<string, ReturnType<FolderLookup["course"]>>();
  const profiles = new Map<string, Promise<boolean>>();
  for (const file of files) {
    if (file.bucket === "course-materials") {
      if (!courses.has(file.folder)) courses.set(file.folder, lookup.course(file.folder));
      const course = await courses.get(file.folder)!;
      if (course) placed.push({ ...file, name: `${course.id}/${file.rest}`, owner: course.teacher_id });
    } else {
      if (!profiles.has(file.folder)) profiles.set(file.folder, lookup.profileExists(file.folder));
      if (await profiles.get(file.folder)!) placed.push({ ...file, name: `${file.folder}/${file.rest}`, owner: file.folder });
    }
  }
  return placed;
}

/** Lookups straight in the local database. */
export function sqlLookup(db: Pick<PGlite, "query">): FolderLookup {
  return {
    async course(code) {
      return (await db.query<{ id: string; teacher_id: string | null }>("select id, teacher_id from public.courses where code = $1", [code])).rows[0];
    },
    async profileExists(id) {
      return (await db.query("select 1 from public.profiles where id::text = $1", [id])).rows.length > 0;
    },
  };
}

/**
 * Puts each demo file the database lacks into the local stack's storage: through lite's
 * storage API as the service role (the object's row written as any upload writes it), then
 * owned by its uploader. An object whose row and bytes are both there is left alone, so a
 * restart of `npm start` does nothing; a stack loaded from a dumped database (rows there,
 * bytes not: they live outside the database), as every test file's is, gets its bytes
 * back straight into the store, the row being already what the upload wrote.
 */
export async function ensureDemoFiles(app: App, db: Pick<PGlite, "query">, secretKey: string): Promise<number> {
  const adapter = app._storageAdapter;
  if (!adapter) return 0;
  const placed = await placeDemoFiles(listDemoFiles(), sqlLookup(db));
  const rows = new Map(
    (
      await db.query<{ bucket_id: string; name: string; version: string | null; mimetype: string | null }>(
        "select bucket_id, name, version, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = any ($1::text[])",
        [[...new Set(placed.map((f) => f.bucket))]],
      )
    ).rows.map((r) => [`${r.bucket_id}/${r.name}`, r]),
  );
  let uploaded = 0;
  for (const file of placed) {
    const row = rows.get(`${file.bucket}/${file.name}`);
    if (row) {
      if (
        await adapter.headObject(file.bucket, file.name, row.version ?? undefined).then(
          () => true,
          () => false,
        )
      )
        continue;
      await adapter.uploadObject(file.bucket, file.name, row.version ?? undefined, new Uint8Array(readFileSync(file.file)), row.mimetype ?? file.contentType, "max-age=3600");
      uploaded++;
      continue;
    }
    const response = await app.fetch(
      new Request(`http://in-process/storage/v1/object/${file.bucket}/${file.name.split("/").map(encodeURIComponent).join("/")}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, apikey: secretKey, "content-type": file.contentType, "x-upsert": "true" },
        body: new Uint8Array(readFileSync(file.file)),
      }),
    );
    if (!response.ok) throw new Error(`uploading the demo file ${file.bucket}/${file.name}: ${response.status} ${await response.text()}`);
    await db.query("update storage.objects set owner = $3::uuid, owner_id = $3 where bucket_id = $1 and name = $2", [file.bucket, file.name, file.owner]);
    uploaded++;
  }
  return uploaded;
}
