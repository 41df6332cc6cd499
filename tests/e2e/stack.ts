// The e2e stack's keys, for tests that act as the worker or an administrator would.
import { readFileSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { E2E_STACK_FILE } from "./server-ports.ts";
import type { LocalKeys } from "../../supabase/local/env.ts";

export function e2eStack(): LocalKeys & { url: string } {
  return JSON.parse(readFileSync(E2E_STACK_FILE, "utf8"));
}

/** A service-role client on the e2e stack (bypasses RLS, like the worker). */
export function serviceClient(): SupabaseClient {
  const { url, secretKey } = e2eStack();
  return createClient(url, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}
