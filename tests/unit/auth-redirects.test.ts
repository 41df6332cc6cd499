import { describe, expect, it, vi } from "vitest";
import { afterSignInPath, isProtectedPath, loginPathFor, safeNextPath, signedInRedirect, takeRedirect, takeStoredRedirect } from "../../src/lib/auth/redirects.ts";
import { logoutWithRetry, logoutClient } from "../../src/lib/auth/logout.ts";

const signedIn = { authenticated: true, emailConfirmed: true, locale: "fr" as const };

describe("redirect rules (SPEC §4)", () => {
  it("sends visitors on dashboard paths to login and back after signing in", () => {
    expect(isProtectedPath("/dashboard")).toBe(true);
    expect(isProtectedPath("/en/dashboard/student/grades")).toBe(true);
    expect(isProtectedPath("/semestre/s1")).toBe(true);
    expect(isProtectedPath("/dashboard/student-portal")).toBe(false);
    expect(isProtectedPath("/programs")).toBe(false);
    expect(loginPathFor("fr", "/dashboard/student", "?tab=1")).toBe("/login?redirect=%2Fdashboard%2Fstudent%3Ftab%3D1");
    expect(loginPathFor("en", "/en/dashboard")).toBe("/en/login?redirect=%2Fen%2Fdashboard");
    expect(afterSignInPath("fr", "?redirect=%2Fdashboard%2Fstudent")).toBe("/dashboard/student");
    expect(afterSignInPath("en", "")).toBe("/en/dashboard");
    expect(afterSignInPath("fr", "?redirect=https://evil.example")).toBe("/dashboard");
    expect(safeNextPath("//evil.example")).toBeNull();
  });

  it("follows only paths that stay on this site (open-redirect bypasses refused)", () => {
    const origin = "https://univ.example.cm";
    const bypasses = [
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\t\t//evil.example",
      "/%09/evil.example", // still encoded: harmless (a path on this site), see below
      "javascript:alert(1)",
      "/javascript:alert(1)",
      " /evil.example",
      "https://evil.example/dashboard",
      "http:/evil.example",
      "",
    ];
    const refused = bypasses.filter((next) => safeNextPath(next, origin) === null);
    expect(refused).toEqual(bypasses.filter((next) => next !== "/%09/evil.example" && next !== "/javascript:alert(1)"));
    // What survives resolves to this origin: the encoded forms stay paths here.
    expect(safeNextPath("/%09/evil.example", origin)).toBe("/%09/evil.example");
    expect(safeNextPath("/javascript:alert(1)", origin)).toBe("/javascript:alert(1)");
    expect(safeNextPath("/%2F%2Fevil.example", origin)).toBe("/%2F%2Fevil.example");
    // The login page's ?redirect= is decoded once: %09, %0A, %5C and %2F%2F arrive decoded.
    for (const query of ["?redirect=%2F%09%2Fevil.example", "?redirect=%2F%0A%2Fevil.example", "?redirect=%2F%5Cevil.example", "?redirect=%2F%2Fevil.example", "?redirect=javascript%3Aalert(1)"]) {
      expect(afterSignInPath("fr", query)).toBe("/dashboard");
    }
    expect(safeNextPath("/dashboard/student?tab=1#marks", origin)).toBe("/dashboard/student?tab=1#marks");
    expect(safeNextPath("/en/dashboard", origin)).toBe("/en/dashboard");
    expect(afterSignInPath("en", "?redirect=%2Fen%2Fdashboard%2Fprofile")).toBe("/en/dashboard/profile");
  });

  it("sends signed-in users with a confirmed e-mail from login, signup and forgot-password to /dashboard after 200 ms", () => {
    for (const path of ["/login", "/signup", "/forgot-password", "/auth", "/auth/login", "/auth/register", "/en/login"]) {
      expect(signedInRedirect({ ...signedIn, path })).toEqual({ to: "/dashboard", delayMs: 200 });
    }
    expect(signedInRedirect({ ...signedIn, path: "/login", emailConfirmed: false })).toBeNull();
    expect(signedInRedirect({ ...signedIn, path: "/login", authenticated: false })).toBeNull();
  });

  it("never redirects on the password-reset pages", () => {
    expect(signedInRedirect({ ...signedIn, path: "/reset-password" })).toBeNull();
    expect(signedInRedirect({ ...signedIn, path: "/update-password" })).toBeNull();
    expect(signedInRedirect({ ...signedIn, path: "/en/reset-password/" })).toBeNull();
  });

  it("redirects at most 5 times, the counter resetting after 30 s", () => {
    let counter = null;
    const allowed: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      const r = takeRedirect(counter, 1000 + i);
      counter = r.counter;
      allowed.push(r.allowed);
    }
    expect(allowed).toEqual([true, true, true, true, true, false, false]);
    expect(takeRedirect(counter, 1000 + 29_999).allowed).toBe(false);
    expect(takeRedirect(counter, 1000 + 30_000).allowed).toBe(true);
  });

  it("keeps the counter across page loads in sessionStorage", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const results = Array.from({ length: 6 }, () => takeStoredRedirect(storage, 5000));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(takeStoredRedirect(storage, 35_000)).toBe(true);
  });
});

describe("logout (SPEC §8)", () => {
  const noSleep = { sleep: async () => {} };

  it("clears the local session when the server answers 401, 403 or 404", async () => {
    for (const status of [401, 403, 404]) {
      const clear = vi.fn();
      expect(await logoutWithRetry(async () => ({ status }), clear, noSleep)).toEqual({ ok: true });
      expect(clear).toHaveBeenCalledOnce();
    }
  });

  it("retries 502, 503, 504 and network failures, then reports the failure", async () => {
    for (const failure of [{ status: 502 }, { status: 503 }, { status: 504 }, new TypeError("Failed to fetch")]) {
      const attempt = vi.fn(async () => failure);
      const clear = vi.fn();
      const sleeps: number[] = [];
      const result = await logoutWithRetry(attempt, clear, { sleep: async (ms) => void sleeps.push(ms) });
      expect(result.ok).toBe(false);
      expect(attempt).toHaveBeenCalledTimes(3);
      expect(sleeps).toEqual([200, 400]);
      expect(clear).not.toHaveBeenCalled();
    }
    const flaky = vi.fn().mockResolvedValueOnce({ status: 503 }).mockResolvedValueOnce(null);
    expect(await logoutWithRetry(flaky, () => {}, noSleep)).toEqual({ ok: true });
  });

  it("does not retry other failures", async () => {
    const attempt = vi.fn(async () => ({ status: 500 }));
    expect((await logoutWithRetry(attempt, () => {}, noSleep)).ok).toBe(false);
    expect(attempt).toHaveBeenCalledOnce();
  });

  it("deletes the account's device data once signed out, and only then", async () => {
    const clearDevice = vi.fn(async () => []);
    await logoutWithRetry(
      async () => null,
      () => {},
      { ...noSleep, clearDevice },
    );
    expect(clearDevice).toHaveBeenCalledOnce();
    await logoutWithRetry(
      async () => ({ status: 500 }),
      () => {},
      { ...noSleep, clearDevice },
    );
    expect(clearDevice).toHaveBeenCalledOnce();
  });

  it("signs out locally through supabase-js", async () => {
    const signOut = vi.fn(async () => ({ error: null }));
    expect(await logoutClient({ signOut })).toEqual({ ok: true });
    expect(signOut).toHaveBeenCalledWith({ scope: "local" });
  });
});
