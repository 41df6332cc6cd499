// Signed URLs, answered as storage-api answers them. A download URL is `signedURL`, relative
// to /storage/v1 (storage-js prepends its own URL); lite answered `signedUrl` with the
// /storage/v1 prefix, so supabase-js built `…/storage/v1undefined`. Lite's route for one
// object (`/object/sign/:bucket/*`) also caught the batch (`/object/sign/:bucket`, empty
// wildcard), so createSignedUrls failed: the batch is answered here, one lite signing per
// path with the caller's own headers, so the RLS policies of storage.objects decide each.
// An upload URL is `{url, token}` (storage-js reads the token from `url`), where lite
// answered `{signedUrl, token, path}`.
import { asCaller, json, reshape, storageError, type Lite } from "./answers.ts";

const SIGN = "/storage/v1/object/sign/";
const UPLOAD_SIGN = "/storage/v1/object/upload/sign/";

const relativeToStorage = (url: string) => (url.startsWith("/storage/v1/") ? url.slice("/storage/v1".length) : url);

async function signBatch(request: Request, lite: Lite, bucket: string): Promise<Response> {
  const body = (await request.json().catch(() => null)) as { expiresIn?: unknown; paths?: unknown } | null;
  if (!body || typeof body.expiresIn !== "number" || !Array.isArray(body.paths) || !body.paths.every((p) => typeof p === "string")) {
    return storageError(400, "InvalidRequest", "body must have expiresIn (number) and paths (string[])");
  }
  const answers = [];
  for (const path of body.paths as string[]) {
    const response = await lite(asCaller(request, `${SIGN}${encodeURIComponent(bucket)}/${path}`, "POST", { expiresIn: body.expiresIn }));
    const answer = (await response.json().catch(() => ({}))) as { signedUrl?: string };
    answers.push(
      response.ok && answer.signedUrl
        ? { error: null, path, signedURL: relativeToStorage(answer.signedUrl) }
        : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null },
    );
  }
  return json(answers);
}

/** POST /object/sign/:bucket[/*] and POST /object/upload/sign/:bucket/*; undefined for other requests. */
export function signedUrls(request: Request, pathname: string, lite: Lite): Promise<Response> | undefined {
  if (request.method !== "POST") return undefined;
  if (pathname.startsWith(UPLOAD_SIGN)) {
    return lite(request).then((response) => reshape<{ signedUrl: string; token: string }>(response, (body) => ({ url: relativeToStorage(body.signedUrl), token: body.token })));
  }
  if (!pathname.startsWith(SIGN)) return undefined;
  const rest = pathname.slice(SIGN.length);
  const slash = rest.indexOf("/");
  if (slash < 0 || slash === rest.length - 1) return signBatch(request, lite, decodeURIComponent(rest.replace(/\/$/, "")));
  return lite(request).then((response) => reshape<{ signedUrl?: string }>(response, (body) => ({ signedURL: relativeToStorage(body.signedUrl ?? "") })));
}
