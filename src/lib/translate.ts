// Interface strings for the browser without i18next: the page passes the strings an island
// needs, in the page's language only (src/lib/i18n-subset.ts), and this looks them up.
// Same rules as the site's i18next setup for what islands use: dotted keys, {{name}}
// values ({{count, number}}: written by Intl in the language), `key_one` / `key_other`
// plurals chosen by a numeric `count` (French `key_many`, for millions, falls back to
// `key_other`), `key_<context>` chosen by a `context` value before the plain key (i18next's
// context: a variant of a sentence, e.g. with or without a matricule), and the key itself
// when a string is missing.
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";
import { formatNumber } from "./format.ts";
import { pluralCategory } from "./plural.ts";

export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, unknown>) => string;

function lookup(messages: Messages, key: string): string | undefined {
  let found: string | Messages | undefined = messages;
  for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
  return typeof found === "string" ? found : undefined;
}

export function createTranslate(messages: Messages, locale: Locale = DEFAULT_LOCALE): Translate {
  const withCount = (key: string, count: unknown) =>
    (typeof count === "number" ? (lookup(messages, `${key}_${pluralCategory(locale, count)}`) ?? lookup(messages, `${key}_other`)) : undefined) ?? lookup(messages, key);
  return (key, values) => {
    const context = values?.context;
    const found = (typeof context === "string" && context ? withCount(`${key}_${context}`, values?.count) : undefined) ?? withCount(key, values?.count);
    if (found === undefined) return key;
    return values
      ? found.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (all, name: string, format?: string) => {
          if (!(name in values)) return all;
          const value = values[name];
          return format === "number" && typeof value === "number" ? formatNumber(locale, value) : String(value);
        })
      : found;
  };
}
