// Listing a bucket as storage-api lists it, computed from the rows the caller may see (lite
// lists them through RLS): list() is storage.search(), names relative to the prefix with one
// entry per folder; listV2() is storage-api's listObjectsV2 over search_v2 / the plain
// query (cursor pagination, optional folders). The SQL these follow is storage-api's
// migrations/tenant/0050-search-v2-optimised.sql and 0063-fix-search-name-relative-to-prefix.sql.
import { isoTime, type ObjectRow } from "./answers.ts";

type Order = "asc" | "desc";
const DELIMITER = "/";

/** Code-unit order, as COLLATE "C" orders ASCII names. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** storage.get_common_prefix: the key up to the first delimiter after the prefix, or null for a leaf. */
function commonPrefix(key: string, prefix: string): string | null {
  const at = key.indexOf(DELIMITER, prefix.length);
  return at < 0 ? null : key.slice(0, at + 1);
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : 0);

// ---- list (v1) ---------------------------------------------------------------------------

export interface ListOptions {
  prefix?: string;
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: { column?: string; order?: string };
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const folderEntry = (name: string): ListEntry => ({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });

const fileEntry = (row: ObjectRow, name: string): ListEntry => ({
  name,
  id: row.id,
  updated_at: isoTime(row.updated_at),
  created_at: isoTime(row.created_at),
  last_accessed_at: isoTime(row.last_accessed_at),
  metadata: row.metadata ?? null,
});

export function listV1(rows: ObjectRow[], options: ListOptions): ListEntry[] {
  let prefix = options.prefix ?? "";
  if (prefix.length > 0 && !prefix.endsWith(DELIMITER)) prefix += DELIMITER; // a prefix is a folder
  const search = options.search ?? "";
  const start = (prefix + search).toLowerCase();
  const limit = Math.min(options.limit || 100, 1500);
  const offset = options.offset ?? 0;
  const column = ["updated_at", "created_at", "last_accessed_at"].find((c) => c === options.sortBy?.column?.toLowerCase()) ?? "name";
  const asc = (options.sortBy?.order ?? "asc").toLowerCase() === "asc";

  // Folder or file one level below the prefix (matching is case-insensitive: ILIKE / lower()).
  const folders = new Map<string, string>(); // lower(folder/) → its name relative to the prefix
  const files: { row: ObjectRow; name: string }[] = [];
  for (const row of rows) {
    if (!row.name.toLowerCase().startsWith(start)) continue;
    const folder = commonPrefix(row.name, prefix + search);
    if (folder) {
      if (!folders.has(folder.toLowerCase())) folders.set(folder.toLowerCase(), folder.slice(prefix.length, -1));
    } else files.push({ row, name: row.name.slice(prefix.length) });
  }

  let entries: ListEntry[];
  if (column === "name") {
    // One sequence ordered by lower(name), a folder at its own place ("a/" after "a.txt").
    const keyed = [...[...folders].map(([key, name]) => ({ key, entry: folderEntry(name) })), ...files.map(({ row, name }) => ({ key: row.name.toLowerCase(), entry: fileEntry(row, name) }))].sort(
      (a, b) => byCode(a.key, b.key) * (asc ? 1 : -1),
    );
    entries = keyed.map(({ entry }) => entry);
  } else {
    // Folders first (by name), then the files by the column.
    const sign = asc ? 1 : -1;
    const folderNames = [...folders.values()].sort((a, b) => byCode(a, b) * sign);
    const sortedFiles = files.sort((a, b) => (time(a.row[column as keyof ObjectRow] as string) - time(b.row[column as keyof ObjectRow] as string)) * sign || byCode(a.name, b.name));
    entries = [...folderNames.map(folderEntry), ...sortedFiles.map(({ row, name }) => fileEntry(row, name))];
  }
  return entries.slice(offset, offset + limit);
}

// ---- list-v2 -----------------------------------------------------------------------------

export interface ListV2Options {
  prefix?: string;
  limit?: number;
  cursor?: string;
  with_delimiter?: boolean;
  sortBy?: { column?: string; order?: string };
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const CURSOR_PARTS: [string, keyof Cursor][] = [
  ["l", "startAfter"],
  ["o", "sortOrder"],
  ["c", "sortColumn"],
  ["a", "sortColumnAfter"],
];

export function encodeCursor(cursor: Cursor): string {
  const lines = CURSOR_PARTS.filter(([, field]) => cursor[field]).map(([letter, field]) => `${letter}:${cursor[field]}`);
  return Buffer.from(lines.join("\n")).toString("base64");
}

export class InvalidCursor extends Error {}

export function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: "", sortOrder: "asc" };
  for (const part of Buffer.from(token, "base64").toString().split("\n")) {
    const match = /^(\S):(.*)/.exec(part);
    const field = match && CURSOR_PARTS.find(([letter]) => letter === match[1])?.[1];
    if (!match || !field) throw new InvalidCursor("Invalid Parameter continuation token");
    cursor[field] = match[2];
  }
  return cursor;
}

