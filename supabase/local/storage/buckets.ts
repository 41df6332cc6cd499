// Bucket routes as storage-api takes and answers them:
// - a new bucket may be given by name alone; a file size limit may be given as a string ("1mb", "20MB": storage-api's
//   parseFileSizeToBytes), and null clears a limit or the allowed types; lite's schema took
//   numbers only. A limit above the global one is refused, as storage-api refuses it;
// - a bucket is answered with storage-api's columns (no owner_id; `type` in the list) and
//   its timestamps as node-postgres serialises them (2021-02-17T04:43:32.770Z); the list
//   takes storage-api's search, sortColumn, sortOrder, limit and offset.
import type { LocalContext } from "../context.ts";
import { isoTime, jsonBody, reshape, storageError, type Lite } from "./answers.ts";

/** The global upload limit: the Supabase CLI's default ([storage] file_size_limit = "50MiB"). */
export const GLOBAL_FILE_SIZE_LIMIT = "50MiB";
const GLOBAL_LIMIT_BYTES = 50 * 1024 * 1024;

/** storage-api's parseFileSizeToBytes; undefined when the text is not a size. */
export function parseFileSize(text: string): number | undefined {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!match) return undefined;
  const value = +parseFloat(match[1]).toPrecision(3);
  return value * { GB: 1e9, MB: 1e6, KB: 1000, B: 1 }[match[2].toUpperCase() as "GB" | "MB" | "KB" | "B"];
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

const bucketJson = (b: BucketRow) => ({
  id: b.id,
  name: b.name,
  owner: b.owner ?? "",
  public: b.public,
  created_at: isoTime(b.created_at),
  updated_at: isoTime(b.updated_at),
  file_size_limit: b.file_size_limit === null || b.file_size_limit === undefined ? null : Number(b.file_size_limit),
  allowed_mime_types: b.allowed_mime_types ?? null,
});

const SORTABLE = new Set(["id", "name", "created_at", "updated_at"]);

function listed(buckets: BucketRow[], query: URLSearchParams) {
  let out = buckets.map((b) => ({ ...bucketJson(b), type: "STANDARD" }));
  const search = query.get("search");
  if (search) out = out.filter((b) => b.name.toLowerCase().includes(search.toLowerCase()));
  const column = query.get("sortColumn");
  if (column && SORTABLE.has(column)) {
    const sign = query.get("sortOrder")?.toLowerCase() === "desc" ? -1 : 1;
    out.sort((a, b) => String(a[column as keyof typeof a]).localeCompare(String(b[column as keyof typeof b])) * sign);
  }
  const offset = Number(query.get("offset") ?? 0) || 0;
  const limit = query.has("limit") ? Number(query.get("limit")) : undefined;
  return out.slice(offset, limit === undefined ? undefined : offset + limit);
}

interface BucketBody extends Record<string, unknown> {
  id?: string;
  name?: string;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

/** Creating or updating a bucket: sizes in bytes for lite, nulls written once lite has accepted the rest. */
async function write(request: Request, context: LocalContext, lite: Lite, id: string | undefined): Promise<Response> {
  const body = await jsonBody<BucketBody>(request);
  if (!body) return lite(request);
  const cleared: string[] = [];
  const sent: BucketBody = { ...body };
  // storage-api needs only a name (the id defaults to it); lite needed both.
  if (!id && sent.id === undefined && typeof sent.name === "string") sent.id = sent.name;
  if (typeof body.file_size_limit === "string") {
    const bytes = parseFileSize(body.file_size_limit);
    if (bytes === undefined) return storageError(400, "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
    sent.file_size_limit = bytes;
  }
  if (typeof sent.file_size_limit === "number" && sent.file_size_limit > GLOBAL_LIMIT_BYTES) {
    return storageError(413, "EntityTooLarge", "The object exceeded the maximum allowed size", "Payload too large");
  }
  for (const column of ["file_size_limit", "allowed_mime_types"] as const) {
    if (sent[column] === null) {
      delete sent[column];
      cleared.push(column);
    }
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const response = await lite(new Request(request.url, { method: request.method, headers, body: JSON.stringify(sent) }));
  const bucket = id ?? body.id ?? body.name;
  if (response.ok && cleared.length && bucket) {
    await context.db.query(`update storage.buckets set ${cleared.map((c) => `${c} = null`).join(", ")} where id = $1`, [bucket]);
  }
  return response;
}

/** A bucket route answered as storage-api does; undefined for other requests. */
export function buckets(request: Request, pathname: string, context: LocalContext, lite: Lite): Promise<Response> | undefined {
  const match = /^\/storage\/v1\/bucket(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  const id = match[1] ? decodeURIComponent(match[1]) : undefined;
  if (request.method === "GET" && !id) {
    const query = new URL(request.url).searchParams;
    return lite(request).then((response) => reshape<BucketRow[]>(response, (rows) => listed(rows, query)));
  }
  if (request.method === "GET") return lite(request).then((response) => reshape<BucketRow>(response, bucketJson));
  if ((request.method === "POST" && !id) || (request.method === "PUT" && id)) return write(request, context, lite, id);
  return undefined;
}
