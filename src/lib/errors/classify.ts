// Which error screen an error deserves (SPEC §8 "Error screen types") and whether a failed
// call is worth retrying (SPEC §8: 502, 503, 504 and network failures).
import { RETRYABLE_STATUSES } from "../constants.ts";

export type ErrorScreenKind = "network" | "server" | "client" | "unknown";
export type ClientErrorReason = "chunk" | "update";

export interface ClassifiedError {
  kind: ErrorScreenKind;
  /** Only for "client": a failed code chunk, or a newer version of the site is live. */
  reason?: ClientErrorReason;
}

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : typeof error === "string" ? error : String(error ?? ""));

export function classifyError(error: unknown): ClassifiedError {
  const message = messageOf(error);
  if (/ChunkLoadError|Loading chunk|dynamically imported module|Importing a module script failed|Failed to fetch dynamically/i.test(message)) return { kind: "client", reason: "chunk" };
  if (/update needed|new version|version mismatch|reload required/i.test(message)) return { kind: "client", reason: "update" };
  if (/\b50[0-4]\b/.test(message)) return { kind: "server" };
  if (/Failed to fetch|NetworkError|Network request failed|network|ERR_INTERNET|offline|Load failed/i.test(message)) return { kind: "network" };
  return { kind: "unknown" };
}

/** A status code or thrown error of a call: true when trying again may succeed. */
export function isRetryable(failure: { status?: number } | unknown): boolean {
  const status = (failure as { status?: number } | null)?.status;
  if (typeof status === "number" && status > 0) return RETRYABLE_STATUSES.includes(status);
  // supabase-js reports a fetch that never reached the server as AuthRetryableFetchError (status 0).
  const name = (failure as Error | null)?.name ?? "";
  return name === "AuthRetryableFetchError" || name === "TypeError" || classifyError(failure).kind === "network";
}
