// One session store for the islands and the dashboard (SPEC §4). supabase-js keeps the
// session in localStorage and refreshes it; this store mirrors it as nanostores state and
// adds what SPEC §4 asks of the application: the loading flag and its 3 s time-out, the
// "authenticated only with user and session" rule, a refresh with doubling back-off,
// recheck on tab focus and pause while hidden, cross-tab broadcast, removal of an invalid
// stored session, and a warning for a stale session carried in a URL.
import { computed, map } from "nanostores";
import type { AuthChangeEvent, GoTrueClient as AuthClient, Session, User } from "@supabase/auth-js";
import { REFRESH_RETRY_BASE_MS, SESSION_LOADING_TIMEOUT_MS, URL_SESSION_MAX_AGE_S } from "../constants.ts";
import { isRetryable } from "../errors/classify.ts";
import { AUTH_STORAGE_KEY } from "../auth-storage.ts";

const clearDeviceLater = () => import("../offline/device-clear.ts").then((m) => m.clearDeviceData());

export const AUTH_EVENTS = [
  "INITIAL_SESSION",
  "SIGNED_IN",
  "SIGNED_OUT",
  "TOKEN_REFRESHED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
  "MFA_CHALLENGE_VERIFIED",
] as const satisfies readonly AuthChangeEvent[];

export interface AuthState {
  user: User | null;
  session: Session | null;
  loading: boolean;
  /** i18n key of an initialisation failure (SPEC §8), or null. */
  error: string | null;
  /** The last auth event seen, e.g. PASSWORD_RECOVERY on the reset page. */
  lastEvent: AuthChangeEvent | null;
  /** A session read from the URL was issued more than 120 s ago (warning only). */
  staleUrlSession: boolean;
  /**
   * The session is the one stored on the device, kept while the network is down: its access
   * token expired and could not be refreshed (no network), so the application shows what it
   * saved on the device until the network comes back and the session is refreshed.
   */
  offline?: boolean;
}

const initial = (): AuthState => ({ user: null, session: null, loading: true, error: null, lastEvent: null, staleUrlSession: false });

export const $auth = map<AuthState>(initial());
/** SPEC §4: authenticated only when both user and session exist. */
export const $isAuthenticated = computed($auth, (s) => isAuthenticated(s));

export function isAuthenticated(state: Pick<AuthState, "user" | "session">): boolean {
  return Boolean(state.user && state.session);
}

/** Applies an auth event to the state (pure; every SPEC §4 event is handled). */
export function reduceAuthEvent(state: AuthState, event: AuthChangeEvent, session: Session | null): AuthState {
  const base = { ...state, loading: false, lastEvent: event };
  switch (event) {
    case "SIGNED_OUT":
      return { ...base, session: null, user: null };
    case "INITIAL_SESSION":
    case "SIGNED_IN":
    case "TOKEN_REFRESHED":
    case "USER_UPDATED":
    case "PASSWORD_RECOVERY":
    case "MFA_CHALLENGE_VERIFIED":
      return { ...base, session, user: session?.user ?? null };
    default:
      return { ...base, session, user: session?.user ?? state.user };
  }
}

/** Back-off before refresh retry `attempt` (0-based): 200, 400, 800, … ms. */
export function refreshBackoffMs(attempt: number): number {
  return REFRESH_RETRY_BASE_MS * 2 ** attempt;
}

/**
 * Refreshes the session, retrying retryable failures (502/503/504, network) with the
 * doubling back-off; a non-retryable failure removes the session (SPEC §4).
 */
export async function refreshWithBackoff(
  client: Pick<AuthClient, "refreshSession" | "signOut">,
  { maxAttempts = 5, sleep = defaultSleep }: { maxAttempts?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<Session | null> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const { data, error } = await client.refreshSession();
    if (!error) return data.session;
    if (!isRetryable(error)) {
      await client.signOut({ scope: "local" });
      return null;
    }
    if (attempt < maxAttempts - 1) await sleep(refreshBackoffMs(attempt));
  }
  return null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when the stored value is not a session supabase-js can use, so it must go. */
export function isInvalidStoredSession(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    return !(value && typeof value.access_token === "string" && typeof value.refresh_token === "string" && value.access_token.split(".").length === 3);
  } catch {
    return true;
  }
}

/** The session supabase-js stored, when it has what the application needs (tokens and user). */
export function storedSessionOf(raw: string | null | undefined): Session | null {
  if (!raw || isInvalidStoredSession(raw)) return null;
  const value = JSON.parse(raw) as Session;
  return typeof value.user?.id === "string" ? value : null;
}

/** A session carried in a URL fragment (implicit flow) issued more than 120 s ago: warn only. */
export function isStaleUrlSession(hash: string, nowSeconds = Date.now() / 1000): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const expiresAt = Number(params.get("expires_at"));
  const expiresIn = Number(params.get("expires_in"));
  if (!params.get("access_token") || !expiresAt || !expiresIn) return false;
  return nowSeconds - (expiresAt - expiresIn) >= URL_SESSION_MAX_AGE_S;
}

