// What shows while a dialog's code loads the first time it opens (pages load their heavy
// forms, with their date pickers, on the click that needs them: DESIGN §6 weight). A dimmed
// screen and "Chargement…" for screen readers; no react-aria, so it costs the page nothing.
import { Skeleton } from "./Skeleton.tsx";

export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-2 sm:p-4">
      <div className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
        <Skeleton lines={4} />
      </div>
    </div>
  );
}
