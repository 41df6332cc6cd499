// The browser's one supabase-js client. Only the public URL and publishable key reach the
// bundle (PUBLIC_ variables); the secret key never does.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { AUTH_STORAGE_KEY } from "../auth-storage.ts";

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  client ??= createClient(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY, {
    auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}
