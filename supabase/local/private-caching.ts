// The local stack's answers carry a user's data (issue 24: private on a shared phone): no
// shared cache (a proxy, a CDN) may keep them. An answer without Cache-Control gets no-store;
// one with its own (a stored file's, set at upload) is made private. The browser's private
// cache and the application's own per-account copies (src/lib/offline/) are unaffected.
export function privateCacheControl(value: string | null): string {
  if (!value) return "no-store";
  if (/(^|,)\s*(private|no-store)\b/i.test(value)) return value;
  return `private, ${value.replace(/(^|,)\s*public\s*(?=,|$)/i, "").replace(/^\s*,\s*/, "")}`.replace(/,\s*$/, "");
}

export function withPrivateCaching(response: Response): Response {
  const value = privateCacheControl(response.headers.get("cache-control"));
  if (value === response.headers.get("cache-control")) return response;
  const headers = new Headers(response.headers);
  headers.set("cache-control", value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
