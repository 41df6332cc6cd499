// The session hooks on full supabase-js, for the dashboard (which loads it anyway): the
// same store and redirect rules as the sign-in pages' ./session.ts.
import { useStore } from "@nanostores/react";
import { $auth, ensureSessionStore } from "../../lib/auth/client.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import type { Locale } from "../../lib/locales.ts";
import { useSignedInRedirectWith } from "./redirect-hook.ts";

export function useAuthState() {
  ensureSessionStore();
  return useStore($auth);
}

const supabaseAuth = () => getSupabase().auth;

/** `paused` while the form itself is signing in (it navigates, or asks for a code). */
export function useSignedInRedirect(locale: Locale, paused: boolean): void {
  useSignedInRedirectWith(useAuthState(), supabaseAuth, locale, paused);
}
