// Community boards and their moderation: the only file of the feature naming its tables and
// functions (20260402000000_messages_community.sql). RLS decides what each person reads;
// moderation goes through moderate_post / moderate_comment, which check the role.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { POSTS_PAGE_SIZE, REACTIONS, type ModerationAction, type Reaction } from "../../lib/community/rules.ts";

const fail: Fail = failFor("community");

const boardRow = z.object({
  kind: z.enum(["course", "programme", "university"]),
  id: z.nullable(z.string()),
  name_fr: z.nullable(z.string()),
  name_en: z.nullable(z.string()),
  can_moderate: z.boolean(),
});
export type Board = z.infer<typeof boardRow>;
export type BoardKind = Board["kind"];

/** The boards I read: my courses, my programme(s), the whole university. */
export async function listBoards(supabase: SupabaseClient): Promise<Board[]> {
  const { data, error } = await supabase.rpc("my_community_boards");
  if (error) fail("reading the boards", error);
  const order = { course: 0, programme: 1, university: 2 } as const;
  return z
    .array(boardRow)
    .parse(data ?? [])
    .sort((a, b) => order[a.kind] - order[b.kind] || (a.name_fr ?? "").localeCompare(b.name_fr ?? ""));
}

const reactionCounts = z.record(z.string(), z.number());
const postRow = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  author_id: z.nullable(z.string()),
  author_name: z.nullable(z.string()),
  course_id: z.nullable(z.string()),
  programme_id: z.nullable(z.string()),
  is_hidden: z.boolean(),
  is_locked: z.boolean(),
  is_pinned: z.boolean(),
  can_moderate: z.boolean(),
  comment_count: z.number(),
  reactions: reactionCounts,
  my_reactions: z.array(z.string()),
});
export type Post = z.infer<typeof postRow>;

/** One page (0-based, 20 posts) of a board: pinned first, then newest. */
export async function listPosts(supabase: SupabaseClient, board: { kind: BoardKind; id: string | null }, page: number): Promise<{ items: Post[]; total: number }> {
  const { data, error } = await supabase.rpc("community_posts_page", {
    board: board.kind,
    board_id: board.id,
    page,
    page_size: POSTS_PAGE_SIZE,
  });
  if (error) fail("reading the posts", error);
  return z.object({ total: z.number(), items: z.array(postRow) }).parse(data);
}

/** One post, or null when I may not read it (hidden, or not my board). */
export async function getPost(supabase: SupabaseClient, postId: string): Promise<Post | null> {
  const { data, error } = await supabase.rpc("community_post", { post: postId });
  if (error) fail("reading the post", error);
  return data ? postRow.parse(data) : null;
}

const commentRow = z.object({
  id: z.string(),
  body: z.string(),
  created_at: z.string(),
  author_id: z.nullable(z.string()),
  author_name: z.nullable(z.string()),
  is_hidden: z.boolean(),
  reactions: reactionCounts,
  my_reactions: z.array(z.string()),
});
export type Comment = z.infer<typeof commentRow>;

export async function listComments(supabase: SupabaseClient, postId: string): Promise<Comment[]> {
  const { data, error } = await supabase.rpc("community_post_comments", { post: postId });
  if (error) fail("reading the comments", error);
  return z.array(commentRow).parse(data ?? []);
}

/** A new post on a board; the server signs and dates it. */
export async function createPost(supabase: SupabaseClient, board: { kind: BoardKind; id: string | null }, { title, body }: { title: string; body: string }): Promise<string> {
  const row = {
    title,
    body,
    course_id: board.kind === "course" ? board.id : null,
    programme_id: board.kind === "programme" ? board.id : null,
  };
  const { data, error } = await supabase.from("community_posts").insert(row).select("id").single();
  if (error) fail("posting", error);
  return z.object({ id: z.string() }).parse(data).id;
}

export async function addComment(supabase: SupabaseClient, postId: string, body: string): Promise<void> {
  const { error } = await supabase.from("community_comments").insert({ post_id: postId, body });
  if (error) fail("commenting", error);
}

/** Adds or takes back my reaction of that kind on a post or a comment. */
export async function toggleReaction(supabase: SupabaseClient, target: { postId: string } | { commentId: string }, kind: Reaction, on: boolean): Promise<void> {
  if (!REACTIONS.includes(kind)) throw new Error(`unknown reaction ${kind}`);
  const column = "postId" in target ? "post_id" : "comment_id";
  const id = "postId" in target ? target.postId : target.commentId;
  if (on) {
    const { error } = await supabase.from("community_reactions").insert({ [column]: id, kind });
    // 23505: already there (a double click) — the wanted state.
    if (error && error.code !== "23505") fail("reacting", error);
  } else {
    // RLS lets a person delete only its own reactions.
    const { error } = await supabase.from("community_reactions").delete().eq(column, id).eq("kind", kind);
    if (error) fail("taking back a reaction", error);
  }
}

/** Reports a post (or one of its comments) to the board's moderators; twice is once. */
export async function report(supabase: SupabaseClient, target: { postId: string; commentId?: string }, reason: string): Promise<string> {
  const { data, error } = await supabase.rpc("report_community_item", {
    post: target.postId,
    comment: target.commentId ?? null,
    reason,
  });
  if (error) fail("reporting", error);
  return z.string().parse(data);
}

export async function moderatePost(supabase: SupabaseClient, postId: string, action: ModerationAction): Promise<void> {
  const { error } = await supabase.rpc("moderate_post", { post_id: postId, action });
  if (error) fail("moderating", error);
}

export async function moderateComment(supabase: SupabaseClient, commentId: string, action: "hide" | "unhide"): Promise<void> {
  const { error } = await supabase.rpc("moderate_comment", { comment_id: commentId, action });
  if (error) fail("moderating", error);
}

const reportRow = z.object({
  id: z.string(),
  post_id: z.string(),
  comment_id: z.nullable(z.string()),
  reason: z.string(),
  status: z.enum(["open", "resolved", "dismissed"]),
  created_at: z.string(),
  reporter_name: z.nullable(z.string()),
  post_title: z.string(),
  post_is_hidden: z.boolean(),
  post_is_locked: z.boolean(),
  post_is_pinned: z.boolean(),
  comment_body: z.nullable(z.string()),
  comment_is_hidden: z.nullable(z.boolean()),
  board_fr: z.nullable(z.string()),
  board_en: z.nullable(z.string()),
});
export type Report = z.infer<typeof reportRow>;
export type ReportStatus = Report["status"];

/** Reports of the boards I moderate (admins: all), by status, newest first, 20 a page. */
export async function listReports(supabase: SupabaseClient, status: ReportStatus, page: number): Promise<{ items: Report[]; total: number }> {
  const { data, error } = await supabase.rpc("moderation_reports", { status, page, page_size: 20 });
  if (error) fail("reading the reports", error);
  return z.object({ total: z.number(), items: z.array(reportRow) }).parse(data);
}

export async function resolveReport(supabase: SupabaseClient, reportId: string, outcome: ReportStatus): Promise<void> {
  const { error } = await supabase.rpc("resolve_report", { report: reportId, outcome });
  if (error) fail("handling the report", error);
}
