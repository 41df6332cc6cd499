// A route's href and title in the page's language, for pages (paths.ts and titles.ts hold the data).
import { useLocale } from "./i18n.ts";
import { hrefTo, type PlainRouteName, type RouteName } from "./paths.ts";
import { TITLES } from "./titles.ts";

/** A page's h1: its route's title in the page's language (one source with the document title). */
export function useRouteTitle(name: RouteName): string {
  return TITLES[name][useLocale()];
}

/** The href of a route without parameters, in the page's language. */
export function useRouteHref(name: PlainRouteName): string {
  return hrefTo(useLocale(), name);
}
