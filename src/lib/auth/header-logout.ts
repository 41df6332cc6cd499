// Logout from the public pages' header, which ships no supabase-js: the same SPEC §8 rules
// (401/403/404 ignored and the local session cleared, 502/503/504 and network retried)
// over a plain fetch of POST /auth/v1/logout.
import { AUTH_STORAGE_KEY } from "../auth-storage.ts";
import { readStoredSession } from "../stored-session.ts";
import { logoutWithRetry, type LogoutResult } from "./logout.ts";

export function headerLogout(apiUrl: string, publishableKey: string): Promise<LogoutResult> {
  const session = readStoredSession();
  return logoutWithRetry(
    async () => {
      if (!session) return null;
      const response = await fetch(`${apiUrl}/auth/v1/logout?scope=local`, {
        method: "POST",
        headers: { apikey: publishableKey, authorization: `Bearer ${session.access_token}` },
      });
      return response.ok ? null : { status: response.status };
    },
    () => localStorage.removeItem(AUTH_STORAGE_KEY),
  );
}
