// The signed-in application, client-side only. The guard decides what a visitor sees
// (checking, authentication error, login required, second factor); the shell draws the
// header (name, profile, notifications, logout) and the page for the path.
import { useMemo, useState } from "react";
import { useStore } from "@nanostores/react";
import type { Session } from "@supabase/supabase-js";
import { getSupabase } from "../lib/supabase/browser.ts";
import { useTranslations } from "../lib/i18n.ts";
import { localizedPath, unlocalizedPath, type Locale } from "../lib/locales.ts";
import { logoutClient } from "../lib/auth/logout.ts";
import { LOGOUT_FAILURE_TOAST, LOGOUT_SUCCESS_TOAST, setPendingToast, showToast, translatedToast } from "../lib/auth/toast.ts";
import Toaster from "../islands/Toaster.tsx";
import AuthGuard from "./guard/AuthGuard.tsx";
import ErrorBoundary from "./guard/ErrorBoundary.tsx";
import ErrorScreen from "./guard/ErrorScreen.tsx";
import MfaSettings from "./profile/MfaSettings.tsx";
import NotificationBell from "./notifications/NotificationBell.tsx";
import { ownProfileStore } from "./profile/store.ts";
import { ERROR_RETRY_DELAY_MS } from "../lib/constants.ts";

export default function Dashboard({ locale }: { locale: Locale }) {
  return (
    <ErrorBoundary locale={locale}>
      <Toaster locale={locale} />
      <AuthGuard locale={locale}>{(session) => <Shell locale={locale} session={session} />}</AuthGuard>
    </ErrorBoundary>
  );
}

function Shell({ locale, session }: { locale: Locale; session: Session }) {
  const t = useTranslations(locale);
  const $profile = useMemo(() => ownProfileStore(session.user.id), [session.user.id]);
  const profile = useStore($profile);
  const [signingOut, setSigningOut] = useState(false);
  const path = unlocalizedPath(window.location.pathname).replace(/\/+$/, "");

  async function signOut() {
    setSigningOut(true);
    const result = await logoutClient(getSupabase().auth);
    if (result.ok) {
      setPendingToast(sessionStorage, translatedToast(t, LOGOUT_SUCCESS_TOAST));
      window.location.assign(localizedPath(locale, "/"));
      return;
    }
    setSigningOut(false);
    showToast(translatedToast(t, LOGOUT_FAILURE_TOAST));
  }

  if (profile.error && !profile.loading) {
    return <ErrorScreen error={profile.error} locale={locale} onRetry={() => setTimeout(() => $profile.revalidate(), ERROR_RETRY_DELAY_MS)} />;
  }
  const name = profile.data?.full_name;
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-8 py-4 sm:flex-row sm:items-center sm:justify-between">
          <a href={localizedPath(locale, "/")} className="font-bold text-brand-900">
            {t("site.shortName")}
          </a>
          <nav className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4" aria-label={t("dashboard.title")}>
            <a href={localizedPath(locale, "/dashboard")} className="text-sm font-medium text-gray-800 hover:text-brand-700">
              {t("account.dashboard")}
            </a>
            <a href={localizedPath(locale, "/dashboard/profile")} className="text-sm font-medium text-gray-800 hover:text-brand-700">
              {t("guard.profile")}
            </a>
            <NotificationBell locale={locale} userId={session.user.id} />
            <button
              type="button"
              onClick={() => void signOut()}
              disabled={signingOut}
              className="rounded-md border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              {signingOut ? t("guard.signingOut") : t("guard.signOut")}
            </button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl p-8">
        {profile.loading && profile.data === undefined ? (
          <p className="text-gray-600" role="status">
            {t("dashboard.loading")}
          </p>
        ) : (
          <>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("dashboard.title")}</p>
            <h1 className="mt-2 text-3xl font-bold text-brand-900" data-testid="dashboard-greeting">
              {name ? t("dashboard.welcome", { name }) : t("dashboard.welcomeNoName")}
            </h1>
            {path === "/dashboard/profile" && <MfaSettings locale={locale} />}
          </>
        )}
      </main>
    </>
  );
}
