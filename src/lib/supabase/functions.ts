// Calling an Edge Function that refuses with a code in its JSON body ({ "error": "not_admin" }
// and a 4xx status): the admin-users and zoom-meetings functions. A refusal is thrown as the
// feature's own FunctionRefusal subclass, so its page can tell it apart and word it.
import type { SupabaseClient } from "@supabase/supabase-js";
import type * as z from "zod/mini";

/** A function's refusal, by code; "server_error" when its body names none, "network" (status 0) when no answer came. */
export class FunctionRefusal extends Error {
  readonly code: string;
  readonly status: number;
  constructor(fn: string, code: string, status: number) {
    super(`${fn}: ${code} (${status})`);
    this.code = code;
    this.status = status;
  }
}

/** Calls the function with a JSON body and parses its answer; a failure is thrown as refusal(code, status). */
export async function invokeFunction<T>(
  supabase: SupabaseClient,
  fn: string,
  body: Record<string, unknown>,
  schema: z.ZodMiniType<T>,
  refusal: (code: string, status: number) => FunctionRefusal,
): Promise<T> {
  const { data, error } = await supabase.functions.invoke(fn, { body });
  if (error) {
    const response = (error as { context?: unknown }).context;
    if (response instanceof Response) {
      const payload = (await response.json().catch(() => ({}))) as { error?: string };
      throw refusal(payload.error ?? "server_error", response.status);
    }
    throw refusal("network", 0);
  }
  return schema.parse(data);
}
