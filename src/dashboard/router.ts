// The application's router (@nanostores/router) built from paths.ts, in the page's
// language. A click on a link to one of those paths (in this language) changes the page
// without reloading; any other link (the public site, the help centre, the other
// language, a file) loads normally, so no page needs to mark its links.
import { createRouter } from "@nanostores/router";
import { localeOfPath, localizedPath, unlocalizedPath, type Locale } from "../lib/locales.ts";
import { PATHS, ROUTE_NAMES, matchPath } from "./paths.ts";

export function createDashboardRouter(locale: Locale) {
  const config: Record<string, string> = {};
  for (const name of ROUTE_NAMES) config[name] = localizedPath(locale, PATHS[name]);
  return createRouter(config, { links: false });
}

export type DashboardRouter = ReturnType<typeof createDashboardRouter>;

/** Whether a click on this link should stay inside the application. */
export function isAppLink(link: HTMLAnchorElement, locale: Locale, event: MouseEvent): boolean {
  if (event.button !== 0 || event.defaultPrevented || event.altKey || event.metaKey || event.ctrlKey || event.shiftKey) return false;
  if (link.target || link.download || link.rel === "external" || link.origin !== window.location.origin) return false;
  if (localeOfPath(link.pathname) !== locale) return false;
  return matchPath(unlocalizedPath(link.pathname).replace(/\/+$/, "") || "/") !== undefined;
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
