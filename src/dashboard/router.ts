// The application's router (@nanostores/router) built from the route table, in the page's
// language. A click on a link to a page of the table (in this language) changes the page
// without reloading; any other link (the public site, the help centre, the other
// language, a file) loads normally, so no page needs to mark its links.
import { createRouter } from "@nanostores/router";
import { localeOfPath, localizedPath, unlocalizedPath, type Locale } from "../lib/locales.ts";
import { ROUTES, matchRoute } from "./routes.ts";

export function createDashboardRouter(locale: Locale) {
  const config: Record<string, string> = {};
  for (const route of ROUTES) config[route.name] = localizedPath(locale, route.path);
  return createRouter(config, { links: false });
}

export type DashboardRouter = ReturnType<typeof createDashboardRouter>;

/** Whether a click on this link should stay inside the application. */
export function isAppLink(link: HTMLAnchorElement, locale: Locale, event: MouseEvent): boolean {
  if (event.button !== 0 || event.defaultPrevented || event.altKey || event.metaKey || event.ctrlKey || event.shiftKey) return false;
  if (link.target || link.download || link.rel === "external" || link.origin !== window.location.origin) return false;
  if (localeOfPath(link.pathname) !== locale) return false;
  return matchRoute(unlocalizedPath(link.pathname).replace(/\/+$/, "") || "/") !== undefined;
}

/** Follows in-app link clicks with the router; returns the function that stops it. */
export function followAppLinks(router: DashboardRouter, locale: Locale): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a");
    if (!link || !isAppLink(link, locale, event)) return;
    event.preventDefault();
    router.open(`${link.pathname}${link.search}${link.hash}`);
  };
  document.body.addEventListener("click", onClick);
  return () => document.body.removeEventListener("click", onClick);
}

/** The href of a route in the page's language, with its parameters filled in. */
export function hrefOf(locale: Locale, path: string, params: Record<string, string> = {}): string {
  return localizedPath(locale, path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "")));
}
