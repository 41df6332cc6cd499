import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthChangeEvent, Session, SupabaseClient } from "@supabase/supabase-js";
import {
  $auth,
  $isAuthenticated,
  AUTH_EVENTS,
  isInvalidStoredSession,
  isStaleUrlSession,
  reduceAuthEvent,
  refreshBackoffMs,
  refreshWithBackoff,
  startSessionStore,
  type AuthState,
} from "../../src/lib/auth/session-store.ts";
import { AUTH_STORAGE_KEY } from "../../src/lib/auth-storage.ts";

const user = { id: "u1", email: "a@b.cm" } as Session["user"];
const session = { access_token: "a.b.c", refresh_token: "r", expires_at: 2_000_000_000, user } as Session;

function fakeClient(opts: { getSession?: () => Promise<unknown> } = {}) {
  let listener: ((event: AuthChangeEvent, session: Session | null) => void) | undefined;
  const auth = {
    onAuthStateChange: vi.fn((cb: typeof listener) => {
      listener = cb;
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    }),
    getSession: vi.fn(opts.getSession ?? (() => new Promise(() => {}))),
    signOut: vi.fn(async () => ({ error: null })),
    refreshSession: vi.fn(async () => ({ data: { session }, error: null })),
    startAutoRefresh: vi.fn(async () => {}),
    stopAutoRefresh: vi.fn(async () => {}),
  };
  return { client: { auth } as unknown as SupabaseClient, auth, emit: (e: AuthChangeEvent, s: Session | null) => listener!(e, s) };
}

const base: AuthState = { user: null, session: null, loading: true, error: null, lastEvent: null, staleUrlSession: false };

