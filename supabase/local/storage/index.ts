// The local Storage API (/storage/v1) answering as Supabase's storage-api does, in front of
// @supabase/lite's: lite stores the objects and decides access (RLS on storage.objects and
// storage.buckets); the modules here take requests in storage-api's forms and reshape lite's
// answers into storage-api's. Measured against storage-js's own test suite (docs/testing.md, "Supabase's own
// client suites"); what is left is image transformation, which the stack does not run.
import type { LocalContext } from "../context.ts";
import { withErrorCode, type Lite } from "./answers.ts";
import { guardBucketManagement } from "./bucket-guard.ts";
import { buckets } from "./buckets.ts";
import { downloads } from "./downloads.ts";
import { objects } from "./objects.ts";
import { signedUrls } from "./signed-urls.ts";
import { uploads } from "./uploads.ts";

export { createLocalStorageAdapter, storageDirOf } from "./adapter.ts";
export { GLOBAL_FILE_SIZE_LIMIT } from "./buckets.ts";

/** A storage request's answer; undefined for any other request. `lite` is lite's own handler. */
export function serveStorage(request: Request, context: LocalContext, lite: Lite): Promise<Response> | undefined {
  const pathname = new URL(request.url).pathname;
  if (!pathname.startsWith("/storage/v1/")) return undefined;
  return answer(request, pathname, context, lite);
}

async function answer(request: Request, pathname: string, context: LocalContext, lite: Lite): Promise<Response> {
  const refused = await guardBucketManagement(request, context);
  if (refused) return withErrorCode(refused, pathname);
  const response = await (signedUrls(request, pathname, lite) ??
    uploads(request, pathname, context, lite) ??
    objects(request, pathname, context, lite) ??
    buckets(request, pathname, context, lite) ??
    downloads(request, pathname, lite) ??
    lite(request));
  return withErrorCode(response, pathname);
}
