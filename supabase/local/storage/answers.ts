// What the storage routes share: calling lite on the caller's behalf, and answering in
// storage-api's forms (its error body, its timestamps, its object rows).

/** Lite's own handler (the caller's request goes through it, so lite and RLS decide access). */
export type Lite = (request: Request) => Promise<Response>;

/**
 * An error as storage-api renders it: HTTP 400 (500 for its own failures), the real status
 * in `statusCode`, `code` the machine-readable reason (storage-js's StorageApiError.code).
 */
export function storageError(status: number, code: string, message: string, error = code): Response {
  return Response.json({ statusCode: String(status), code, error, message }, { status: status >= 500 ? 500 : 400 });
}

// lite renders {statusCode, error, message} with storage-api's `error` words but no `code`:
// the code storage-api pairs with each (src/internal/errors/codes.ts).
const CODES: Record<string, string> = {
  "Bucket not found": "NoSuchBucket",
  not_found: "NoSuchKey",
  invalid_mime_type: "InvalidMimeType",
  "Payload too large": "EntityTooLarge",
  "Invalid key": "InvalidKey",
  Unauthorized: "AccessDenied",
};

/** Adds storage-api's `code` to one of lite's error answers. */
export async function withErrorCode(response: Response, pathname: string): Promise<Response> {
  if (response.ok || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (body?.valid === false && Array.isArray(body.errors)) {
    // lite's schema validation ({valid, errors, schema}); storage-api's (fastify's) is a 400 InvalidRequest.
    const [first] = body.errors as { instanceLocation?: string; error?: string }[];
    return storageError(400, "InvalidRequest", `body${first?.instanceLocation ?? ""} ${first?.error ?? "is invalid"}`, "Bad Request");
  }
  if (!body || typeof body.error !== "string" || "code" in body) return response;
  const code = body.error === "Duplicate" ? (pathname.includes("/storage/v1/bucket") ? "BucketAlreadyExists" : "KeyAlreadyExists") : (CODES[body.error] ?? body.error);
  return json({ statusCode: body.statusCode, code, error: body.error, message: body.message }, response);
}

/** A JSON answer with the status and headers of `like` (lite's answer it replaces). */
export function json(body: unknown, like?: Response): Response {
  const headers = new Headers(like?.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status: like?.status ?? 200, headers });
}

/** lite's JSON answer reshaped; an error passes through untouched. */
export async function reshape<T>(response: Response, shape: (body: T) => unknown | Promise<unknown>): Promise<Response> {
  if (!response.ok) return response;
  return json(await shape((await response.json()) as T), response);
}

/**
 * The same caller's request to another storage path: their credentials and client headers,
 * a JSON body (or none).
 */
export function asCaller(request: Request, path: string, method: string, body?: unknown): Request {
  const headers = new Headers(request.headers);
  for (const name of ["content-length", "content-type", "x-upsert", "x-metadata"]) headers.delete(name);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(new URL(path, request.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A timestamptz as storage-api writes it (node-postgres' Date, serialised): 2021-02-17T04:43:32.770Z. */
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** The JSON body of a request, or undefined when it is not JSON. */
export async function jsonBody<T = Record<string, unknown>>(request: Request): Promise<T | undefined> {
  return (await request
    .clone()
    .json()
    .catch(() => undefined)) as T | undefined;
}

/** storage-api's parseUserMetadata: x-metadata is base64 JSON; anything else is ignored. */
export function decodeMetadata(header: string | null): Record<string, unknown> | undefined {
  if (!header) return undefined;
  try {
    return JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}

/** A storage.objects row, as lite reads it. */
export interface ObjectRow {
  id: string | null;
  bucket_id?: string;
  name: string;
  owner?: string | null;
  owner_id?: string | null;
  version?: string | null;
  metadata?: Record<string, unknown> | null;
  user_metadata?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
  last_accessed_at?: string | null;
}

/**
 * An object as storage-api's objectSchema serialises it (remove, copy): those columns only,
 * null strings as "" (fast-json-stringify), timestamps in ISO form.
 */
export function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id ?? "",
    owner: row.owner ?? "",
    owner_id: row.owner_id ?? "",
    version: row.version ?? "",
    id: row.id,
    updated_at: isoTime(row.updated_at),
    created_at: isoTime(row.created_at),
    last_accessed_at: isoTime(row.last_accessed_at),
    metadata: row.metadata ?? null,
    user_metadata: row.user_metadata ?? null,
  };
}

/** Splits `/storage/v1/<route>/<bucket>/<path…>` after `route`: the bucket and the object path, decoded. */
export function bucketAndPath(pathname: string, route: string): { bucket: string; path: string } | undefined {
  if (!pathname.startsWith(route)) return undefined;
  const rest = pathname.slice(route.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return {
    bucket: decodeURIComponent(rest.slice(0, slash)),
    path: rest
      .slice(slash + 1)
      .split("/")
      .map(decodeURIComponent)
      .join("/"),
  };
}