describe("session store (SPEC §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts loading and stops after 3000 ms when nothing answers", () => {
    const { client } = fakeClient();
    const stop = startSessionStore(() => client, {});
    expect($auth.get().loading).toBe(true);
    vi.advanceTimersByTime(2999);
    expect($auth.get().loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect($auth.get().loading).toBe(false);
    stop();
  });

  it("stops loading as soon as the session is fetched", async () => {
    const { client } = fakeClient({ getSession: async () => ({ data: { session }, error: null }) });
    const stop = startSessionStore(() => client, {});
    await vi.advanceTimersByTimeAsync(0);
    expect($auth.get()).toMatchObject({ loading: false, session, user });
    expect($isAuthenticated.get()).toBe(true);
    stop();
  });

  it("stops loading when an auth event arrives, and handles every SPEC §4 event", () => {
    const { client, emit } = fakeClient();
    const stop = startSessionStore(() => client, {});
    emit("SIGNED_IN", session);
    expect($auth.get()).toMatchObject({ loading: false, lastEvent: "SIGNED_IN" });
    for (const event of AUTH_EVENTS) {
      emit(event, event === "SIGNED_OUT" ? null : session);
      expect($auth.get().lastEvent).toBe(event);
      expect($isAuthenticated.get()).toBe(event !== "SIGNED_OUT");
    }
    expect(AUTH_EVENTS).toEqual(["INITIAL_SESSION", "SIGNED_IN", "SIGNED_OUT", "TOKEN_REFRESHED", "USER_UPDATED", "PASSWORD_RECOVERY", "MFA_CHALLENGE_VERIFIED"]);
    stop();
  });

  it("is authenticated only when both user and session exist", () => {
    expect(reduceAuthEvent(base, "SIGNED_IN", { ...session, user: null as never }).user).toBeNull();
    const { client, emit } = fakeClient();
    const stop = startSessionStore(() => client, {});
    emit("SIGNED_IN", { ...session, user: null as never });
    expect($isAuthenticated.get()).toBe(false);
    stop();
  });

  it("reports an initialisation failure and removes the session", async () => {
    const { client, auth } = fakeClient({ getSession: async () => ({ data: { session: null }, error: new Error("bad") }) });
    const stop = startSessionStore(() => client, {});
    await vi.advanceTimersByTimeAsync(0);
    expect($auth.get()).toMatchObject({ loading: false, error: "errors.init" });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: "local" });
    stop();
  });

  it("keeps the stored session offline when it cannot be refreshed for want of a network", async () => {
    const stored = JSON.stringify({ ...session, expires_at: 10 });
    const storage = { getItem: vi.fn(() => stored), removeItem: vi.fn() };
    const network: Record<string, () => void> = {};
    const offline = { name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" };
    const getSession = vi.fn(async () => ({ data: { session: null }, error: offline }));
    const { client, auth, emit } = fakeClient({ getSession });
    const stop = startSessionStore(() => client, {
      storage,
      network: { addEventListener: (type: string, listener: () => void) => (network[type] = listener), removeEventListener: vi.fn() } as never,
    });
    // auth-js reports no initial session when its refresh fails: not believed while one is stored.
    emit("INITIAL_SESSION", null);
    await vi.advanceTimersByTimeAsync(0);
    expect($auth.get()).toMatchObject({ loading: false, error: null, offline: true, user: { id: "u1" } });
    expect($isAuthenticated.get()).toBe(true);
    expect(auth.signOut).not.toHaveBeenCalled();
    // The network is back: checked again, refreshed.
    getSession.mockResolvedValueOnce({ data: { session }, error: null } as never);
    network.online();
    await vi.advanceTimersByTimeAsync(0);
    expect($auth.get()).toMatchObject({ session, offline: false });
    stop();
  });

  it("deletes the account's device data whenever the session ends", () => {
    const clearDevice = vi.fn(async () => []);
    const { client, emit } = fakeClient();
    const stop = startSessionStore(() => client, { clearDevice });
    emit("SIGNED_IN", session);
    expect(clearDevice).not.toHaveBeenCalled();
    emit("SIGNED_OUT", null);
    expect(clearDevice).toHaveBeenCalledOnce();
    stop();
  });

  it("removes an invalid stored session before the client reads it", () => {
    const storage = { getItem: vi.fn(() => "{oops"), removeItem: vi.fn() };
    const { client } = fakeClient();
    startSessionStore(() => client, { storage })();
    expect(storage.removeItem).toHaveBeenCalledWith(AUTH_STORAGE_KEY);
    expect(isInvalidStoredSession(null)).toBe(false);
    expect(isInvalidStoredSession(JSON.stringify({ access_token: "a.b.c", refresh_token: "r" }))).toBe(false);
    expect(isInvalidStoredSession(JSON.stringify({ access_token: "a.b.c" }))).toBe(true);
    expect(isInvalidStoredSession("null")).toBe(true);
  });

  it("only warns about a session in a URL issued more than 120 s ago", () => {
    const hash = (issuedAt: number) => `#access_token=x&expires_in=3600&expires_at=${issuedAt + 3600}&refresh_token=r&token_type=bearer`;
    expect(isStaleUrlSession(hash(1000), 1119)).toBe(false);
    expect(isStaleUrlSession(hash(1000), 1120)).toBe(true);
    expect(isStaleUrlSession("#error=x", 5000)).toBe(false);
    const warn = vi.fn();
    const { client } = fakeClient();
    startSessionStore(() => client, { location: { hash: hash(1000) }, now: () => 1200_000, warn })();
    expect(warn).toHaveBeenCalledOnce();
    expect($auth.get().staleUrlSession).toBe(true);
  });

  it("pauses auto-refresh while hidden and rechecks when visible", async () => {
    const listeners: Record<string, () => void> = {};
    const doc = { visibilityState: "hidden" as DocumentVisibilityState, addEventListener: (t: string, l: () => void) => (listeners[t] = l), removeEventListener: vi.fn() };
    const { client, auth } = fakeClient({ getSession: async () => ({ data: { session: { ...session, expires_at: 10 } }, error: null }) });
    const stop = startSessionStore(() => client, { document: doc as never, now: () => 0 });
    listeners.visibilitychange();
    expect(auth.stopAutoRefresh).toHaveBeenCalled();
    doc.visibilityState = "visible";
    listeners.visibilitychange();
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.startAutoRefresh).toHaveBeenCalled();
    expect(auth.getSession).toHaveBeenCalledTimes(2);
    expect(auth.refreshSession).toHaveBeenCalled();
    stop();
  });

  it("broadcasts sign-in and sign-out to other tabs and resyncs on their messages", async () => {
    const channel = { postMessage: vi.fn(), close: vi.fn(), onmessage: null as ((e: MessageEvent) => void) | null };
    const { client, auth, emit } = fakeClient({ getSession: async () => ({ data: { session: null }, error: null }) });
    const stop = startSessionStore(() => client, { channel });
    emit("SIGNED_OUT", null);
    expect(channel.postMessage).toHaveBeenCalledWith({ event: "SIGNED_OUT" });
    channel.onmessage!({ data: { event: "SIGNED_IN" } } as MessageEvent);
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getSession).toHaveBeenCalledTimes(2);
    stop();
    expect(channel.close).toHaveBeenCalled();
  });
});

describe("token refresh back-off", () => {
  it("starts at 200 ms and doubles", () => {
    expect([0, 1, 2, 3].map(refreshBackoffMs)).toEqual([200, 400, 800, 1600]);
  });

  it("retries retryable failures with those delays, then succeeds", async () => {
    const sleeps: number[] = [];
    const refreshSession = vi
      .fn()
      .mockResolvedValueOnce({ data: { session: null }, error: { status: 503 } })
      .mockResolvedValueOnce({ data: { session: null }, error: { name: "AuthRetryableFetchError", status: 0 } })
      .mockResolvedValueOnce({ data: { session }, error: null });
    const signOut = vi.fn();
    const result = await refreshWithBackoff({ refreshSession, signOut } as never, { sleep: async (ms) => void sleeps.push(ms) });
    expect(result).toBe(session);
    expect(sleeps).toEqual([200, 400]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("removes the session on a non-retryable failure", async () => {
    const refreshSession = vi.fn().mockResolvedValue({ data: { session: null }, error: { status: 400, code: "refresh_token_not_found" } });
    const signOut = vi.fn();
    expect(await refreshWithBackoff({ refreshSession, signOut } as never, { sleep: async () => {} })).toBeNull();
    expect(refreshSession).toHaveBeenCalledOnce();
    expect(signOut).toHaveBeenCalledWith({ scope: "local" });
  });
});
