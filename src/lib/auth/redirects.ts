// SPEC §4 redirect rules as pure functions: visitors on dashboard paths go to login (and
// come back after signing in); signed-in users with a confirmed e-mail on login, signup or
// forgot-password go to /dashboard after 200 ms, at most 5 times per 30 s, never on the
// password-reset pages.
import { AUTH_REDIRECT_DELAY_MS, AUTH_REDIRECT_MAX, AUTH_REDIRECT_RESET_MS, DASHBOARD_PATH } from "../constants.ts";
import { localizedPath, unlocalizedPath, type Locale } from "../locales.ts";

const strip = (path: string) => unlocalizedPath(path).replace(/\/+$/, "") || "/";

/** Pages for signing in or up (login, signup, forgot-password and their aliases). */
export const AUTH_ENTRY_PATHS = ["/auth", "/login", "/signup", "/auth/login", "/auth/register", "/forgot-password", "/student-login"];
/** Password pages (reset, and the invitation's first password): a link's session lands here and must stay. */
export const PASSWORD_RESET_PATHS = ["/reset-password", "/update-password", "/accept-invite"];
/** Public exception under /dashboard (SPEC §2). */
const PUBLIC_DASHBOARD_PATHS = ["/dashboard/student-portal"];

export function isPasswordResetPath(path: string): boolean {
  return PASSWORD_RESET_PATHS.includes(strip(path));
}

export function isAuthEntryPath(path: string): boolean {
  return AUTH_ENTRY_PATHS.includes(strip(path));
}

/** Paths that need a signed-in user (SPEC §2 login-required and dashboard areas). */
export function isProtectedPath(path: string): boolean {
  const p = strip(path);
  if (PUBLIC_DASHBOARD_PATHS.includes(p)) return false;
  return p === "/dashboard" || /^\/(dashboard|semestre|virtual-class|admin)\//.test(p);
}

/** The page's origin in a browser; a stand-in elsewhere (tests), where only sameness matters. */
const currentOrigin = () => (typeof location === "undefined" ? "http://localhost" : location.origin);

/**
 * Only a path on this site is followed after sign-in (no open redirect): the value must be
 * an absolute path that the browser resolves to the page's own origin. Browsers drop tabs
 * and newlines inside URLs and read `\` as `/`, so `/\t/evil.example` or `/\evil.example`
 * would leave the site: any control character or backslash refuses the value outright,
 * then `new URL(next, origin)` decides (`//host`, `javascript:`, `https://…` all resolve
 * elsewhere). Returns the normalised path, query and fragment.
 */
export function safeNextPath(next: string | null | undefined, origin: string = currentOrigin()): string | null {
  if (!next || !next.startsWith("/") || [...next].some((c) => c <= "\u001f" || c === "\u007f" || c === "\\")) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page for a visitor stopped at `path`, remembering where to come back. */
export function loginPathFor(locale: Locale, path: string, search = ""): string {
  const back = `${path}${search}`;
  return `${localizedPath(locale, "/login")}?redirect=${encodeURIComponent(back)}`;
}

/** Where to go after signing in: the remembered page, else the dashboard in the page's language. */
export function afterSignInPath(locale: Locale, search: string): string {
  return safeNextPath(new URLSearchParams(search).get("redirect")) ?? localizedPath(locale, DASHBOARD_PATH);
}

export interface RedirectCounter {
  count: number;
  /** When the first counted redirect happened (ms). */
  since: number;
}

/**
 * Counts redirects of signed-in users away from the entry pages; `take` says whether one
 * more is allowed now (at most 5 per 30 s window, SPEC §9). The counter lives in
 * sessionStorage so a redirect loop across page loads stops too.
 */
export function takeRedirect(counter: RedirectCounter | null, now: number): { allowed: boolean; counter: RedirectCounter } {
  const current = !counter || now - counter.since >= AUTH_REDIRECT_RESET_MS ? { count: 0, since: now } : counter;
  if (current.count >= AUTH_REDIRECT_MAX) return { allowed: false, counter: current };
  return { allowed: true, counter: { count: current.count + 1, since: current.since } };
}

export interface SignedInRedirectInput {
  path: string;
  search?: string;
  locale: Locale;
  authenticated: boolean;
  emailConfirmed: boolean;
}

/** The redirect a signed-in user gets on an entry page, or null (pure; timing in the caller). */
export function signedInRedirect(input: SignedInRedirectInput): { to: string; delayMs: number } | null {
  if (!input.authenticated || !input.emailConfirmed) return null;
  if (isPasswordResetPath(input.path) || !isAuthEntryPath(input.path)) return null;
  return { to: afterSignInPath(input.locale, input.search ?? ""), delayMs: AUTH_REDIRECT_DELAY_MS };
}

export const REDIRECT_COUNTER_KEY = "uel-auth-redirects";

/** Reads, applies and stores the redirect counter in sessionStorage. */
// A structural type rather than the DOM's Storage: the service worker (no DOM) imports this module's path rules.
export function takeStoredRedirect(storage: { getItem(key: string): string | null; setItem(key: string, value: string): void }, now = Date.now()): boolean {
  let counter: RedirectCounter | null = null;
  try {
    counter = JSON.parse(storage.getItem(REDIRECT_COUNTER_KEY) ?? "null") as RedirectCounter | null;
  } catch {
    counter = null;
  }
  const result = takeRedirect(counter, now);
  storage.setItem(REDIRECT_COUNTER_KEY, JSON.stringify(result.counter));
  return result.allowed;
}
