// Toasts from the dashboard, through the shared toast store (src/lib/auth/toast.ts) that the
// mounted Toaster shows. Wording is SPEC §8's, kept once in src/i18n/*.json.
import { showToast } from "../../lib/auth/toast.ts";
import { genericErrorKey } from "../../lib/errors/generic.ts";
import { useTranslations } from "../../lib/i18n.ts";
import { localeOfPath, type Locale } from "../../lib/locales.ts";
import { useT } from "../i18n.ts";

/** SPEC §8 success messages an action can end with. */
export type SuccessKind = "saved" | "created" | "updated" | "deleted" | "sent" | "uploaded";

// The dashboard's language is its path's (/en/… is English), so a toast can be shown from
// any handler without threading the locale through.
const pageLocale = (): Locale => (typeof location === "undefined" ? "fr" : localeOfPath(location.pathname));

/** "Enregistré avec succès" / "Saved successfully"… as a polite status toast. */
export function toastSuccess(kind: SuccessKind, locale: Locale = pageLocale()): void {
  const t = useTranslations(locale);
  showToast({ title: t(`errors.success.${kind}`), variant: "success" });
}

/** The SPEC §8 generic message of a failed action, as an alert toast. */
export function toastError(error: unknown, locale: Locale = pageLocale()): void {
  const t = useTranslations(locale);
  showToast({ title: t(genericErrorKey(error)), variant: "destructive" }, 8000);
}

/** In a component: error → its SPEC §8 generic message in the page's language. */
export function useErrorMessage(): (error: unknown) => string {
  const t = useT();
  return (error) => t(genericErrorKey(error));
}