/** A row of search_v2 (with `key`) or of the plain query; folders have id null. */
interface V2Row {
  key?: string;
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
  /** For ordering by time (ms, as date_trunc('milliseconds')). */
  at?: number;
}

const v2Row = (row: ObjectRow): V2Row => ({
  name: row.name,
  id: row.id,
  updated_at: row.updated_at ?? null,
  created_at: row.created_at ?? null,
  last_accessed_at: row.last_accessed_at ?? null,
  metadata: row.metadata ?? null,
});

/** storage.list_objects_with_delimiter: by name, a folder once, resuming after `start`. */
function byNameWithDelimiter(rows: ObjectRow[], prefix: string, maxKeys: number, start: string, order: Order): V2Row[] {
  const all = rows.map((row) => row.name);
  const sorted = rows.filter((row) => row.name.startsWith(prefix)).sort((a, b) => byCode(a.name, b.name));
  const asc = order === "asc";
  // The first name to consider (asc: >= seek; desc: < seek), as the SQL seeks.
  let seek: string;
  if (!start) {
    if (asc) seek = prefix;
    else if (sorted.length) seek = sorted[sorted.length - 1].name + DELIMITER;
    else return [];
  } else {
    const isFolder = all.some((name) => name.startsWith(start + DELIMITER));
    seek = asc ? start + (isFolder ? "0" : DELIMITER) : start + (isFolder ? DELIMITER : "");
  }
  let index = asc ? sorted.findIndex((row) => row.name >= seek) : findLastIndex(sorted, (row) => row.name < seek);
  if (index < 0) index = asc ? sorted.length : -1;
  const out: V2Row[] = [];
  while (out.length < maxKeys && index >= 0 && index < sorted.length) {
    const row = sorted[index];
    const folder = commonPrefix(row.name, prefix);
    if (folder) {
      out.push({ name: folder.slice(0, -1), id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      // Past the folder's range.
      if (asc) while (index < sorted.length && sorted[index].name.startsWith(folder)) index++;
      else while (index >= 0 && sorted[index].name.startsWith(folder)) index--;
    } else {
      out.push(v2Row(row));
      index += asc ? 1 : -1;
    }
  }
  return out;
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

/** storage.search_by_timestamp: folders (dated by their first object) and leaves by a time column. */
function byTimeWithDelimiter(rows: ObjectRow[], prefix: string, maxKeys: number, start: string, order: Order, column: "created_at" | "updated_at", after: string | undefined): V2Row[] {
  const folders = new Map<string, V2Row>();
  const leaves: V2Row[] = [];
  for (const row of rows) {
    if (!row.name.startsWith(prefix)) continue;
    const folder = commonPrefix(row.name, prefix);
    if (!folder) {
      leaves.push({ ...v2Row(row), at: time(row[column]) });
      continue;
    }
    const first = folders.get(folder);
    if (!first || time(row.created_at) < first.at!) {
      folders.set(folder, {
        name: folder.slice(0, -1),
        id: null,
        updated_at: row.created_at ?? null,
        created_at: row.created_at ?? null,
        last_accessed_at: null,
        metadata: null,
        at: time(row.created_at),
      });
    }
  }
  const sign = order === "asc" ? 1 : -1;
  const compare = (a: { at?: number; name: string }, b: { at?: number; name: string }) => (a.at! - b.at!) * sign || byCode(a.name, b.name) * sign;
  const from = { at: after ? Date.parse(after) : 0, name: start };
  return [...folders.values(), ...leaves]
    .filter((row) => !start || compare(row, from) > 0)
    .sort(compare)
    .slice(0, maxKeys);
}

/** The plain listing (no delimiter): every object under the prefix, by name or a time column. */
function withoutDelimiter(rows: ObjectRow[], prefix: string, maxKeys: number, cursor: Cursor | undefined, column: string | undefined, order: Order): V2Row[] {
  const timeColumn = column === "created_at" || column === "updated_at" ? column : undefined;
  const sign = order === "asc" ? 1 : -1;
  const at = (row: ObjectRow) => (timeColumn ? time(row[timeColumn]) : 0);
  const compare = (a: { at: number; name: string }, b: { at: number; name: string }) => (a.at - b.at) * sign || byCode(a.name, b.name) * sign;
  const from = cursor?.startAfter ? { at: timeColumn && cursor.sortColumnAfter ? Date.parse(cursor.sortColumnAfter) : 0, name: cursor.startAfter } : undefined;
  return rows
    .filter((row) => row.name.startsWith(prefix))
    .map((row) => ({ row, at: at(row), name: row.name }))
    .filter((item) => !from || (timeColumn && cursor?.sortColumnAfter ? compare(item, from) > 0 : byCode(item.name, from.name) * sign > 0))
    .sort(compare)
    .slice(0, maxKeys)
    .map(({ row }) => v2Row(row));
}

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: Record<string, unknown>[];
  objects: Record<string, unknown>[];
}

export function listV2(rows: ObjectRow[], options: ListV2Options): ListV2Result {
  const limit = Math.min(options.limit || 1000, 1000);
  const prefix = options.prefix || "";
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const order: Order = (cursor?.sortOrder || options.sortBy?.order) === "desc" ? "desc" : "asc";
  const column = cursor?.sortColumn || options.sortBy?.column;
  const maxKeys = limit + 1;

  let results: V2Row[];
  if (!options.with_delimiter) {
    results = withoutDelimiter(rows, prefix, maxKeys, cursor, column, order);
  } else {
    const levels = prefix ? prefix.split(DELIMITER).length : 1;
    const start = cursor?.startAfter ?? "";
    const found =
      column === "created_at" || column === "updated_at"
        ? byTimeWithDelimiter(rows, prefix, Math.min(maxKeys, 1500), start, order, column, cursor?.sortColumnAfter)
        : byNameWithDelimiter(rows, prefix, Math.min(maxKeys, 1500), start, order);
    results = found.map((row) => ({ key: row.name.split(DELIMITER)[levels - 1] ?? "", ...row }));
  }

  const hasNext = results.length > limit;
  const page = results.slice(0, limit);
  const folders: Record<string, unknown>[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const { at: _at, ...row } of page) {
    const json = {
      ...row,
      updated_at: isoTime(row.updated_at),
      created_at: isoTime(row.created_at),
      last_accessed_at: isoTime(row.last_accessed_at),
    };
    if (row.id === null) folders.push({ ...json, name: row.name.endsWith(DELIMITER) ? row.name : row.name + DELIMITER });
    else objects.push(json);
  }
  const result: ListV2Result = { hasNext, folders, objects };
  if (hasNext) {
    const last = page[page.length - 1];
    const sortColumn = column as Cursor["sortColumn"];
    const lastTime = sortColumn && sortColumn !== "name" ? (last[sortColumn as "created_at" | "updated_at"] ?? undefined) : undefined;
    result.nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || options.sortBy?.order,
      sortColumn,
      sortColumnAfter: lastTime ? new Date(lastTime).toISOString() : undefined,
    });
    result.nextCursorKey = last.name;
  }
  return result;
}
