// What every authentication island needs: the session store started with the auth-only
// client (loaded at once only when a session may exist), and the signed-in redirect
// (./redirect-hook.ts). The dashboard's equivalents (full supabase-js) are in ./hooks.ts.
import { useStore } from "@nanostores/react";
import { $auth, authClient, ensureAuthSessionStore } from "../../lib/auth/auth-session.ts";
import type { Locale } from "../../lib/locales.ts";
import { useSignedInRedirectWith } from "./redirect-hook.ts";

export { authClient };

export function useAuthState(options?: { eager?: boolean }) {
  ensureAuthSessionStore(options);
  return useStore($auth);
}

/** `paused` while the form itself is signing in (it navigates, or asks for a code). */
export function useSignedInRedirect(locale: Locale, paused: boolean): void {
  useSignedInRedirectWith(useAuthState(), authClient, locale, paused);
}

/** The form schemas (zod), loaded on demand like the client: validation runs at submit. */
export const loadForms = () => import("../../lib/forms/auth.ts");

/** Props for a form: start downloading the client and schemas as soon as the visitor starts on it. */
function warm() {
  void authClient().catch(() => {});
  void loadForms().catch(() => {});
}
export const warmAuthClient = { onFocus: warm, onPointerDown: warm };
