// Toasts shared by islands and the dashboard, plus one "pending" toast that survives a
// page change (logout shows its toast on the page it navigates to).
import { atom } from "nanostores";

export interface Toast {
  id: number;
  /** Text as shown (already in the user's language), so it survives a page change. */
  title: string;
  description?: string;
  variant: "success" | "destructive";
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(toast: Omit<Toast, "id">, durationMs = 5000): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { ...toast, id }]);
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export const PENDING_TOAST_KEY = "uel-pending-toast";

/** i18n keys of the logout toasts (SPEC §8). */
export const LOGOUT_SUCCESS_TOAST = { title: "errors.logout.successTitle", description: "errors.logout.successBody", variant: "success" } as const;
export const LOGOUT_FAILURE_TOAST = { title: "errors.logout.failureTitle", description: "errors.logout.failureBody", variant: "destructive" } as const;

/** A toast of i18n keys, translated. */
export function translatedToast(t: (key: string) => string, toast: { title: string; description?: string; variant: Toast["variant"] }): Omit<Toast, "id"> {
  return { title: t(toast.title), description: toast.description ? t(toast.description) : undefined, variant: toast.variant };
}

export function setPendingToast(storage: Pick<Storage, "setItem">, toast: Omit<Toast, "id">): void {
  try {
    storage.setItem(PENDING_TOAST_KEY, JSON.stringify(toast));
  } catch {
    // Storage blocked: the toast is lost, the logout is not.
  }
}

export function takePendingToast(storage: Pick<Storage, "getItem" | "removeItem">): Omit<Toast, "id"> | null {
  try {
    const raw = storage.getItem(PENDING_TOAST_KEY);
    storage.removeItem(PENDING_TOAST_KEY);
    return raw ? (JSON.parse(raw) as Omit<Toast, "id">) : null;
  } catch {
    return null;
  }
}
