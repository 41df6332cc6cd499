// Logout as SPEC §4 and §8 define it: the server is told, 401/403/404 mean "already gone"
// and the local session is cleared anyway; 502/503/504 and network failures are retried
// with the doubling back-off; the caller shows the success or failure toast. Signed out, the
// account's data kept on the device goes too (issue 24: the next person on a shared phone).
import { LOGOUT_IGNORED_STATUSES, LOGOUT_MAX_ATTEMPTS } from "../constants.ts";
import { isRetryable } from "../errors/classify.ts";
import { clearDeviceData } from "../offline/device-clear.ts";
import { refreshBackoffMs } from "./session-store.ts";

export interface LogoutFailure {
  status?: number;
  name?: string;
  message?: string;
}

export type LogoutResult = { ok: true } | { ok: false; error: LogoutFailure };

/**
 * `attempt` calls the server once (supabase-js signOut, or a raw fetch) and resolves to its
 * error or null; `clearLocal` forgets the session on this device; `clearDevice` then starts
 * deleting the account's data kept on it.
 */
export async function logoutWithRetry(
  attempt: () => Promise<LogoutFailure | null>,
  clearLocal: () => Promise<void> | void,
  { maxAttempts = LOGOUT_MAX_ATTEMPTS, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), clearDevice = clearDeviceData as () => Promise<unknown> } = {},
): Promise<LogoutResult> {
  let last: LogoutFailure = {};
  for (let n = 0; n < maxAttempts; n++) {
    let error: LogoutFailure | null;
    try {
      error = await attempt();
    } catch (thrown) {
      error = thrown as LogoutFailure;
    }
    if (!error || (error.status !== undefined && LOGOUT_IGNORED_STATUSES.includes(error.status))) {
      await clearLocal();
      // Started, not awaited: the browser finishes the deletion after the page moves on, and
      // waiting for it (an open database delays it) let the dashboard's signed-out redirect to
      // the login page win over the caller's own navigation.
      void clearDevice().catch(() => {});
      return { ok: true };
    }
    last = error;
    if (!isRetryable(error)) break;
    if (n < maxAttempts - 1) await sleep(refreshBackoffMs(n));
  }
  return { ok: false, error: last };
}

/** Logs out through supabase-js (islands and dashboard). */
export function logoutClient(auth: { signOut(options?: { scope?: "global" | "local" | "others" }): Promise<{ error: LogoutFailure | null }> }): Promise<LogoutResult> {
  return logoutWithRetry(
    async () => (await auth.signOut({ scope: "local" })).error,
    // supabase-js itself ignores 401/403/404 and clears its session then: nothing left to do.
    () => {},
  );
}
