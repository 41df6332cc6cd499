// Strings and language inside the signed-in application.
// - Shared strings (errors of SPEC §8, shell words) come from src/i18n/*.json via useT().
// - A feature keeps its own strings beside its pages in `messages.ts`, as
//   `defineMessages({ fr: {...}, en: {...} })`: the type makes the English object have
//   exactly the French keys, and the strings travel in the feature's own chunk.
import { createContext, useContext } from "react";
import type { TFunction } from "i18next";
import { useTranslations } from "../lib/i18n.ts";
import { DEFAULT_LOCALE, type Locale } from "../lib/locales.ts";

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The page's language (fr or en), from the path the application was opened on. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The translate function of the shared catalogue (src/i18n/*.json). */
export function useT(): TFunction {
  return useTranslations(useLocale());
}

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** A feature's strings: `en` must have every key `fr` has, and no other. */
export function defineMessages<F extends object>(messages: { fr: F; en: Strings<F> }): { fr: F; en: Strings<F> } {
  return messages;
}

/** The strings of a feature in the page's language. */
export function useMessages<F extends object>(messages: { fr: F; en: Strings<F> }): F {
  return messages[useLocale()] as F;
}

/** Fills `{name}` placeholders: fill("Bonjour, {name}", { name: "Awa" }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
