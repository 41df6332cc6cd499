// The session store on the sign-in pages, fed by the auth-only client (no supabase-js):
// the same $auth store and rules as the dashboard's (./client.ts), the same stored session.
// With no session in sight (nothing stored, nothing in the URL) the page starts signed out
// without downloading the client; the first use of a form loads it and starts the store.
import type { GoTrueClient as AuthClient } from "@supabase/auth-js";
import { loadAuthClient, sessionHint } from "../supabase/auth-client.ts";
import { $auth, startSessionStore } from "./session-store.ts";

let checked = false;
let storeStarted = false;

/** The auth client, with the session store mirroring it from then on. */
export async function authClient(): Promise<AuthClient> {
  const client = await loadAuthClient();
  if (!storeStarted) {
    storeStarted = true;
    startSessionStore(() => ({ auth: client }));
  }
  return client;
}

/** `eager`: load the client even with no session in sight (the password-reset page). */
export function ensureAuthSessionStore({ eager = false } = {}): void {
  if (checked || typeof window === "undefined") return;
  checked = true;
  if (eager || sessionHint()) void authClient();
  else $auth.setKey("loading", false);
}

export { $auth, $isAuthenticated } from "./session-store.ts";
