// Interface strings for both languages through i18next, French as the fallback.
// Static pages call it at build time (no client cost); islands bundle only what they use.
import i18next, { type TFunction } from "i18next";
import fr from "../i18n/fr.json" with { type: "json" };
import en from "../i18n/en.json" with { type: "json" };
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

const resources = { fr: { translation: fr }, en: { translation: en } };

const instances = new Map<Locale, TFunction>();

/** The translate function for a locale: t("nav.programs"), t("dashboard.welcome", { name }). */
export function useTranslations(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    t = instance.t.bind(instance) as TFunction;
    instances.set(locale, t);
  }
  return t;
}
