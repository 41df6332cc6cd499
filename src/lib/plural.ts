// The plural form of a count in a language (Intl.PluralRules: French "0 étudiant" and
// "1,5 point" are singular, English "0 students" is not), then its {placeholders} filled.
// One rule for every string: the i18next catalogue's `key_one` / `key_other` (site:
// i18next; dashboard: lib/translate.ts, through pluralCategory) and the features' own
// strings, written as { one, other } beside their pages. So no "(s)" reaches a screen.
import { formatNumber } from "./format.ts";
import type { Locale } from "./locales.ts";

export interface PluralForms {
  one: string;
  other: string;
}

const rules = new Map<Locale, Intl.PluralRules>();

/** The CLDR category of a count: "one" or "other" (French also has "many" for millions). */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count);
}

/** The form for `count`, its {placeholders} filled from `values`. */
export function plural(locale: Locale, count: number, forms: PluralForms, values: Record<string, string | number> = {}): string {
  const template = pluralCategory(locale, count) === "one" ? forms.one : forms.other;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** "{n} cours" / "3 courses": the form for `n`, with {n} written by Intl (2 500 / 2,500); other
 *  placeholders from `values`. */
export function countOf(locale: Locale, forms: PluralForms, n: number, values: Record<string, string | number> = {}): string {
  return plural(locale, n, forms, { ...values, n: formatNumber(locale, n) });
}
