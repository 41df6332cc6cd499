// The SPEC §4 redirect of a signed-in user (confirmed e-mail, no pending second factor) away
// from the sign-in, sign-up and forgot-password pages, after 200 ms, at most 5 times per
// 30 s; whichever client the page has answers the assurance question.
import { useEffect, useRef } from "react";
import { signedInRedirect, takeStoredRedirect } from "../../lib/auth/redirects.ts";
import { needsSecondFactor, type AssuranceLevels } from "../../lib/auth/assurance.ts";
import type { AuthState } from "../../lib/auth/session-store.ts";
import type { Locale } from "../../lib/locales.ts";

export interface AssuranceSource {
  mfa: { getAuthenticatorAssuranceLevel(): Promise<{ data: AssuranceLevels | null }> };
}

/** `auth`: a stable function (module-level), or the effect runs again at each render. */
export function useSignedInRedirectWith(state: AuthState, auth: () => AssuranceSource | Promise<AssuranceSource>, locale: Locale, paused: boolean): void {
  const done = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The planned redirect survives the session store's next updates (a session from a link
  // in the URL arrives as INITIAL_SESSION then SIGNED_IN); only leaving the page cancels it.
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (paused || done.current || state.loading || !state.session || !state.user) return;
    const plan = signedInRedirect({
      path: window.location.pathname,
      search: window.location.search,
      locale,
      authenticated: true,
      emailConfirmed: Boolean(state.user.email_confirmed_at || state.user.phone_confirmed_at),
    });
    if (!plan) return;
    let cancelled = false;
    void (async () => {
      // A user who still owes a second factor stays to give it.
      const { data } = await (await auth()).mfa.getAuthenticatorAssuranceLevel();
      if (cancelled || done.current || needsSecondFactor(data)) return;
      if (!takeStoredRedirect(sessionStorage)) return;
      done.current = true;
      timer.current = setTimeout(() => window.location.replace(plan.to), plan.delayMs);
    })();
    return () => {
      cancelled = true;
    };
  }, [state.loading, state.session, state.user, paused, locale, auth]);
}
