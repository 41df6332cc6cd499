// The notification centre's reads and writes (SPEC §7): the only place it names the
// student_notifications, notification_preferences and outbox_messages tables. RLS limits
// every call to the signed-in user's own rows (the outbox: to admins).
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { NOTIFICATION_PAGE_SIZE } from "../../lib/notifications/rules.ts";
import { NOTIFICATION_TYPES, withDefaults, type NotificationPreference, type NotificationType } from "../../lib/notifications/preferences.ts";

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
  /** The template that says it again in the reader's language, and its values (lib/notifications/texts.ts). */
  text_key: string | null;
  text_params: Record<string, unknown> | null;
  is_read: boolean;
  is_dismissed: boolean;
  expires_at: string | null;
  created_at: string;
}

const TABLE = "student_notifications";
const COLUMNS = "id, user_id, type, title, message, priority, data, action_url, action_label, text_key, text_params, is_read, is_dismissed, expires_at, created_at";

// Logged and raised (SPEC §8) with the service's code: the component shows its error state with a retry.
const fail: Fail = failFor("notifications", ["code", "status"]);

/** Visible = not dismissed and not expired. */
export function isVisible(n: Pick<StudentNotification, "is_dismissed" | "expires_at">, now = new Date()): boolean {
  return !n.is_dismissed && (n.expires_at === null || new Date(n.expires_at) > now);
}

/** The user's visible notifications, newest first; `hasMore` when another page exists. */
export async function listNotifications(supabase: SupabaseClient, userId: string, limit = NOTIFICATION_PAGE_SIZE, now = new Date()): Promise<{ items: StudentNotification[]; hasMore: boolean }> {
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
export function subscribeToNew(supabase: SupabaseClient, userId: string, onInsert: (notification: StudentNotification) => void): () => void {
  const channel: RealtimeChannel = supabase
    .channel(`student_notifications:${userId}`)
    .on("postgres_changes", { event: "INSERT", schema: "public", table: TABLE, filter: `user_id=eq.${userId}` }, (payload) => onInsert(payload.new as StudentNotification))
    .subscribe();
  return () => void supabase.removeChannel(channel);
}

// ---- the notifications page: server-side paging and filters -----------------------------
export interface NotificationFilter {
  unreadOnly?: boolean;
  /** One notification type, or every type. */
  type?: NotificationType | null;
}

/** One page (0-based) of the user's visible notifications, newest first, and how many match. */
export async function listNotificationsPage(
  supabase: SupabaseClient,
  userId: string,
  { page, pageSize, ...filter }: NotificationFilter & { page: number; pageSize: number },
  now = new Date(),
): Promise<{ items: StudentNotification[]; total: number }> {
  let query = supabase.from(TABLE).select(COLUMNS, { count: "exact" }).eq("user_id", userId).eq("is_dismissed", false).or(`expires_at.is.null,expires_at.gt.${now.toISOString()}`);
  if (filter.unreadOnly) query = query.eq("is_read", false);
  if (filter.type) query = query.eq("type", filter.type);
  const from = page * pageSize;
  const { data, error, count } = await query
    .order("created_at", { ascending: false })
    .order("id")
    .range(from, from + pageSize - 1);
  if (error) fail("reading a page", error);
  return { items: notificationRows.parse(data ?? []), total: count ?? 0 };
}

const notificationRows = z.array(
  z.object({
    id: z.string(),
    user_id: z.string(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    priority: z.string(),
    data: z.pipe(
      z.record(z.string(), z.unknown()),
      z.transform((d) => d as StudentNotification["data"]),
    ),
    action_url: z.nullable(z.string()),
    action_label: z.nullable(z.string()),
    text_key: z.nullable(z.string()),
    text_params: z.nullable(z.record(z.string(), z.unknown())),
    is_read: z.boolean(),
    is_dismissed: z.boolean(),
    expires_at: z.nullable(z.string()),
    created_at: z.string(),
  }),
);

// ---- preferences: per type, in-app / e-mail / SMS ------------------------------------------
const PREFERENCES = "notification_preferences";
const preferenceRows = z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), in_app: z.boolean(), email: z.boolean(), sms: z.boolean() }));

/** Every type's channels: the stored choice, or the defaults (in-app only). */
export async function fetchPreferences(supabase: SupabaseClient, userId: string): Promise<NotificationPreference[]> {
  const { data, error } = await supabase.from(PREFERENCES).select("type, in_app, email, sms").eq("user_id", userId);
  if (error) fail("reading the preferences", error);
  return withDefaults(preferenceRows.parse(data ?? []));
}

export async function savePreference(supabase: SupabaseClient, userId: string, preference: NotificationPreference): Promise<void> {
  const channels = { in_app: preference.in_app, email: preference.email, sms: preference.sms };
  // Update, else insert: an upsert would also rewrite the key columns, which nobody may update.
  const { data, error } = await supabase.from(PREFERENCES).update(channels).eq("user_id", userId).eq("type", preference.type).select("type");
  if (error) fail("saving a preference", error);
  if (data?.length) return;
  const { error: insertError } = await supabase.from(PREFERENCES).insert({ user_id: userId, type: preference.type, ...channels });
  if (insertError) fail("saving a preference", insertError);
}

// ---- the outbox (admins): e-mails and SMS the platform sent ----------------------------------
const outboxRows = z.array(
  z.object({
    id: z.string(),
    channel: z.enum(["email", "sms"]),
    recipient: z.string(),
    kind: z.string(),
    subject: z.nullable(z.string()),
    body: z.string(),
    status: z.enum(["queued", "logged", "sent", "failed"]),
    provider: z.nullable(z.string()),
    provider_id: z.nullable(z.string()),
    error: z.nullable(z.string()),
    created_at: z.string(),
  }),
);
export type OutboxMessage = z.infer<typeof outboxRows>[number];

/** One page (0-based) of the outbox, newest first; RLS shows it to admins only. */
export async function listOutbox(supabase: SupabaseClient, { page, pageSize }: { page: number; pageSize: number }): Promise<{ items: OutboxMessage[]; total: number }> {
  const from = page * pageSize;
  const { data, error, count } = await supabase
    .from("outbox_messages")
    .select("id, channel, recipient, kind, subject, body, status, provider, provider_id, error, created_at", { count: "exact" })
    .order("created_at", { ascending: false })
    .order("id")
    .range(from, from + pageSize - 1);
  if (error) fail("reading the outbox", error);
  return { items: outboxRows.parse(data ?? []), total: count ?? 0 };
}
