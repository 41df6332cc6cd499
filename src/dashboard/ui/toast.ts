// Toasts from the dashboard, through the shared toast store (src/lib/auth/toast.ts) that the
// mounted Toaster shows. Wording is SPEC §8's, kept once in src/i18n/*.json.
import { showToast } from "../../lib/auth/toast.ts";
import { genericErrorKey } from "../../lib/errors/generic.ts";
import { translate, useT } from "../i18n.ts";

/** SPEC §8 success messages an action can end with. */
export type SuccessKind = "saved" | "created" | "updated" | "deleted" | "sent" | "uploaded";

/** "Enregistré avec succès" / "Saved successfully"… as a polite status toast. */
// The strings are the page's language (provided by the app's root), so a toast can be shown
// from any handler without threading the locale through.
export function toastSuccess(kind: SuccessKind): void {
  showToast({ title: translate(`errors.success.${kind}`), variant: "success" });
}

/** The SPEC §8 generic message of a failed action, as an alert toast. */
export function toastError(error: unknown): void {
  showToast({ title: translate(genericErrorKey(error)), variant: "destructive" }, 8000);
}

/** In a component: error → its SPEC §8 generic message in the page's language. */
export function useErrorMessage(): (error: unknown) => string {
  const t = useT();
  return (error) => t(genericErrorKey(error));
}
