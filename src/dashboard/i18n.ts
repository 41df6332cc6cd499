// Strings and language inside the signed-in application.
// - Shared strings (errors of SPEC §8, shell words) come from src/i18n/*.json via useT():
//   the page passes the parts the app uses, in its one language (DASHBOARD_MESSAGE_PATHS of
//   lib/i18n-subset.ts), so the app ships neither i18next nor the other language.
// - A feature keeps its own strings beside its pages in `messages.ts`, as
//   `defineMessages({ fr: {...}, en: {...} })`: the type makes the English object have
//   exactly the French keys, and the strings travel in the feature's own chunk.
import { createContext, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "../lib/locales.ts";
import { createTranslate, type Messages, type Translate } from "../lib/translate.ts";

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The page's language (fr or en), from the path the application was opened on. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

let shared: Translate = (key) => key;

/** Called by the app's root with the strings its page passed, before anything renders. */
export function provideStrings(messages: Messages, locale: Locale): void {
  shared = createTranslate(messages, locale);
}

/** The shared catalogue's translate function, outside components (toasts, error screens). */
export function translate(key: string, values?: Record<string, unknown>): string {
  return shared(key, values);
}

/** The translate function of the shared catalogue (src/i18n/*.json), in a component. */
export function useT(): Translate {
  return shared;
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
