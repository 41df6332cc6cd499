// Messages: the only file of the feature naming its tables, bucket and functions
// (20260402000000_messages_community.sql). RLS and the functions decide who reads and
// writes what; rows are parsed at the boundary.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { attachmentPath, attachmentType, type AnnouncementAudience } from "../../lib/community/rules.ts";
import { isRetryable } from "../../lib/errors/classify.ts";

const BUCKET = "message-attachments";

// The code and status travel with the message: the outbox tells a refusal from a lost line.
const fail: Fail = failFor("messages", ["code", "status"]);

const conversationRow = z.object({
  id: z.string(),
  kind: z.enum(["direct", "course", "announcement"]),
  subject: z.string(),
  course_id: z.nullable(z.string()),
  course_title: z.nullable(z.string()),
  participant_count: z.number(),
  other_names: z.array(z.nullable(z.string())),
  last_body: z.nullable(z.string()),
  last_at: z.string(),
  last_sender_name: z.nullable(z.string()),
  unread_count: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationRow>;

/** The signed-in person's conversations, latest activity first, with unread counts. */
export async function listConversations(supabase: SupabaseClient): Promise<ConversationSummary[]> {
  const { data, error } = await supabase.rpc("my_conversations");
  if (error) fail("reading the conversations", error);
  return z.array(conversationRow).parse(data ?? []);
}

const attachmentRow = z.object({
  id: z.string(),
  storage_path: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
});
export type Attachment = z.infer<typeof attachmentRow>;

const messageRow = z.object({
  id: z.string(),
  sender_id: z.nullable(z.string()),
  sender_name: z.nullable(z.string()),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.nullable(z.string()),
  attachments: z.array(attachmentRow),
});
export type Message = z.infer<typeof messageRow>;

/** A conversation's latest messages (up to 50, or those before a time), oldest first. */
export async function listMessages(supabase: SupabaseClient, conversationId: string, before?: string): Promise<Message[]> {
  const { data, error } = await supabase.rpc("conversation_messages", { conversation: conversationId, before: before ?? null, max_rows: 50 });
  if (error) fail("reading the messages", error);
  return z
    .array(messageRow)
    .parse(data ?? [])
    .reverse();
}

/** Sets my reading marker to now (server time): the thread's unread count drops to 0. */
export async function markConversationRead(supabase: SupabaseClient, conversationId: string): Promise<void> {
  const { error } = await supabase.rpc("mark_conversation_read", { conversation: conversationId });
  if (error) fail("marking as read", error);
}

export interface PendingAttachment {
  file: File | Blob;
  name: string;
}

/** The message a key already wrote (an earlier send whose answer was lost), or null. */
export async function messageOfKey(supabase: SupabaseClient, key: string): Promise<string | null> {
  const { data, error } = await supabase.from("messages").select("id").eq("idempotency_key", key).maybeSingle();
  if (error) fail("finding the message of a key", error);
  return data ? z.string().parse(data.id) : null;
}

/**
 * Uploads the files to <conversation>/<me>/<key>-<n>-<name>, then writes the message and its
 * attachments in one call. `key`, made when the user pressed send, makes it safe to repeat:
 * a replay (`replay`: an earlier send may have arrived) first looks for the key's message;
 * the files go to the same paths, overwritten; send_message given the key again writes
 * nothing. A refusal removes the files uploaded; a lost line leaves them for the replay.
 */
export async function sendMessage(
  supabase: SupabaseClient,
  {
    conversationId,
    userId,
    body,
    files = [],
    key = crypto.randomUUID(),
    replay = false,
  }: { conversationId: string; userId: string; body: string; files?: PendingAttachment[]; key?: string; replay?: boolean },
): Promise<string> {
  if (replay) {
    const done = await messageOfKey(supabase, key);
    if (done) return done;
  }
  const uploaded: { storage_path: string; file_name: string; mime_type: string; size_bytes: number }[] = [];
  const removeUploaded = async (error: { message: string; status?: number }) => {
    const lostLine = isRetryable(Object.assign(new Error(error.message), { status: error.status }));
    if (uploaded.length && !lostLine) await supabase.storage.from(BUCKET).remove(uploaded.map((u) => u.storage_path));
  };
  for (const [i, { file, name }] of files.entries()) {
    const mime = attachmentType({ name, type: file.type }) ?? file.type;
    const path = attachmentPath(conversationId, userId, name, `${key}-${i}`);
    const { error } = await supabase.storage.from(BUCKET).upload(path, file, { contentType: mime, upsert: true });
    if (error) {
      await removeUploaded(error);
      fail("uploading an attachment", error);
    }
    uploaded.push({ storage_path: path, file_name: name.slice(0, 255), mime_type: mime, size_bytes: file.size });
  }
  const { data, error, status } = await supabase.rpc("send_message", { conversation: conversationId, body, attachments: uploaded, p_idempotency_key: key });
  if (error) {
    await removeUploaded({ ...error, status });
    fail("sending", { ...error, status });
  }
  return z.string().parse(data);
}

/** The sender edits its own message's text. */
export async function editMessage(supabase: SupabaseClient, messageId: string, body: string): Promise<void> {
  const { data, error } = await supabase.from("messages").update({ body }).eq("id", messageId).select("id");
  if (error) fail("editing", error);
  if (!data?.length) fail("editing", { message: "not allowed", code: "42501" });
}

/** A short-lived link to download an attachment (participants only, by the bucket's rules). */
export async function attachmentUrl(supabase: SupabaseClient, attachment: Pick<Attachment, "storage_path" | "file_name">): Promise<string> {
  const { data, error } = await supabase.storage.from(BUCKET).createSignedUrl(attachment.storage_path, 300, { download: attachment.file_name });
  if (error || !data) fail("preparing the download", error ?? { message: "no URL" });
  return data.signedUrl;
}

/** The attachment's bytes (tests, previews). */
export async function downloadAttachment(supabase: SupabaseClient, storagePath: string): Promise<Blob> {
  const { data, error } = await supabase.storage.from(BUCKET).download(storagePath);
  if (error || !data) fail("downloading", error ?? { message: "no data" });
  return data;
}

const recipientRow = z.object({ id: z.string(), full_name: z.string(), relation: z.enum(["teacher", "classmate", "student", "member"]) });
export type Recipient = z.infer<typeof recipientRow>;

/** People I may write to whose name contains the search (server side, at most 20). */
export async function searchRecipients(supabase: SupabaseClient, search: string): Promise<Recipient[]> {
  const { data, error } = await supabase.rpc("message_recipients", { search, max_rows: 20 });
  if (error) fail("searching people", error);
  return z.array(recipientRow).parse(data ?? []);
}

/** Opens (or reuses) my one-to-one conversation with that person. */
export async function startConversation(supabase: SupabaseClient, recipientId: string, subject = ""): Promise<string> {
  const { data, error } = await supabase.rpc("start_conversation", { recipient: recipientId, subject });
  if (error) fail("starting a conversation", error);
  return z.string().parse(data);
}

/** The course's conversation (every active student and the teacher), brought up to date. */
export async function openCourseConversation(supabase: SupabaseClient, courseId: string): Promise<string> {
  const { data, error } = await supabase.rpc("open_course_conversation", { course: courseId });
  if (error) fail("opening the course conversation", error);
  return z.string().parse(data);
}

const courseRow = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type CourseChoice = z.infer<typeof courseRow>;

/** The courses whose conversation I may open: those I follow (RLS) or teach; admins all. */
export async function listMyCourses(supabase: SupabaseClient): Promise<CourseChoice[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").order("code").limit(500);
  if (error) fail("reading the courses", error);
  return z.array(courseRow).parse(data ?? []);
}

const searchRow = z.object({
  message_id: z.string(),
  conversation_id: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sender_name: z.nullable(z.string()),
});
export type SearchHit = z.infer<typeof searchRow>;

/** Messages of my conversations containing the words (server side), newest first. */
export async function searchMessages(supabase: SupabaseClient, query: string): Promise<SearchHit[]> {
  const { data, error } = await supabase.rpc("search_my_messages", { query, max_rows: 30 });
  if (error) fail("searching", error);
  return z.array(searchRow).parse(data ?? []);
}

const newMessage = z.object({ id: z.string(), conversation_id: z.string(), sender_id: z.nullable(z.string()) });
export type NewMessage = z.infer<typeof newMessage>;

/**
 * Calls onInsert for each new message of my conversations, live: realtime sends a row only
 * to those whose RLS lets them read it (participants). Returns the unsubscribe.
 */
export function subscribeToMessages(supabase: SupabaseClient, userId: string, onInsert: (message: NewMessage) => void): () => void {
  const channel = supabase
    .channel(`messages:${userId}`)
    .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages" }, (payload) => {
      const parsed = newMessage.safeParse(payload.new);
      if (parsed.success) onInsert(parsed.data);
    })
    .subscribe();
  return () => void supabase.removeChannel(channel);
}

