// A short status word (Payé, En attente, Refusé…). The colour repeats the word, never
// replaces it; tones keep AA contrast.
import type { ReactNode } from "react";
import { cx } from "./styles.ts";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const tones: Record<Tone, string> = {
  neutral: "bg-gray-100 text-gray-800 border-gray-300",
  info: "bg-blue-50 text-blue-900 border-blue-200",
  success: "bg-brand-50 text-brand-900 border-brand-600/30",
  warning: "bg-amber-50 text-amber-900 border-amber-300",
  danger: "bg-red-50 text-red-900 border-red-200",
};

export function Badge({ tone = "neutral", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cx("inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap", tones[tone], className)}>{children}</span>;
}

/** A status with its dot: <StatusPill tone="success">Payé</StatusPill>. */
export function StatusPill({ tone = "neutral", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <Badge tone={tone} className="gap-1.5">
      <span
        aria-hidden="true"
        className={cx(
          "size-2 rounded-full",
          tone === "neutral" ? "bg-gray-600" : tone === "info" ? "bg-blue-700" : tone === "success" ? "bg-brand-700" : tone === "warning" ? "bg-amber-600" : "bg-red-700",
        )}
      />
      {children}
    </Badge>
  );
}
