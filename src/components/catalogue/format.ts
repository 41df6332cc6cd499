// Number formatting for the public pages (francs CFA have no decimals).
import type { Locale } from "../../lib/locales.ts";

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 0 }).format(value);
}