// ---- announcements (admins) ------------------------------------------------------------------
export interface AnnouncementInput {
  audience: AnnouncementAudience;
  title: string;
  body: string;
  role?: "student" | "teacher" | "admin";
  schoolId?: string;
  programmeId?: string;
  levelCode?: string;
  courseId?: string;
}

/** Sends it (one thread for the sender; one message and one notification per recipient, atomically); returns how many received it. */
export async function sendAnnouncement(supabase: SupabaseClient, input: AnnouncementInput): Promise<number> {
  const { data, error } = await supabase.rpc("send_announcement", {
    audience: input.audience,
    title: input.title,
    body: input.body,
    role: input.audience === "role" ? (input.role ?? null) : null,
    school_id: input.audience === "school" ? (input.schoolId ?? null) : null,
    programme_id: input.audience === "programme" ? (input.programmeId ?? null) : null,
    level_code: input.audience === "programme" ? input.levelCode || null : null,
    course_id: input.audience === "course" ? (input.courseId ?? null) : null,
  });
  if (error) fail("sending the announcement", error);
  return z.number().parse(data);
}

const sentAnnouncementRow = z.object({
  id: z.string(),
  conversation_id: z.nullable(z.string()),
  title: z.string(),
  recipient_count: z.number(),
  read_count: z.number(),
  created_at: z.string(),
});
export type SentAnnouncement = z.infer<typeof sentAnnouncementRow>;

