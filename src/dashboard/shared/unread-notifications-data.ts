// How many of my notifications are unread: the bell's badge (notifications) and the home
// pages' block. Visible means not dismissed and not expired, as the notification centre
// lists them (notifications/data.ts).
import type { SupabaseClient } from "@supabase/supabase-js";

/** How many visible notifications are unread. */
export async function countUnread(supabase: SupabaseClient, userId: string, now = new Date()): Promise<number> {
  const { count, error } = await supabase
    .from("student_notifications")
    .select("id", { count: "exact", head: true })
    .eq("user_id", userId)
    .eq("is_read", false)
    .eq("is_dismissed", false)
    .or(`expires_at.is.null,expires_at.gt.${now.toISOString()}`);
  if (error) {
    // Logged and raised (SPEC §8) with the service's code: the component shows its error state with a retry.
    console.error(`notifications: counting unread failed: ${error.message}`);
    throw Object.assign(new Error(error.message), { code: error.code });
  }
  return count ?? 0;
}
