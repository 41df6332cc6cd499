// Uploads (POST/PUT /object/:bucket/*, PUT /object/upload/sign/:bucket/*) as storage-api
// takes them, handed to lite as the raw body it understands:
// - multipart form data (supabase-js sends a Blob or File under an empty field name, with
//   cacheControl and metadata fields): lite only looked for a field named "file";
// - the file's real size as content-length, which lite checks against the bucket's limit
//   (a streamed upload had none, so any size passed);
// - custom metadata (the x-metadata header, base64 JSON, or the multipart metadata field),
//   kept as the object's user_metadata ({} when none, as storage-api writes it on every
//   upload); lite dropped it. Written after lite has stored the object, so the object's
//   insert policies do not see it.
import type { LocalContext } from "../context.ts";
import { decodeMetadata, json, type Lite } from "./answers.ts";

const OBJECT = "/storage/v1/object/";
const UPLOAD_SIGN = "/storage/v1/object/upload/sign/";
// First segments of /object/… that are storage-api routes, not buckets.
const ROUTES = new Set(["list", "list-v2", "sign", "upload", "copy", "move", "info", "public", "authenticated"]);

interface Upload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl?: string;
  userMetadata: Record<string, unknown>;
}

function parseJson(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readUpload(request: Request): Promise<Upload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return {
      bytes: new Uint8Array(await request.arrayBuffer()),
      contentType: type || "application/octet-stream",
      cacheControl: request.headers.get("cache-control") ?? undefined,
      userMetadata: decodeMetadata(request.headers.get("x-metadata")) ?? {},
    };
  }
  const form = await request.formData();
  let file: File | undefined;
  form.forEach((value) => {
    if (!file && typeof value !== "string") file = value;
  });
  const cacheTime = form.get("cacheControl");
  const contentType = form.get("contentType");
  return {
    bytes: file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(),
    contentType: (typeof contentType === "string" && contentType) || file?.type || "application/octet-stream",
    cacheControl: typeof cacheTime === "string" && cacheTime ? `max-age=${cacheTime}` : undefined,
    userMetadata: parseJson(form.get("metadata")) ?? parseJson(form.get("userMetadata")) ?? {},
  };
}

function isUpload(request: Request, pathname: string): boolean {
  if (pathname.startsWith(UPLOAD_SIGN)) return request.method === "PUT";
  if (!pathname.startsWith(OBJECT) || (request.method !== "POST" && request.method !== "PUT")) return false;
  const [bucket, ...path] = pathname.slice(OBJECT.length).split("/");
  return !ROUTES.has(bucket) && path.join("/").length > 0;
}

/** An upload answered as storage-api does; undefined for other requests. */
export function uploads(request: Request, pathname: string, context: LocalContext, lite: Lite): Promise<Response> | undefined {
  if (!isUpload(request, pathname)) return undefined;
  return upload(request, pathname, context, lite);
}

async function upload(request: Request, pathname: string, context: LocalContext, lite: Lite): Promise<Response> {
  const file = await readUpload(request);
  const headers = new Headers(request.headers);
  headers.delete("x-metadata");
  headers.set("content-type", file.contentType);
  headers.set("content-length", String(file.bytes.byteLength));
  if (file.cacheControl) headers.set("cache-control", file.cacheControl);
  const response = await lite(new Request(request.url, { method: request.method, headers, body: file.bytes }));
  if (!response.ok) return response;

  const answer = (await response.json()) as { Key: string; Id?: string };
  const signed = pathname.startsWith(UPLOAD_SIGN);
  const bucket = decodeURIComponent(pathname.slice((signed ? UPLOAD_SIGN : OBJECT).length).split("/")[0]);
  // lite answers a signed upload with the bare name; storage-api with bucket/name, as for any upload.
  const key = signed ? `${bucket}/${answer.Key}` : answer.Key;
  const name = key.slice(bucket.length + 1);
  await context.db.query("update storage.objects set user_metadata = $3::jsonb where bucket_id = $1 and name = $2", [bucket, name, JSON.stringify(file.userMetadata)]);
  return json(signed ? { Key: key } : { ...answer, Key: key }, response);
}
