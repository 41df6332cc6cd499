// Storage for the browser client, downloaded when a page first uses it. Every storage call
// is asynchronous except getPublicUrl, which is a URL written the way storage-js writes it
// (tests/unit/supabase-browser.test.ts compares them).
import type { StorageClient } from "@supabase/storage-js";

export function lazyStorage(url: string, fetch: typeof globalThis.fetch): StorageClient {
  let loading: Promise<StorageClient> | undefined;
  // A load that failed (offline) is forgotten, so that the next call, back online, loads it:
  // the outbox sends files written offline without a reload.
  const load = () =>
    (loading ??= import("@supabase/storage-js").then(
      ({ StorageClient }) => new StorageClient(url, {}, fetch),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const forward = (target: (client: StorageClient) => object) =>
    new Proxy(
      {},
      {
        get(_, method) {
          // Not a promise itself: `await supabase.storage` must not call anything.
          if (method === "then" || typeof method !== "string") return undefined;
          return async (...args: unknown[]) => {
            const object = target(await load()) as Record<string, (...a: unknown[]) => unknown>;
            return object[method]!(...args);
          };
        },
      },
    );
  const bucket = (id: string) => {
    const api = forward((client) => client.from(id)) as Record<string, unknown>;
    return new Proxy(api, {
      get(target, method) {
        if (method === "getPublicUrl") return (path: string, options?: unknown) => publicUrl(url, id, path, options);
        return Reflect.get(target, method);
      },
    });
  };
  return new Proxy(
    forward((client) => client),
    {
      get(target, method) {
        return method === "from" ? bucket : Reflect.get(target, method);
      },
    },
  ) as unknown as StorageClient;
}

export function publicUrl(url: string, bucket: string, path: string, options?: unknown): { data: { publicUrl: string } } {
  if (options !== undefined) throw new Error("getPublicUrl with download or transform options is not supported here");
  return { data: { publicUrl: encodeURI(`${url}/object/public/${bucket}/${path.replace(/^\/+/, "")}`) } };
}
