import { useLocale } from "../i18n.ts";
import { ROUTES } from "../routes.ts";

/** A page's h1: its route's title in the page's language (one source with the document title). */
export function useRouteTitle(name: string): string {
  const locale = useLocale();
  return ROUTES.find((r) => r.name === name)?.title[locale] ?? name;
}
