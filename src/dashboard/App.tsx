// The signed-in application: router + role guard + layout, nothing else (DESIGN §6).
// Reads the user's roles once, finds the route of the path in the route table, and shows
// its page (loaded lazily, its own chunk), "Accès refusé" or the not-found page.
import { Suspense, lazy, useEffect, useMemo, useRef, type ComponentType, type LazyExoticComponent } from "react";
import { useStore } from "@nanostores/react";
import type { Session } from "@supabase/supabase-js";
import { unlocalizedPath, type Locale } from "../lib/locales.ts";
import { afterLoad } from "../lib/after-load.ts";
import { ERROR_RETRY_DELAY_MS } from "../lib/constants.ts";
import { openAccountDevice } from "../lib/offline/account.ts";
import ErrorScreen from "./guard/ErrorScreen.tsx";
import { LocaleContext, useT } from "./i18n.ts";
import { ownProfileStore } from "./profile/store.ts";
import { createDashboardRouter, followAppLinks } from "./router.ts";
import { roleOfPath, type PageProps } from "./paths.ts";
import { ROUTES, mayOpen, type DashboardRoute } from "./routes.ts";
import { SignedInContext, type SignedIn } from "./session.ts";
import { provideSenders } from "./shared/outbox/send.ts";
import { ownRolesStore, rememberedRole } from "./shell/data.ts";
import Layout from "./shell/Layout.tsx";
import { PageSkeleton } from "./shell/PageSkeleton.tsx";
import { AccessDenied, NotFound } from "./shell/StatusPage.tsx";

// The outbox sends a kept write through each feature's data module: the frame knows them.
provideSenders(() => import("./shell/outbox-senders.ts"));

const pages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();
function pageOf(route: DashboardRoute) {
  let page = pages.get(route.name);
  if (!page) pages.set(route.name, (page = lazy(route.page)));
  return page;
}

export default function App({ locale, session }: { locale: Locale; session: Session }) {
  const t = useT();
  // Before any read starts: reads are saved for this account (and read back offline).
  openAccountDevice(session.user.id);
  const router = useMemo(() => createDashboardRouter(locale), [locale]);
  const page = useStore(router);
  const $roles = useMemo(() => ownRolesStore(session.user.id), [session.user.id]);
  const roles = useStore($roles);
  const $profile = useMemo(() => ownProfileStore(session.user.id), [session.user.id]);
  const profile = useStore($profile);
  const main = useRef<HTMLElement | null>(null);
  useEffect(() => followAppLinks(router, locale), [router, locale]);
  // The user's outbox (writes kept on this device) sends what waits, from any page; its
  // code comes once the page has loaded, as realtime's does (a page that writes loads it itself).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void afterLoad()
      .then(() => import("./shared/outbox/outbox-runtime.ts"))
      .then(({ startOutbox }) => {
        if (!gone) stop = startOutbox(session.user.id);
      });
    return () => {
      gone = true;
      stop?.();
    };
  }, [session.user.id]);

  const route = page ? ROUTES.find((r) => r.name === page.route) : undefined;
  const held = roles.data ?? [];
  const pathRole = roleOfPath(unlocalizedPath(page?.path ?? window.location.pathname));
  const remembered = rememberedRole();
  const role = pathRole && held.includes(pathRole) ? pathRole : remembered && held.includes(remembered) ? remembered : held[0];

  // A title per page, and focus moved to the new page for keyboard and screen-reader users.
  useEffect(() => {
    document.title = `${route ? route.title[locale] : t("dashboard.title")} · ${t("site.shortName")}`;
  }, [route, locale, t]);
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    main.current ??= document.getElementById("main");
    main.current?.focus();
  }, [page?.path]);

  if (roles.error && !roles.data) {
    return <ErrorScreen error={roles.error} locale={locale} onRetry={() => setTimeout(() => $roles.revalidate(), ERROR_RETRY_DELAY_MS)} />;
  }
  if (!roles.data) {
    return (
      <p className="p-8 text-gray-600" role="status">
        {t("dashboard.loading")}
      </p>
    );
  }

  const signedIn: SignedIn = { session, userId: session.user.id, roles: held, role, name: profile.data?.full_name };
  let content;
  if (!route || !page) content = <NotFound />;
  else if (!mayOpen(route, held)) content = <AccessDenied />;
  else {
    const Page = pageOf(route);
    content = (
      <Suspense fallback={<PageSkeleton />}>
        <Page params={page.params as Record<string, string>} />
      </Suspense>
    );
  }
  return (
    <LocaleContext.Provider value={locale}>
      <SignedInContext.Provider value={signedIn}>
        <Layout route={route} params={(page?.params ?? {}) as Record<string, string>} name={signedIn.name}>
          {content}
        </Layout>
      </SignedInContext.Provider>
    </LocaleContext.Provider>
  );
}
