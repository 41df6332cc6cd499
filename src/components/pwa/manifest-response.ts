// The manifest files (/manifest.webmanifest, /en/manifest.webmanifest), written at build time.
import { useTranslations } from "../../lib/i18n.ts";
import type { Locale } from "../../lib/locales.ts";
import { webManifest } from "../../lib/offline/web-manifest.ts";

export function manifestResponse(locale: Locale): Response {
  const t = useTranslations(locale);
  const manifest = webManifest(locale, { name: t("site.name"), shortName: t("site.shortName") });
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json; charset=utf-8" } });
}