/** Seconds before expiry at which a visible tab refreshes the token itself. */
const REFRESH_MARGIN_S = 90;

export interface SessionStoreEnv {
  storage?: Pick<Storage, "getItem" | "removeItem">;
  document?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  location?: Pick<Location, "hash">;
  /** Where "online" is announced (window): the session is checked again when the network returns. */
  network?: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Deletes the account's device data (lib/offline/device-clear.ts; a stub in tests). */
  clearDevice?: () => Promise<unknown>;
  /** Cross-tab channel; null to disable. */
  channel?: Pick<BroadcastChannel, "postMessage" | "close"> & { onmessage: ((event: MessageEvent) => void) | null };
  now?: () => number;
  warn?: (message: string) => void;
}

export const AUTH_BROADCAST_CHANNEL = "uel-auth-events";

/**
 * Starts mirroring the client's session into $auth; returns a stop function. The client is
 * supabase-js (dashboard) or the auth-only client (sign-in pages): only `.auth` is used.
 */
export function startSessionStore(makeClient: () => { auth: AuthClient }, env: SessionStoreEnv = browserEnv()): () => void {
  const now = env.now ?? Date.now;
  $auth.set(initial());

  // Both checks run before supabase-js reads the storage and consumes the URL fragment.
  // An unreadable or half-written stored session would make every request fail: drop it.
  if (env.storage && isInvalidStoredSession(env.storage.getItem(AUTH_STORAGE_KEY))) env.storage.removeItem(AUTH_STORAGE_KEY);
  if (env.location && isStaleUrlSession(env.location.hash, now() / 1000)) {
    $auth.setKey("staleUrlSession", true);
    (env.warn ?? console.warn)("Session in the URL was issued over 120 s ago; the link may be stale.");
  }
  const auth = makeClient().auth;

  const loadingTimer = setTimeout(() => $auth.setKey("loading", false), SESSION_LOADING_TIMEOUT_MS);
  const settle = () => clearTimeout(loadingTimer);
  let stopped = false;

  const stored = () => storedSessionOf(env.storage?.getItem(AUTH_STORAGE_KEY));
  const { data: subscription } = auth.onAuthStateChange((event, session) => {
    if (stopped) return;
    // No session although one is still stored: the client could not refresh it (no network;
    // a refused refresh removes it). sync() below decides whether to keep it offline.
    if (event === "INITIAL_SESSION" && !session && stored()) return;
    settle();
    // However the session ended (signed out here, elsewhere, or refused at refresh), the
    // account's data kept on the device goes with it.
    // (Loaded then: the sign-in pages carry this store and have a tight script budget.)
    if (event === "SIGNED_OUT") void (env.clearDevice ?? clearDeviceLater)().catch(() => {});
    $auth.set(reduceAuthEvent($auth.get(), event, session));
    if (event !== "INITIAL_SESSION" && event !== "TOKEN_REFRESHED") env.channel?.postMessage({ event });
  });

  const sync = async () => {
    const { data, error } = await auth.getSession();
    if (stopped) return;
    settle();
    // The stored session could not be refreshed for want of a network: keep it, offline.
    const kept = error && isRetryable(error) ? stored() : null;
    if (kept) {
      $auth.set({ ...$auth.get(), session: kept, user: kept.user, loading: false, error: null, offline: true });
      return;
    }
    if (error) {
      $auth.set({ ...$auth.get(), session: null, user: null, loading: false, error: "errors.init" });
      await auth.signOut({ scope: "local" });
      return;
    }
    $auth.set({ ...$auth.get(), session: data.session, user: data.session?.user ?? null, loading: false, offline: false });
  };
  void sync().catch(() => {
    settle();
    $auth.set({ ...$auth.get(), loading: false, error: "errors.init" });
  });

  // Another tab signed in or out: re-read the shared storage.
  if (env.channel) env.channel.onmessage = () => void sync().catch(() => {});

  const onVisibility = () => {
    if (!env.document) return;
    if (env.document.visibilityState === "visible") {
      void auth.startAutoRefresh();
      void (async () => {
        await sync();
        const session = $auth.get().session;
        if (session?.expires_at && session.expires_at - now() / 1000 < REFRESH_MARGIN_S) await refreshWithBackoff(auth);
      })().catch(() => {});
    } else {
      void auth.stopAutoRefresh();
    }
  };
  env.document?.addEventListener("visibilitychange", onVisibility);
  const onOnline = () => void sync().catch(() => {});
  env.network?.addEventListener("online", onOnline);

  return () => {
    stopped = true;
    settle();
    subscription.subscription.unsubscribe();
    env.document?.removeEventListener("visibilitychange", onVisibility);
    env.network?.removeEventListener("online", onOnline);
    env.channel?.close();
  };
}

function browserEnv(): SessionStoreEnv {
  if (typeof window === "undefined") return {};
  let channel: SessionStoreEnv["channel"];
  try {
    channel = new BroadcastChannel(AUTH_BROADCAST_CHANNEL);
  } catch {
    channel = undefined;
  }
  return { storage: localStorage, document, location: window.location, channel, network: window };
}
