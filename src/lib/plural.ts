// The plural form of a count in a language (Intl.PluralRules: French "0 étudiant" and
// "1,5 point" are singular, English "0 students" is not), then its {placeholders} filled.
// Strings are written as { one, other }, so no "(s)" reaches a screen.
import type { Locale } from "./locales.ts";

export interface PluralForms {
  one: string;
  other: string;
}

const rules = new Map<Locale, Intl.PluralRules>();

export function plural(locale: Locale, count: number, forms: PluralForms, values: Record<string, string | number> = {}): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const template = rule.select(count) === "one" ? forms.one : forms.other;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
