// The signed-in user's profile through the data cache (SPEC §9): read once, shared by
// every part of the dashboard that shows the name.
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fetchOwnProfile, type Profile } from "./data.ts";

export function ownProfileStore(userId: string) {
  return createFetcherStore<Profile | null>(["profile", userId], {
    fetcher: () => fetchOwnProfile(getSupabase(), userId),
  });
}
