// Which SPEC §8 generic message a failed action shows: network connection error, server
// error, authentication error, validation error, item not found, access denied, unknown.
// Reads HTTP statuses and the Postgres/PostgREST codes supabase-js passes through.
import { classifyError } from "./classify.ts";

export const GENERIC_ERROR_KINDS = ["network", "server", "auth", "validation", "notFound", "forbidden", "unknown"] as const;
export type GenericErrorKind = (typeof GENERIC_ERROR_KINDS)[number];

interface Failure {
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

export function genericErrorKind(error: unknown): GenericErrorKind {
  const failure = (error && typeof error === "object" ? error : {}) as Failure;
  const status = typeof failure.status === "number" ? failure.status : undefined;
  const code = typeof failure.code === "string" ? failure.code : "";
  if (code === "42501" || status === 403) return "forbidden";
  if (code === "PGRST116" || status === 404) return "notFound";
  if (code === "PGRST301" || code === "PGRST303" || status === 401 || /^(Auth(Api|Session|Invalid)|AuthError)/.test(String(failure.name ?? ""))) return "auth";
  // 22xxx data exceptions, 23xxx constraint violations, bad requests: the input was refused.
  if (/^2[23]/.test(code) || status === 400 || status === 409 || status === 422 || (error as Error)?.name === "ZodError") return "validation";
  if (status !== undefined && status >= 500 && status <= 504) return "server";
  const { kind } = classifyError(error);
  if (kind === "network" || kind === "server") return kind;
  return "unknown";
}

/** The i18n key of that message (src/i18n/*.json). */
export const genericErrorKey = (error: unknown) => `errors.generic.${genericErrorKind(error)}`;
