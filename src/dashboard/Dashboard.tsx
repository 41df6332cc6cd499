// The signed-in application, client-side only. For now it greets the user by the name in
// their profile; the student, teacher and admin areas grow from here.
import { useEffect, useState } from "react";
import { getSupabase } from "../lib/supabase/browser.ts";
import { useTranslations } from "../lib/i18n.ts";
import { localizedPath, type Locale } from "../lib/locales.ts";
import { fetchOwnProfile, type Profile } from "./profile/data.ts";
import NotificationBell from "./notifications/NotificationBell.tsx";

type State =
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "error"; message: string }
  | { kind: "ready"; userId: string; profile: Profile | null };

export default function Dashboard({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const supabase = getSupabase();
    (async () => {
      const { data } = await supabase.auth.getSession();
      const user = data.session?.user;
      if (!user) return void (cancelled || setState({ kind: "signed-out" }));
      const profile = await fetchOwnProfile(supabase, user.id);
      if (!cancelled) setState({ kind: "ready", userId: user.id, profile });
    })().catch((error: Error) => cancelled || setState({ kind: "error", message: error.message }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (state.kind === "loading") {
    return <p className="p-8 text-gray-600" role="status">{t("dashboard.loading")}</p>;
  }
  if (state.kind === "signed-out") {
    return (
      <main className="mx-auto mt-16 max-w-md rounded-xl bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-brand-900">{t("dashboard.loginRequiredTitle")}</h1>
        <p className="mt-2 text-gray-700">{t("dashboard.loginRequiredBody")}</p>
        <a href={localizedPath(locale, "/login")} className="mt-6 inline-flex rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("dashboard.loginButton")}
        </a>
      </main>
    );
  }
  if (state.kind === "error") {
    return (
      <main className="mx-auto mt-16 max-w-md rounded-xl bg-white p-8 shadow" role="alert">
        <h1 className="text-2xl font-bold text-red-800">{t("dashboard.errorTitle")}</h1>
        <p className="mt-2 font-mono text-sm text-gray-700">{state.message}</p>
        <button type="button" onClick={() => setAttempt((n) => n + 1)} className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
          {t("dashboard.retry")}
        </button>
      </main>
    );
  }
  const name = state.profile?.full_name;
  return (
    <main className="mx-auto max-w-5xl p-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("dashboard.title")}</p>
          <h1 className="mt-2 text-3xl font-bold text-brand-900" data-testid="dashboard-greeting">
            {name ? t("dashboard.welcome", { name }) : t("dashboard.welcomeNoName")}
          </h1>
        </div>
        <NotificationBell locale={locale} userId={state.userId} />
      </div>
    </main>
  );
}