/** The announcements the signed-in person sent: each one's thread, recipients and how many read it. */
export async function listMyAnnouncements(supabase: SupabaseClient): Promise<SentAnnouncement[]> {
  const { data, error } = await supabase.rpc("my_announcements");
  if (error) fail("reading the announcements sent", error);
  return z.array(sentAnnouncementRow).parse(data ?? []);
}

const announcementRecipientRow = z.object({ user_id: z.string(), full_name: z.string(), read_at: z.nullable(z.string()) });
export type AnnouncementRecipient = z.infer<typeof announcementRecipientRow>;

/** Who received an announcement (given its sender's thread) and when each read it: for its sender and admins. */
export async function listAnnouncementRecipients(supabase: SupabaseClient, conversationId: string): Promise<AnnouncementRecipient[]> {
  const { data, error } = await supabase.rpc("announcement_recipients", { conversation: conversationId });
  if (error) fail("reading the announcement's recipients", error);
  return z.array(announcementRecipientRow).parse(data ?? []);
}

const optionRow = z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() });
export type AudienceOption = z.infer<typeof optionRow>;

/** Schools and programmes to address an announcement to (the public catalogue). */
export async function listAudienceOptions(supabase: SupabaseClient): Promise<{ schools: AudienceOption[]; programmes: AudienceOption[] }> {
  const [schools, programmes] = await Promise.all([
    supabase.from("schools").select("id, name_fr, name_en").order("name_fr"),
    supabase.from("programmes").select("id, name_fr, name_en").order("name_fr"),
  ]);
  if (schools.error) fail("reading the schools", schools.error);
  if (programmes.error) fail("reading the programmes", programmes.error);
  return { schools: z.array(optionRow).parse(schools.data ?? []), programmes: z.array(optionRow).parse(programmes.data ?? []) };
}
