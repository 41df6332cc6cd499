// The browser's one Supabase client. Only the public URL and publishable key reach the
// bundle (PUBLIC_ variables); the secret key never does.
//
// It is supabase-js's client assembled from supabase-js's own parts, as its SupabaseClient
// wires them (auth, then every request carrying the user's token), so that a page downloads
// only what it uses: auth, the Data API and functions at once; storage and realtime (24 KB
// gzip, needed by a few pages) when first used. The shell and home stay within DESIGN §6's
// 150 KB budget that way.
import { AuthClient } from "@supabase/auth-js";
import { FunctionsClient } from "@supabase/functions-js";
import { PostgrestClient } from "@supabase/postgrest-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { authClientOptions } from "./auth-client.ts";
import { lazyRealtime } from "./lazy-realtime.ts";
import { lazyStorage } from "./lazy-storage.ts";

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  client ??= createBrowserClient(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY);
  return client;
}

export function createBrowserClient(url: string, key: string): SupabaseClient {
  const base = new URL(url.endsWith("/") ? url : `${url}/`);
  const auth = new AuthClient(authClientOptions(url, key));
  // The signed-in user's token, or the publishable key when signed out (as supabase-js).
  const accessToken = async () => (await auth.getSession()).data.session?.access_token ?? key;
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has("apikey")) headers.set("apikey", key);
    if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${await accessToken()}`);
    return fetch(input, { ...init, headers });
  };
  const rest = new PostgrestClient(new URL("rest/v1", base).href, { fetch: fetchWithAuth });
  const realtimeUrl = new URL("realtime/v1", base);
  realtimeUrl.protocol = realtimeUrl.protocol.replace("http", "ws");
  const realtime = lazyRealtime(realtimeUrl.href, key, accessToken, fetchWithAuth);
  auth.onAuthStateChange((event, session) => realtime.tokenChanged(event, session?.access_token));

  const assembled = {
    auth,
    storage: lazyStorage(new URL("storage/v1", base).href, fetchWithAuth),
    get functions() {
      return new FunctionsClient(new URL("functions/v1", base).href, { customFetch: fetchWithAuth });
    },
    from: (relation: string) => rest.from(relation),
    schema: (schema: string) => rest.schema(schema),
    rpc: (fn: string, args?: Record<string, unknown>, options?: { head?: boolean; get?: boolean; count?: "exact" | "planned" | "estimated" }) => rest.rpc(fn, args, options),
    channel: realtime.channel,
    removeChannel: realtime.removeChannel,
    removeAllChannels: realtime.removeAllChannels,
  };
  return assembled as unknown as SupabaseClient;
}
