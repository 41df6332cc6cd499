// The installable application's web app manifest, one per language (issue 24): the site's
// names, the brand's colours (DESIGN tokens: brand-900 as the pages' theme-color, white
// background), the icons of public/icons (scripts/pwa-icons.ts), and the user's dashboard as
// the start page. Both share one id, so installing from either language is one application.
import type { Locale } from "../locales.ts";
import { localizedPath } from "../locales.ts";

export const THEME_COLOR = "#06361e";
export const MANIFEST_PATH = "/manifest.webmanifest";

export const manifestPath = (locale: Locale): string => localizedPath(locale, MANIFEST_PATH);

const DESCRIPTION: Record<Locale, string> = {
  fr: "Vos cours, votre emploi du temps, vos notes et vos paiements, même sans connexion.",
  en: "Your courses, timetable, marks and payments, even without a connection.",
};

export function webManifest(locale: Locale, names: { name: string; shortName: string }) {
  return {
    id: "/dashboard",
    name: names.name,
    short_name: names.shortName,
    description: DESCRIPTION[locale],
    lang: locale === "fr" ? "fr-CM" : "en-CM",
    dir: "ltr",
    start_url: localizedPath(locale, "/dashboard"),
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
