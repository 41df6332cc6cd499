// Downloads (GET /object/[sign/|public/|authenticated/]:bucket/*) as storage-api serves them:
// `?download` (supabase-js's { download: true | "name" }) makes the answer an attachment,
// named when a name is given; lite ignored it, so a browser opened a message attachment in
// place under its storage name. And /object/authenticated/:bucket/* is storage-api's
// explicit spelling of /object/:bucket/*, which lite took for a bucket named "authenticated".
import type { Lite } from "./answers.ts";

const AUTHENTICATED = "/storage/v1/object/authenticated/";

/** storage-api's Renderer.handleDownload. */
function disposition(download: string): string {
  if (download === "") return "attachment;";
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

/** A download answered as storage-api does; undefined for other requests. */
export function downloads(request: Request, pathname: string, lite: Lite): Promise<Response> | undefined {
  if (request.method !== "GET" || !pathname.startsWith("/storage/v1/object/")) return undefined;
  const url = new URL(request.url);
  const download = url.searchParams.get("download");
  const alias = pathname.startsWith(AUTHENTICATED);
  if (download === null && !alias) return undefined;
  if (alias) url.pathname = `/storage/v1/object/${pathname.slice(AUTHENTICATED.length)}`;
  return lite(alias ? new Request(url, request) : request).then((response) => {
    if (!response.ok || download === null) return response;
    const headers = new Headers(response.headers);
    headers.set("content-disposition", disposition(download));
    return new Response(response.body, { status: response.status, headers });
  });
}
