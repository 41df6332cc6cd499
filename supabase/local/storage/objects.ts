// Object routes whose answers lite shapes otherwise than storage-api: list (names relative to
// the prefix, one entry per folder), list-v2 (absent from lite), copy ({Id, Key:
// "bucket/path", …row}; lite answered {key}), info (storage-api's info body; lite answered
// its row with an httpMetadata object) and remove (the deleted rows in objectSchema's form).
// Lite still decides access: each answer is built from what lite returns to the caller.
import type { LocalContext } from "../context.ts";
import { asCaller, bucketAndPath, decodeMetadata, isoTime, json, jsonBody, objectJson, reshape, storageError, type Lite, type ObjectRow } from "./answers.ts";
import { InvalidCursor, listV1, listV2, type ListOptions, type ListV2Options } from "./listing.ts";

const STORAGE = "/storage/v1";

/** The rows under `prefix` the caller may see (lite's list, through RLS), or lite's refusal. */
async function visibleRows(request: Request, lite: Lite, bucket: string, prefix: string): Promise<ObjectRow[] | Response> {
  const response = await lite(asCaller(request, `${STORAGE}/object/list/${encodeURIComponent(bucket)}`, "POST", prefix ? { prefix } : {}));
  return response.ok ? ((await response.json()) as ObjectRow[]) : response;
}

async function list(request: Request, lite: Lite, bucket: string): Promise<Response> {
  const options = (await jsonBody<ListOptions>(request)) ?? {};
  // All of the bucket: storage.search matches the prefix case-insensitively, lite's list does not.
  const rows = await visibleRows(request, lite, bucket, "");
  return rows instanceof Response ? rows : json(listV1(rows, options));
}

async function listVersion2(request: Request, lite: Lite, bucket: string): Promise<Response> {
  const options = (await jsonBody<ListV2Options>(request)) ?? {};
  const rows = await visibleRows(request, lite, bucket, options.prefix ?? "");
  if (rows instanceof Response) return rows;
  try {
    return json(listV2(rows, options));
  } catch (error) {
    if (error instanceof InvalidCursor) return storageError(400, "InvalidParameter", error.message);
    throw error;
  }
}

interface CopyBody {
  bucketId?: string;
  sourceKey?: string;
  destinationKey?: string;
  destinationBucket?: string;
}

async function copy(request: Request, context: LocalContext, lite: Lite): Promise<Response> {
  const body = (await jsonBody<CopyBody>(request)) ?? {};
  const response = await lite(request);
  if (!response.ok) return response;
  const bucket = body.destinationBucket || body.bucketId!;
  const decoded = decodeMetadata(request.headers.get("x-metadata"));
  if (decoded) {
    // storage-api: x-metadata replaces the copy's user metadata (otherwise the source's is kept).
    await context.db.query("update storage.objects set user_metadata = $3::jsonb where bucket_id = $1 and name = $2", [bucket, body.destinationKey, JSON.stringify(decoded)]);
  }
  const rows = (await context.db.query<ObjectRow>("select * from storage.objects where bucket_id = $1 and name = $2", [bucket, body.destinationKey])).rows;
  const row = rows[0];
  return json({ Id: row?.id, Key: `${bucket}/${body.destinationKey}`, ...(row ? objectJson(row) : {}) }, response);
}

interface LiteInfo extends ObjectRow {
  metadata: { size?: number; mimetype?: string; cacheControl?: string; eTag?: string } | null;
}

/** storage-api's InfoRenderer body: the row's system metadata spelled out, its user metadata as `metadata`. */
function infoJson(row: LiteInfo) {
  return {
    id: row.id,
    name: row.name,
    version: row.version ?? null,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? null,
    last_modified: isoTime(row.updated_at),
    created_at: isoTime(row.created_at),
  };
}

async function info(request: Request, pathname: string, lite: Lite): Promise<Response> {
  // storage-api also serves /object/info/authenticated/… and /object/info/public/…; lite only /object/info/….
  const path = pathname.replace(/^\/storage\/v1\/object\/info\/(?:authenticated|public)\//, `${STORAGE}/object/info/`);
  return reshape<LiteInfo>(await lite(asCaller(request, path + new URL(request.url).search, "GET")), infoJson);
}

/** An object route answered as storage-api does; undefined for other requests. */
export function objects(request: Request, pathname: string, context: LocalContext, lite: Lite): Promise<Response> | undefined {
  const { method } = request;
  const listed = /^\/storage\/v1\/object\/(list|list-v2)\/([^/]+)\/?$/.exec(pathname);
  if (method === "POST" && listed) {
    const bucket = decodeURIComponent(listed[2]);
    return listed[1] === "list" ? list(request, lite, bucket) : listVersion2(request, lite, bucket);
  }
  if (method === "POST" && pathname === `${STORAGE}/object/copy`) return copy(request, context, lite);
  if (method === "GET" && bucketAndPath(pathname, `${STORAGE}/object/info/`)) return info(request, pathname, lite);
  if (method === "DELETE" && /^\/storage\/v1\/object\/[^/]+\/?$/.test(pathname)) {
    return lite(request).then((response) => reshape<ObjectRow[]>(response, (rows) => rows.map(objectJson)));
  }
  return undefined;
}
