// The protected-page states (SPEC §2, §8): checking the session; "Erreur d'authentification"
// with a reload; signed out, sent to the login page (which brings them back) with the
// "Connexion requise" card meanwhile; a pending second factor asked for before anything
// else (aal1 -> aal2, so the admin area too requires aal2 of an admin who enrolled).
import { Suspense, lazy, useEffect, useState, type ReactNode } from "react";
import type { Session } from "@supabase/supabase-js";
import type { Locale } from "../../lib/locales.ts";
import { loginPathFor } from "../../lib/auth/redirects.ts";
import { needsSecondFactor } from "../../lib/auth/assurance.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useAuthState } from "../../islands/auth/hooks.ts";
import { useT } from "../i18n.ts";
// Only users with a second factor ever see the challenge: load it when needed.
const MfaChallengeForm = lazy(() => import("../../islands/auth/MfaChallengeForm.tsx"));

const card = "mx-auto mt-16 max-w-md rounded-xl bg-white p-8 shadow";
const primary = "mt-6 inline-flex rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";

type Assurance = "checking" | "ok" | "needs-aal2";

export default function AuthGuard({
  locale,
  signedOut = "redirect",
  children,
}: {
  locale: Locale;
  /** "redirect": go to login at once (dashboard paths); "card": only show the card. */
  signedOut?: "redirect" | "card";
  children: (session: Session) => ReactNode;
}) {
  const t = useT();
  const auth = useAuthState();
  const [assurance, setAssurance] = useState<Assurance>("checking");
  const signedIn = Boolean(auth.session && auth.user);
  const loginHref = typeof window === "undefined" ? "/login" : loginPathFor(locale, window.location.pathname, window.location.search);

  useEffect(() => {
    if (auth.loading || signedIn || auth.error || signedOut !== "redirect") return;
    window.location.replace(loginHref);
  }, [auth.loading, signedIn, auth.error, signedOut, loginHref]);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void getSupabase()
      .auth.mfa.getAuthenticatorAssuranceLevel()
      .then(({ data }) => {
        if (!cancelled) setAssurance(needsSecondFactor(data) ? "needs-aal2" : "ok");
      })
      .catch(() => !cancelled && setAssurance("ok"));
    return () => {
      cancelled = true;
    };
  }, [signedIn, auth.session?.access_token]);

  if (auth.loading || (signedIn && assurance === "checking")) {
    return (
      <p className="p-8 text-gray-600" role="status">
        {t("guard.checking")}
      </p>
    );
  }
  if (auth.error) {
    return (
      <main className={card} role="alert">
        <h1 className="text-2xl font-bold text-red-800">{t("guard.authErrorTitle")}</h1>
        <p className="mt-2 text-gray-700">{t("guard.authErrorBody")}</p>
        <button type="button" onClick={() => window.location.reload()} className={primary}>
          {t("guard.reload")}
        </button>
      </main>
    );
  }
  if (!signedIn || !auth.session) {
    return (
      <main className={card}>
        <h1 className="text-2xl font-bold text-brand-900">{t("guard.loginRequiredTitle")}</h1>
        <p className="mt-2 text-gray-700">{t("guard.loginRequiredBody")}</p>
        <a href={loginHref} className={primary}>
          {t("guard.signIn")}
        </a>
      </main>
    );
  }
  if (assurance === "needs-aal2") {
    return (
      <main className={card}>
        <Suspense fallback={<p role="status">{t("guard.checking")}</p>}>
          <MfaChallengeForm auth={() => getSupabase().auth} t={t} onVerified={() => setAssurance("ok")} />
        </Suspense>
      </main>
    );
  }
  return <>{children(auth.session)}</>;
}
