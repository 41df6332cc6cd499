// The application's router (@nanostores/router) built from the route table, in the page's
// language: links inside the application change the page without reloading it.
import { createRouter } from "@nanostores/router";
import { localizedPath, type Locale } from "../lib/locales.ts";
import { ROUTES } from "./routes.ts";

export function createDashboardRouter(locale: Locale) {
  const config: Record<string, string> = {};
  for (const route of ROUTES) config[route.name] = localizedPath(locale, route.path);
  return createRouter(config);
}

export type DashboardRouter = ReturnType<typeof createDashboardRouter>;

/** The href of a route in the page's language, with its parameters filled in. */
export function hrefOf(locale: Locale, path: string, params: Record<string, string> = {}): string {
  return localizedPath(locale, path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "")));
}
