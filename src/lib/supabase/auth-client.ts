// The sign-in pages' client: @supabase/auth-js alone (about a third of supabase-js), with the
// same options as the dashboard's client (./browser.ts: authClientOptions), so a session
// started here is the dashboard's session, and the other way round. Loaded on demand: a
// visitor who is not signed in downloads it when starting to fill the form, not with the page.
import type { GoTrueClient as AuthClient, GoTrueClientOptions } from "@supabase/auth-js";
import { AUTH_STORAGE_KEY } from "../auth-storage.ts";

let loading: Promise<AuthClient> | undefined;

export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import("@supabase/auth-js").then(({ AuthClient }) => new AuthClient(authClientOptions(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY)));
  return loading;
}

/** The options of every auth client of the site (these pages' and the dashboard's), as supabase-js sets them. */
export function authClientOptions(url: string, key: string): GoTrueClientOptions {
  return {
    url: `${String(url).replace(/\/+$/, "")}/auth/v1`,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: "implicit",
  };
}

/**
 * Whether this page may hold a session, so the client must load at once: one is stored
 * (even a broken one, which the session store then removes), or one arrives in the URL
 * (the link of a confirmation or recovery e-mail, or its error).
 */
export function sessionHint(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage, url: Pick<Location, "hash" | "search"> | undefined = globalThis.location): boolean {
  try {
    if (storage?.getItem(AUTH_STORAGE_KEY) != null) return true;
  } catch {
    // Storage blocked: nothing stored.
  }
  return /(^|[#&?])(access_token|refresh_token|error|error_description|code)=/.test(`${url?.hash ?? ""}${url?.search ?? ""}`);
}
