// The two interface languages and how a path changes from one to the other.
// French is the default and lives at the root; English lives under /en/.
export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";
/** localStorage key remembering the visitor's language choice (SPEC §1). */
export const PREFERRED_LANGUAGE_KEY = "preferred-language";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}

/** The locale a URL path is in: /en/... is English, everything else French. */
export function localeOfPath(pathname: string): Locale {
  return /^\/en(\/|$)/.test(pathname) ? "en" : DEFAULT_LOCALE;
}

/** The path without its language prefix: /en/programs -> /programs, /en -> /. */
export function unlocalizedPath(pathname: string): string {
  return pathname.replace(/^\/en(?=\/|$)/, "") || "/";
}

/** The same page in `locale`: localizedPath("en", "/programs") -> /en/programs. */
export function localizedPath(locale: Locale, pathname: string): string {
  const base = unlocalizedPath(pathname);
  if (locale === DEFAULT_LOCALE) return base;
  return base === "/" ? "/en/" : `/en${base}`;
}

/** The same page in the other language, for the language switch. */
export function alternatePath(pathname: string): string {
  return localizedPath(localeOfPath(pathname) === "fr" ? "en" : "fr", pathname);
}
