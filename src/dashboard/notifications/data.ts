// The notification centre's reads and writes (SPEC §7): the only place it names the
// student_notifications table. RLS limits every call to the signed-in user's own rows.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { NOTIFICATION_PAGE_SIZE } from "../../lib/notifications/rules.ts";

export interface StudentNotification {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  priority: string;
  data: { course_title?: string; start_time?: string; meeting_url?: string | null };
  action_url: string | null;
  action_label: string | null;
  is_read: boolean;
  is_dismissed: boolean;
  expires_at: string | null;
  created_at: string;
}

const TABLE = "student_notifications";
const COLUMNS = "id, user_id, type, title, message, priority, data, action_url, action_label, is_read, is_dismissed, expires_at, created_at";

function fail(what: string, error: { message: string }): never {
  // Logged and raised (SPEC §8): the component shows its error state with a retry.
  console.error(`notifications: ${what} failed: ${error.message}`);
  throw new Error(error.message);
}

/** Visible = not dismissed and not expired. */
export function isVisible(n: Pick<StudentNotification, "is_dismissed" | "expires_at">, now = new Date()): boolean {
  return !n.is_dismissed && (n.expires_at === null || new Date(n.expires_at) > now);
}

/** The user's visible notifications, newest first; `hasMore` when another page exists. */
export async function listNotifications(
  supabase: SupabaseClient,
  userId: string,
  limit = NOTIFICATION_PAGE_SIZE,
  now = new Date(),
): Promise<{ items: StudentNotification[]; hasMore: boolean }> {
  const { data, error } = await supabase
    .from(TABLE)
    .select(COLUMNS)
    .eq("user_id", userId)
    .eq("is_dismissed", false)
    .or(`expires_at.is.null,expires_at.gt.${now.toISOString()}`)
    .order("created_at", { ascending: false })
    .limit(limit + 1);
  if (error) fail("reading the list", error);
  const rows = (data ?? []) as StudentNotification[];
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** How many visible notifications are unread. */
export async function countUnread(supabase: SupabaseClient, userId: string, now = new Date()): Promise<number> {
  const { count, error } = await supabase
    .from(TABLE)
    .select("id", { count: "exact", head: true })
    .eq("user_id", userId)
    .eq("is_read", false)
    .eq("is_dismissed", false)
    .or(`expires_at.is.null,expires_at.gt.${now.toISOString()}`);
  if (error) fail("counting unread", error);
  return count ?? 0;
}

export async function markRead(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from(TABLE).update({ is_read: true }).eq("id", id);
  if (error) fail("marking as read", error);
}

export async function markAllRead(supabase: SupabaseClient, userId: string): Promise<void> {
  const { error } = await supabase.from(TABLE).update({ is_read: true }).eq("user_id", userId).eq("is_read", false);
  if (error) fail("marking all as read", error);
}

export async function dismiss(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from(TABLE).update({ is_dismissed: true }).eq("id", id);
  if (error) fail("dismissing", error);
}

/** Calls onInsert for each new notification of the user, live; returns the unsubscribe. */
export function subscribeToNew(
  supabase: SupabaseClient,
  userId: string,
  onInsert: (notification: StudentNotification) => void,
): () => void {
  const channel: RealtimeChannel = supabase
    .channel(`student_notifications:${userId}`)
    .on("postgres_changes", { event: "INSERT", schema: "public", table: TABLE, filter: `user_id=eq.${userId}` }, (payload) =>
      onInsert(payload.new as StudentNotification),
    )
    .subscribe();
  return () => void supabase.removeChannel(channel);
}
