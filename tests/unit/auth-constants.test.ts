import { describe, expect, it } from "vitest";
import * as C from "../../src/lib/constants.ts";

describe("SPEC §9 authentication constants", () => {
  it("time the session loading out after 3000 ms", () => expect(C.SESSION_LOADING_TIMEOUT_MS).toBe(3000));
  it("start the refresh back-off at 200 ms", () => expect(C.REFRESH_RETRY_BASE_MS).toBe(200));
  it("only warn about a session in a URL older than 120 s", () => expect(C.URL_SESSION_MAX_AGE_S).toBe(120));
  it("redirect signed-in visitors after 200 ms, at most 5 times, counting again after 30 s", () => {
    expect(C.AUTH_REDIRECT_DELAY_MS).toBe(200);
    expect(C.AUTH_REDIRECT_MAX).toBe(5);
    expect(C.AUTH_REDIRECT_RESET_MS).toBe(30_000);
  });
  it("retry the error screen after 500 ms", () => expect(C.ERROR_RETRY_DELAY_MS).toBe(500));
  it("send one-time codes by sms by default and create the user", () => {
    expect(C.DEFAULT_OTP_CHANNEL).toBe("sms");
    expect(C.OTP_CREATES_USER).toBe(true);
  });
  it("retry 502, 503, 504 and ignore 401, 403, 404 on logout", () => {
    expect(C.RETRYABLE_STATUSES).toEqual([502, 503, 504]);
    expect(C.LOGOUT_IGNORED_STATUSES).toEqual([401, 403, 404]);
  });
  it("send signed-in visitors to /dashboard", () => expect(C.DASHBOARD_PATH).toBe("/dashboard"));
});
