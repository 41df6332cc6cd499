// SPEC §9 authentication constants, named once. Each one is pinned by tests/unit/auth-constants.test.ts.

/** The session loading flag gives up waiting after this long (SPEC §4, §9). */
export const SESSION_LOADING_TIMEOUT_MS = 3000;
/** A failed token refresh is retried after this delay, doubling at each attempt. */
export const REFRESH_RETRY_BASE_MS = 200;
/** A session found in a URL that was issued longer ago than this only logs a warning. */
export const URL_SESSION_MAX_AGE_S = 120;
/** Signed-in visitors on login/signup/forgot-password are sent on after this delay… */
export const AUTH_REDIRECT_DELAY_MS = 200;
/** …at most this many times… */
export const AUTH_REDIRECT_MAX = 5;
/** …the count starting again after this long. */
export const AUTH_REDIRECT_RESET_MS = 30_000;
/** The error screen's retry re-renders after this delay. */
export const ERROR_RETRY_DELAY_MS = 500;
/** One-time-code sign-in by phone goes by SMS unless told otherwise. */
export const DEFAULT_OTP_CHANNEL = "sms" as const;
/** One-time-code sign-in creates the account when it does not exist yet. */
export const OTP_CREATES_USER = true;
/** Where a signed-in visitor lands. */
export const DASHBOARD_PATH = "/dashboard";
/** HTTP statuses worth retrying (with network failures). */
export const RETRYABLE_STATUSES: readonly number[] = [502, 503, 504];
/** Statuses on logout that mean "already signed out there": the local session is cleared anyway. */
export const LOGOUT_IGNORED_STATUSES: readonly number[] = [401, 403, 404];
/** Logout's retries of a retryable failure before giving up. */
export const LOGOUT_MAX_ATTEMPTS = 3;
