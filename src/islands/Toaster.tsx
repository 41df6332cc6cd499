// Toasts of the session store (logout success or failure…), plus the one a previous page
// left for this one. Success toasts are polite status messages; failures are alerts.
import { useEffect } from "react";
import { useStore } from "@nanostores/react";
import { $toasts, dismissToast, showToast, takePendingToast } from "../lib/auth/toast.ts";

export default function Toaster({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore($toasts);
  useEffect(() => {
    const pending = takePendingToast(sessionStorage);
    if (pending) showToast(pending);
  }, []);
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-full max-w-sm flex-col gap-2 px-4 sm:px-0">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${toast.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-gray-200 bg-white text-gray-900"}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
            </div>
            <button type="button" onClick={() => dismissToast(toast.id)} className="text-sm text-gray-600 hover:text-gray-900" aria-label={closeLabel}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
