// The top bar: the phone menu button, the notification bell, the language switch and the
// account menu (profile, switching area for several roles, sign out).
import { useState, type MouseEvent } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { alternatePath, localizedPath, PREFERRED_LANGUAGE_KEY } from "../../lib/locales.ts";
import { logoutClient } from "../../lib/auth/logout.ts";
import { LOGOUT_FAILURE_TOAST, LOGOUT_SUCCESS_TOAST, setPendingToast, showToast, translatedToast } from "../../lib/auth/toast.ts";
import NotificationBell from "../notifications/NotificationBell.tsx";
import { savePreferredLocale } from "../profile/data.ts";
import { useLocale, useMessages, useT } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { hrefTo } from "../paths.ts";
import { shellMessages } from "./messages.ts";

const control = "rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const iconControl = "rounded-md p-2 text-brand-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export default function TopBar({ name, menuOpen, onToggleMenu }: { name: string | undefined; menuOpen: boolean; onToggleMenu: () => void }) {
  const locale = useLocale();
  const t = useT();
  const m = useMessages(shellMessages);
  const { userId, roles, role } = useSignedIn();
  const [signingOut, setSigningOut] = useState(false);
  const other = locale === "fr" ? "en" : "fr";

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

  function rememberLanguage(event: MouseEvent<HTMLAnchorElement>) {
    try {
      localStorage.setItem(PREFERRED_LANGUAGE_KEY, other);
    } catch {
      // Storage blocked: the link still opens the other language.
    }
    // The profile's language drives notifications too: save it, then open the page (a
    // slow or failed save never keeps the user from switching).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    const saved = savePreferredLocale(getSupabase(), userId, other).catch(() => undefined);
    void Promise.race([saved, new Promise((resolve) => setTimeout(resolve, 1500))]).then(() => window.location.assign(href));
  }

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      {/* At 360 px every control keeps one line: the menu and account are icons there (their
          names stay for screen readers) so the brand is never cut. */}
      <div className="flex items-center gap-1 px-2 py-2 sm:gap-2 sm:px-6">
        <button
          type="button"
          className={`${iconControl} lg:hidden`}
          aria-label={menuOpen ? m.closeMenu : m.openMenu}
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          onClick={onToggleMenu}
          data-testid="menu-button"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <a href={hrefTo(locale, "selector")} className="min-w-0 truncate px-1 font-bold text-brand-900" data-testid="dashboard-brand">
          {t("site.shortName")}
        </a>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <NotificationBell locale={locale} userId={userId} />
          <a
            href={`${alternatePath(window.location.pathname)}${window.location.search}`}
            hrefLang={other}
            lang={other}

            aria-label={m.languageLabel}
            className={control}
            onClick={rememberLanguage}
            data-testid="language-switch"
          >
            {m.language}
          </a>
          <details className="relative" data-testid="account-menu">
            <summary className={`cursor-pointer list-none ${control} max-sm:p-2`}>
              <span className="hidden sm:inline">{name || m.account}</span>
              <span className="sr-only sm:hidden">{m.account}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
              </svg>
            </summary>
            <ul className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
              <li>
                <a className={`${control} block`} href={role ? hrefTo(locale, `${role}.profile`) : hrefTo(locale, "profile")}>
                  {m.profile}
                </a>
              </li>
              {roles.length > 1 && (
                <li>
                  <a className={`${control} block`} href={`${hrefTo(locale, "selector")}?choose=1`}>
                    {m.switchArea}
                  </a>
                </li>
              )}
              <li>
                <button type="button" className={`${control} block w-full text-left`} onClick={() => void signOut()} disabled={signingOut}>
                  {signingOut ? m.signingOut : m.signOut}
                </button>
              </li>
            </ul>
          </details>
        </div>
      </div>
    </header>
  );
}
