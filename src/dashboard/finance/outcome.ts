// A payment's state in plain words (fr/en), for the pay dialog and the history.
import type { financeMessages } from "./messages.ts";

type M = (typeof financeMessages)["fr"];

export function outcomeText(m: M, status: string, reason: string | null): string {
  if ((status === "failed" || status === "cancelled") && reason) {
    return (m.reasons as Record<string, string>)[reason] ?? m.reasons.failed;
  }
  if (status === "failed") return m.reasons.failed;
  return (m.status as Record<string, string>)[status] ?? status;
}
