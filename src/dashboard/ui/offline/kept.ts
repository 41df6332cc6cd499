// The files and courses the signed-in student keeps offline, as one store the course pages
// read (records from uel-data-<userId>, see lib/offline/kept-files.ts), and the actions that
// change them. A file is downloaded with the session by the page's own `download` (the
// bucket's rules apply), then kept.
import { atom } from "nanostores";
import { forgetCourse, forgetFile, keepCourse, keepFile, listKeptCourses, listKeptFiles, type KeptFile } from "../../../lib/offline/kept-files.ts";

export const MATERIALS_BUCKET = "course-materials";

export interface KeptState {
  files: KeptFile[];
  courses: string[];
  /** Ids (bucket/path) being downloaded now. */
  busy: string[];
  loaded: boolean;
}

export const $kept = atom<KeptState>({ files: [], courses: [], busy: [], loaded: false });

export interface KeepableFile {
  title: string;
  storage_path: string | null;
}
export type Download = (path: string) => Promise<Blob>;

const idOf = (path: string) => `${MATERIALS_BUCKET}/${path}`;

export async function reloadKept(userId: string): Promise<void> {
  const [files, courses] = await Promise.all([listKeptFiles(userId), listKeptCourses(userId)]);
  $kept.set({ ...$kept.get(), files, courses: courses.map((c) => c.courseId), loaded: true });
}

function setBusy(id: string, busy: boolean): void {
  const now = $kept.get();
  $kept.set({ ...now, busy: busy ? [...now.busy, id] : now.busy.filter((b) => b !== id) });
}

async function keepOne(userId: string, courseId: string, file: KeepableFile, download: Download): Promise<void> {
  const path = file.storage_path;
  if (!path || $kept.get().files.some((f) => f.path === path) || $kept.get().busy.includes(idOf(path))) return;
  setBusy(idOf(path), true);
  try {
    const blob = await download(path);
    await keepFile(userId, { bucket: MATERIALS_BUCKET, path, courseId, title: file.title }, blob);
  } finally {
    setBusy(idOf(path), false);
  }
}

export async function setFileKept(userId: string, courseId: string, file: KeepableFile, download: Download, keep: boolean): Promise<void> {
  try {
    if (keep) await keepOne(userId, courseId, file, download);
    else if (file.storage_path) await forgetFile(userId, MATERIALS_BUCKET, file.storage_path);
  } finally {
    await reloadKept(userId);
  }
}

/** Keeps every file of the course (one at a time: a bad line is not flooded), or forgets them all. */
export async function setCourseKept(userId: string, courseId: string, files: readonly KeepableFile[], download: Download, keep: boolean): Promise<void> {
  try {
    if (keep) {
      await keepCourse(userId, courseId);
      await reloadKept(userId);
      await keepMissing(userId, courseId, files, download);
    } else {
      await forgetCourse(userId, courseId);
    }
  } finally {
    await reloadKept(userId);
  }
}

const syncing = new Set<string>();

/** A course kept whole, opened online: its files not yet on the device are downloaded (once at a time). */
export async function keepMissing(userId: string, courseId: string, files: readonly KeepableFile[], download: Download): Promise<void> {
  if (syncing.has(courseId)) return;
  syncing.add(courseId);
  try {
    for (const file of files) await keepOne(userId, courseId, file, download);
  } finally {
    syncing.delete(courseId);
    await reloadKept(userId);
  }
}
