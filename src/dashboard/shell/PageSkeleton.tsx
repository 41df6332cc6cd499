// What a page shows while its code loads: a heading-sized bar and a few lines.
import { useMessages } from "../i18n.ts";
import { shellMessages } from "./messages.ts";

export function PageSkeleton() {
  const m = useMessages(shellMessages);
  return (
    <div role="status" aria-busy="true" className="animate-pulse">
      <span className="sr-only">{m.loadingPage}</span>
      <div className="h-8 w-64 rounded bg-gray-200" />
      <div className="mt-6 h-4 w-full max-w-xl rounded bg-gray-200" />
      <div className="mt-3 h-4 w-full max-w-lg rounded bg-gray-200" />
      <div className="mt-3 h-4 w-full max-w-md rounded bg-gray-200" />
    </div>
  );
}
