// Profile reads for the dashboard: the only place it names the profiles table.
import type { SupabaseClient } from "@supabase/supabase-js";

export interface Profile {
  id: string;
  full_name: string;
  preferred_locale: "fr" | "en";
}

/** The signed-in user's own profile (RLS also shows classmates' names, hence the id filter). */
export async function fetchOwnProfile(supabase: SupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await supabase
    .from("profiles")
    .select("id, full_name, preferred_locale")
    .eq("id", userId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as Profile | null;
}
