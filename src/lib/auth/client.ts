// The browser's session store, started once per page whatever island asks first.
import { getSupabase } from "../supabase/browser.ts";
import { startSessionStore } from "./session-store.ts";

let started = false;

export function ensureSessionStore(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  startSessionStore(getSupabase);
}

export { $auth, $isAuthenticated } from "./session-store.ts";
