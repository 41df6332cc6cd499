// Grey placeholders while a page or block loads. The region is aria-busy and says "Chargement…"
// once to screen readers; the shapes themselves are hidden from them.
import { useMessages } from "../i18n.ts";
import { uiMessages } from "./messages.ts";
import { cx } from "./styles.ts";

export interface SkeletonProps {
  /** Text lines (default 3), or blocks (cards) when `blocks` is set. */
  lines?: number;
  blocks?: number;
  /** What is loading, for screen readers; default "Chargement…". */
  label?: string;
  className?: string;
}

export function Skeleton({ lines = 3, blocks = 0, label, className }: SkeletonProps) {
  const m = useMessages(uiMessages);
  return (
    <div role="status" aria-busy="true" aria-live="polite" data-testid="skeleton" className={cx("space-y-3", className)}>
      <span className="sr-only">{label ?? m.loading}</span>
      {blocks > 0
        ? Array.from({ length: blocks }, (_, i) => <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-gray-200" />)
        : Array.from({ length: lines }, (_, i) => <div key={i} aria-hidden="true" className={cx("h-4 animate-pulse rounded bg-gray-200", i === lines - 1 && lines > 1 ? "w-2/3" : "w-full")} />)}
    </div>
  );
}
