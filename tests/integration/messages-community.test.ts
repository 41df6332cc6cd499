// Messages and community (20260402000000_messages_community.sql) through the feature's own
// data modules, signed in as each role against a freshly seeded stack: what each may read
// and change, and what each must not (see tests/fixtures/rls-world.ts for the cast).
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../fixtures/rls-world.ts";
import * as messages from "../../src/dashboard/messages/data.ts";
import * as community from "../../src/dashboard/community/data.ts";
import { attachmentPath } from "../../src/lib/community/rules.ts";

const stack = useLocalStack();
let w: World;
let studentA: SupabaseClient, studentB: SupabaseClient, teacherA: SupabaseClient, teacherB: SupabaseClient, admin: SupabaseClient;
let classmate: SupabaseClient;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const code = (error: unknown) => (error as { code?: string }).code;

beforeAll(async () => {
  w = await buildWorld(stack());
  ({ studentA, studentB, teacherA, teacherB, admin } = w.clients);
  const [{ email }] = await sql<{ email: string }>("select email from auth.users where id = $1", [IDS.classmate]);
  classmate = await signInAs(stack(), email, "Rls-Test-Password-42");
}, 120_000);

describe("conversations and messages", () => {
  let direct: string;

  it("a student writes to its teacher and classmates, not to strangers; an admin to anyone", async () => {
    const mine = await messages.searchRecipients(studentA, "");
    const ids = mine.map((r) => r.id);
    expect(ids).toContain(IDS.teacherA);
    expect(ids).toContain(IDS.classmate);
    expect(ids).not.toContain(IDS.studentB);
    expect(ids).not.toContain(IDS.studentA);
    expect(mine.find((r) => r.id === IDS.teacherA)?.relation).toBe("teacher");
    expect((await messages.searchRecipients(admin, "")).length).toBeGreaterThan(0);
    const [studentBName] = await sql<{ full_name: string }>("select full_name from public.profiles where id = $1", [IDS.studentB]);
    expect((await messages.searchRecipients(admin, studentBName.full_name)).map((r) => r.id)).toContain(IDS.studentB);

    direct = await messages.startConversation(studentA, IDS.teacherA);
    // the same pair again: the same conversation
    expect(await messages.startConversation(studentA, IDS.teacherA)).toBe(direct);
    await expect(messages.startConversation(studentA, IDS.studentB)).rejects.toSatisfy((e) => code(e) === "42501");
    // a stranger cannot be slipped into a conversation either
    const { error } = await studentA.from("conversation_participants").insert({ conversation_id: direct, user_id: IDS.studentB });
    expect(error).not.toBeNull();
  });

  it("participants read the thread; nobody else does, and nobody else writes in it", async () => {
    await messages.sendMessage(studentA, { conversationId: direct, userId: IDS.studentA, body: "Bonjour Monsieur, une question sur le chapitre 4." });
    expect((await messages.listMessages(teacherA, direct)).map((m) => m.body)).toContain("Bonjour Monsieur, une question sur le chapitre 4.");
    expect(await messages.listMessages(studentB, direct)).toEqual([]);
    expect((await messages.listConversations(studentB)).map((c) => c.id)).not.toContain(direct);
    const { error } = await studentB.from("messages").insert({ conversation_id: direct, body: "Intrus" });
    expect(error).not.toBeNull();
    await expect(messages.sendMessage(classmate, { conversationId: direct, userId: IDS.classmate, body: "Intrus" })).rejects.toThrow();
  });

  it("the sender edits its own message; nobody edits another's", async () => {
    const first = (await messages.listMessages(teacherA, direct)).find((m) => m.sender_id === IDS.studentA)!;
    await expect(messages.editMessage(teacherA, first.id, "Réécrit par l'enseignant")).rejects.toThrow();
    await messages.editMessage(studentA, first.id, "Bonjour Monsieur, une question sur le chapitre 4 (AVL).");
    const [row] = await sql<{ body: string; edited_at: string | null }>("select body, edited_at from public.messages where id = $1", [first.id]);
    expect(row.body).toBe("Bonjour Monsieur, une question sur le chapitre 4 (AVL).");
    expect(row.edited_at).not.toBeNull();
  });

  it("counts unread messages until the reader opens the conversation", async () => {
    const unread = async () => (await messages.listConversations(teacherA)).find((c) => c.id === direct)?.unread_count;
    expect(await unread()).toBe(1);
    await messages.sendMessage(studentA, { conversationId: direct, userId: IDS.studentA, body: "Et une deuxième." });
    expect(await unread()).toBe(2);
    // the sender has read its own
    expect((await messages.listConversations(studentA)).find((c) => c.id === direct)?.unread_count).toBe(0);
    await messages.markConversationRead(teacherA, direct);
    expect(await unread()).toBe(0);
  });

  it("searches the words of my own conversations only, on the server", async () => {
    const hits = await messages.searchMessages(studentA, "chapitre 4");
    expect(hits.map((h) => h.conversation_id)).toContain(direct);
    expect(await messages.searchMessages(studentB, "chapitre 4")).toEqual([]);
    // an admin reads every message under RLS, but searches only its own conversations
    expect((await messages.searchMessages(admin, "chapitre 4")).map((h) => h.conversation_id)).not.toContain(direct);
    // wildcards are text, not patterns
    expect(await messages.searchMessages(studentA, "%%")).toEqual([]);
  });

  it("attachments: the sender uploads into its folder, participants download, others cannot", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.4 polycopié");
    await messages.sendMessage(studentA, {
      conversationId: direct,
      userId: IDS.studentA,
      body: "Voici mon brouillon.",
      files: [{ file: new Blob([bytes], { type: "application/pdf" }), name: "Brouillon chapitre 4.pdf" }],
    });
    const thread = await messages.listMessages(teacherA, direct);
    const attachment = thread.at(-1)!.attachments[0];
    expect(attachment).toMatchObject({ file_name: "Brouillon chapitre 4.pdf", mime_type: "application/pdf", size_bytes: bytes.length });
    expect(attachment.storage_path.startsWith(`${direct}/${IDS.studentA}/`)).toBe(true);
    const downloaded = new Uint8Array(await (await messages.downloadAttachment(teacherA, attachment.storage_path)).arrayBuffer());
    expect([...downloaded]).toEqual([...bytes]);
    // The link the thread offers downloads the file under its own name.
    const link = await fetch(await messages.attachmentUrl(teacherA, attachment));
    expect([...new Uint8Array(await link.arrayBuffer())]).toEqual([...bytes]);
    expect(link.headers.get("content-disposition")).toBe("attachment; filename=Brouillon%20chapitre%204.pdf; filename*=UTF-8''Brouillon%20chapitre%204.pdf");
    await expect(messages.attachmentUrl(studentB, attachment)).rejects.toThrow();
    await expect(messages.downloadAttachment(studentB, attachment.storage_path)).rejects.toThrow();
    expect((await studentB.from("message_attachments").select("id").eq("conversation_id", direct)).data).toEqual([]);

    // nobody writes into another's folder or a conversation it is not in
    const intoTeachers = await studentA.storage
      .from("message-attachments")
      .upload(attachmentPath(direct, IDS.teacherA, "x.pdf"), new Blob(["x"], { type: "application/pdf" }), { contentType: "application/pdf" });
    expect(intoTeachers.error).not.toBeNull();
    const stranger = await studentB.storage
      .from("message-attachments")
      .upload(attachmentPath(direct, IDS.studentB, "x.pdf"), new Blob(["x"], { type: "application/pdf" }), { contentType: "application/pdf" });
    expect(stranger.error).not.toBeNull();
    // an attachment row pointing at someone else's message is refused
    const [theirs] = await sql<{ id: string }>("select id from public.messages where conversation_id = $1 and sender_id = $2 limit 1", [w.conversationA, IDS.teacherA]);
    const forged = await studentA.from("message_attachments").insert({
      message_id: theirs.id,
      conversation_id: w.conversationA,
      storage_path: `${w.conversationA}/${IDS.studentA}/x.pdf`,
      file_name: "x.pdf",
      mime_type: "application/pdf",
      size_bytes: 1,
    });
    expect(forged.error).not.toBeNull();
  });

  it("the bucket refuses other types; over 10 MB is refused by the bucket and the attachment row", async () => {
    const text = await studentA.storage.from("message-attachments").upload(attachmentPath(direct, IDS.studentA, "script.sh"), new Blob(["echo"], { type: "text/x-sh" }), { contentType: "text/x-sh" });
    expect(text.error).not.toBeNull();
    const big = await studentA.storage
      .from("message-attachments")
      .upload(attachmentPath(direct, IDS.studentA, "big.pdf"), new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "application/pdf" }), { contentType: "application/pdf" });
    expect(big.error).toMatchObject({ message: "The object exceeded the maximum allowed size", statusCode: "413" });
    const { error } = await studentA.rpc("send_message", {
      conversation: direct,
      body: "Trop gros",
      attachments: [{ storage_path: `${direct}/${IDS.studentA}/big.pdf`, file_name: "big.pdf", mime_type: "application/pdf", size_bytes: 10 * 1024 * 1024 + 1 }],
    });
    expect(error).not.toBeNull();
    expect((await sql("select 1 from public.messages where body = 'Trop gros'")).length).toBe(0);
  });

  it("delivers a new message live to the other participant only", async () => {
    const seenByTeacher: string[] = [];
    const seenByStranger: string[] = [];
    const stopTeacher = messages.subscribeToMessages(teacherA, IDS.teacherA, (m) => seenByTeacher.push(m.id));
    const stopStranger = messages.subscribeToMessages(studentB, IDS.studentB, (m) => seenByStranger.push(m.id));
    // Send only once both subscriptions are joined: a fixed wait was too short on a loaded machine.
    const joined = (client: typeof teacherA, userId: string) => client.getChannels().some((channel) => channel.topic === `realtime:messages:${userId}` && channel.state === "joined");
    for (let i = 0; i < 100 && !(joined(teacherA, IDS.teacherA) && joined(studentB, IDS.studentB)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(joined(teacherA, IDS.teacherA) && joined(studentB, IDS.studentB)).toBe(true);
    const id = await messages.sendMessage(studentA, { conversationId: direct, userId: IDS.studentA, body: "En direct !" });
    for (let i = 0; i < 50 && !seenByTeacher.includes(id); i++) await new Promise((r) => setTimeout(r, 100));
    expect(seenByTeacher).toContain(id);
    await new Promise((r) => setTimeout(r, 500));
    expect(seenByStranger).not.toContain(id);
    stopTeacher();
    stopStranger();
  });

  it("a course conversation holds every active student and the teacher; outsiders cannot open it", async () => {
    const conversation = await messages.openCourseConversation(studentA, w.courseA);
    expect(await messages.openCourseConversation(teacherA, w.courseA)).toBe(conversation);
    const participants = (await sql<{ user_id: string }>("select user_id from public.conversation_participants where conversation_id = $1", [conversation])).map((r) => r.user_id);
    const active = (await sql<{ user_id: string }>("select user_id from public.course_enrollments where course_id = $1 and status = 'active'", [w.courseA])).map((r) => r.user_id);
    expect(participants.sort()).toEqual([...active, IDS.teacherA].sort());
    await expect(messages.openCourseConversation(studentB, w.courseA)).rejects.toSatisfy((e) => code(e) === "42501");
    await expect(messages.openCourseConversation(teacherB, w.courseA)).rejects.toSatisfy((e) => code(e) === "42501");
    // nobody owns it: a student cannot rename it, remove classmates or delete it
    await studentA.from("conversations").update({ subject: "À moi" }).eq("id", conversation);
    await studentA.from("conversation_participants").delete().eq("conversation_id", conversation).eq("user_id", IDS.classmate);
    await studentA.from("conversations").delete().eq("id", conversation);
    const [still] = await sql<{ subject: string; n: number }>(
      "select c.subject, (select count(*)::int from public.conversation_participants p where p.conversation_id = c.id) as n from public.conversations c where c.id = $1",
      [conversation],
    );
    expect(still.n).toBe(participants.length);
    expect(still.subject).not.toBe("À moi");
    // a dropped student leaves it at the next opening
    await sql("update public.course_enrollments set status = 'dropped' where course_id = $1 and user_id = $2", [w.courseA, IDS.classmate]);
    await messages.openCourseConversation(teacherA, w.courseA);
    expect((await sql("select 1 from public.conversation_participants where conversation_id = $1 and user_id = $2", [conversation, IDS.classmate])).length).toBe(0);
    await sql("update public.course_enrollments set status = 'active' where course_id = $1 and user_id = $2", [w.courseA, IDS.classmate]);
    // a student cannot start a "course" conversation of its own
    const { error } = await studentA.from("conversations").insert({ subject: "Faux", kind: "course", course_id: w.courseB });
    expect(error).not.toBeNull();
  });

  it("only admins send announcements: each recipient gets a message and a notification, and cannot reply", async () => {
    await expect(messages.sendAnnouncement(studentA, { audience: "course", courseId: w.courseA, title: "Faux", body: "Faux" })).rejects.toSatisfy((e) => code(e) === "42501");
    await expect(messages.sendAnnouncement(teacherA, { audience: "course", courseId: w.courseA, title: "Faux", body: "Faux" })).rejects.toSatisfy((e) => code(e) === "42501");
    await expect(messages.sendAnnouncement(admin, { audience: "course", courseId: w.courseA, title: "", body: "x" })).rejects.toThrow();

    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from public.course_enrollments where course_id = $1 and status = 'active'", [w.courseA]);
    const sent = await messages.sendAnnouncement(admin, { audience: "course", courseId: w.courseA, title: "Séance annulée", body: "La séance de jeudi est annulée." });
    expect(sent).toBe(n + 1); // the students and the teacher

    const mine = (await messages.listConversations(studentA)).find((c) => c.kind === "announcement" && c.subject === "Séance annulée");
    // the recipient alone in its copy: nobody else's name shows
    expect(mine).toMatchObject({ unread_count: 1, last_body: "La séance de jeudi est annulée.", participant_count: 1 });
    const [notification] = await sql<{ type: string; action_url: string }>("select type, action_url from public.student_notifications where user_id = $1 and title = 'Séance annulée'", [IDS.studentA]);
    expect(notification.type).toBe("announcement");
    expect(notification.action_url).toBe(`/dashboard/student/messages?conversation=${mine!.id}`);
    // studentB (another course) got nothing
    expect((await sql("select 1 from public.student_notifications where user_id = $1 and title = 'Séance annulée'", [IDS.studentB])).length).toBe(0);
    // recipients do not see each other, and cannot answer everyone
    await expect(messages.sendMessage(studentA, { conversationId: mine!.id, userId: IDS.studentA, body: "Merci" })).rejects.toThrow();

    // the sender: one thread (not one per recipient), with its recipients and read counts
    const adminThreads = (await messages.listConversations(admin)).filter((c) => c.subject === "Séance annulée");
    expect(adminThreads).toHaveLength(1);
    expect(adminThreads[0]).toMatchObject({ kind: "announcement", participant_count: 1, last_body: "La séance de jeudi est annulée." });
    const announced = (await messages.listMyAnnouncements(admin)).find((a) => a.conversation_id === adminThreads[0].id);
    expect(announced).toMatchObject({ title: "Séance annulée", recipient_count: sent, read_count: 0 });
    // each recipient reads its own copy; the counts follow
    await messages.markConversationRead(studentA, mine!.id);
    const teacherCopy = (await messages.listConversations(teacherA)).find((c) => c.subject === "Séance annulée");
    expect((await messages.listMessages(teacherA, teacherCopy!.id)).map((x) => x.body)).toEqual(["La séance de jeudi est annulée."]);
    await messages.markConversationRead(teacherA, teacherCopy!.id);
    expect((await messages.listMyAnnouncements(admin)).find((a) => a.id === announced!.id)).toMatchObject({ recipient_count: sent, read_count: 2 });
    const recipients = await messages.listAnnouncementRecipients(admin, adminThreads[0].id);
    expect(recipients).toHaveLength(sent);
    expect(
      recipients
        .filter((r) => r.read_at)
        .map((r) => r.user_id)
        .sort(),
    ).toEqual([IDS.studentA, IDS.teacherA].sort());
    // recipients learn neither who else received it nor the counts
    await expect(messages.listAnnouncementRecipients(studentA, adminThreads[0].id)).rejects.toSatisfy((e) => code(e) === "42501");
    await expect(messages.listAnnouncementRecipients(studentA, mine!.id)).rejects.toSatisfy((e) => code(e) === "42501");
    expect(await messages.listMyAnnouncements(studentA)).toEqual([]);
    // nothing is added to a sent announcement, not even by its sender (it would reach nobody)
    await expect(messages.sendMessage(admin, { conversationId: adminThreads[0].id, userId: IDS.admin, body: "Rectificatif" })).rejects.toThrow();

    // a role, a programme: other audiences reach the right people
    const teachers = await messages.sendAnnouncement(admin, { audience: "role", role: "teacher", title: "Réunion", body: "Réunion pédagogique lundi." });
    const [{ t }] = await sql<{ t: number }>("select count(*)::int as t from public.user_roles where role = 'teacher'");
    expect(teachers).toBe(t);
    const l2 = await messages.sendAnnouncement(admin, { audience: "programme", programmeId: w.programme, levelCode: "L2", title: "L2", body: "Aux L2." });
    expect(l2).toBeGreaterThan(n);

    const audit = await sql("select 1 from pg_proc where proname = 'record_audit'");
    if (audit.length) {
      const rows = await sql<{ details: { recipients: number } }>("select details from public.audit_log where action = 'announcement.sent' order by created_at");
      expect(rows.map((r) => r.details.recipients).slice(-3)).toEqual([sent, teachers, l2]);
    }
  });
});

describe("community boards", () => {
  let post: string;
  let programme: string;

  it("a student posts on its course board; students of other courses neither read nor post there", async () => {
    const boards = await community.listBoards(studentA);
    expect(boards.some((b) => b.kind === "course" && b.id === w.courseA && !b.can_moderate)).toBe(true);
    programme = boards.find((b) => b.kind === "programme")!.id!;
    expect(programme).toBe(w.programme);
    expect(boards.some((b) => b.kind === "university")).toBe(true);
    expect((await community.listBoards(teacherA)).find((b) => b.id === w.courseA)?.can_moderate).toBe(true);

    post = await community.createPost(studentA, { kind: "course", id: w.courseA }, { title: "TD 3", body: "Qui a compris l'exercice 2 ?" });
    const page = await community.listPosts(teacherA, { kind: "course", id: w.courseA }, 0);
    expect(page.items.map((p) => p.id)).toContain(post);
    expect(page.items.find((p) => p.id === post)?.author_name).toBe("Awa Ngono");
    expect((await community.listPosts(studentB, { kind: "course", id: w.courseA }, 0)).items).toEqual([]);
    await expect(community.createPost(studentB, { kind: "course", id: w.courseA }, { title: "Intrus", body: "x" })).rejects.toThrow();
  });

  it("programme boards: the programme's students read and post, others do not", async () => {
    const id = await community.createPost(studentA, { kind: "programme", id: programme }, { title: "Stage L2", body: "Des offres de stage ?" });
    expect((await community.listPosts(classmate, { kind: "programme", id: programme }, 0)).items.map((p) => p.id)).toContain(id);
    expect((await community.listPosts(studentB, { kind: "programme", id: programme }, 0)).items).toEqual([]);
    await expect(community.createPost(studentB, { kind: "programme", id: programme }, { title: "Intrus", body: "x" })).rejects.toThrow();
    // a post belongs to one board at most
    const { error } = await studentA.from("community_posts").insert({ title: "Deux", body: "x", course_id: w.courseA, programme_id: programme });
    expect(error).not.toBeNull();
  });

  it("free text is bounded by the database", async () => {
    await expect(community.createPost(studentA, { kind: "course", id: w.courseA }, { title: "x".repeat(201), body: "x" })).rejects.toThrow();
    await expect(community.addComment(studentA, post, "x".repeat(5001))).rejects.toThrow();
    await expect(community.report(studentA, { postId: post }, "x".repeat(1001))).rejects.toThrow();
    await expect(community.report(studentA, { postId: post }, "")).rejects.toThrow();
  });

  it("comments and reactions: one of a kind per person, taken back by its author only", async () => {
    await community.addComment(classmate, post, "Oui, il faut une double rotation.");
    const [comment] = await community.listComments(studentA, post);
    expect(comment).toMatchObject({ body: "Oui, il faut une double rotation.", is_hidden: false });

    await community.toggleReaction(studentA, { postId: post }, "like", true);
    await community.toggleReaction(studentA, { postId: post }, "like", true); // twice is once
    await community.toggleReaction(classmate, { postId: post }, "like", true);
    await community.toggleReaction(studentA, { commentId: comment.id }, "insight", true);
    const { error } = await studentA.from("community_reactions").insert({ post_id: post, kind: "like" });
    expect(error?.code).toBe("23505");
    let seen = (await community.listPosts(studentA, { kind: "course", id: w.courseA }, 0)).items.find((p) => p.id === post)!;
    expect(seen.reactions).toEqual({ like: 2 });
    expect(seen.my_reactions).toEqual(["like"]);
    expect(seen.comment_count).toBe(1);
    expect((await community.listComments(classmate, post))[0].reactions).toEqual({ insight: 1 });

    // classmate cannot take back studentA's reaction
    await classmate.from("community_reactions").delete().eq("post_id", post).eq("user_id", IDS.studentA);
    await community.toggleReaction(classmate, { postId: post }, "like", false);
    seen = (await community.listPosts(studentA, { kind: "course", id: w.courseA }, 0)).items.find((p) => p.id === post)!;
    expect(seen.reactions).toEqual({ like: 1 });
    // nobody reacts on a board it cannot read
    const { error: outsider } = await studentB.from("community_reactions").insert({ post_id: post, kind: "love" });
    expect(outsider).not.toBeNull();
  });

  it("reporting twice is one report; the board's moderators read reports, others do not", async () => {
    const first = await community.report(studentA, { postId: post }, "Hors sujet");
    expect(await community.report(studentA, { postId: post }, "Encore")).toBe(first);
    const [comment] = await community.listComments(studentA, post);
    await community.report(studentA, { postId: post, commentId: comment.id }, "Réponse donnée avant l'échéance");
    expect((await sql("select 1 from public.community_reports where reporter_id = $1 and post_id = $2", [IDS.studentA, post])).length).toBe(2);

    const forTeacher = await community.listReports(teacherA, "open", 0);
    expect(
      forTeacher.items
        .filter((r) => r.post_id === post)
        .map((r) => r.reason)
        .sort(),
    ).toEqual(["Hors sujet", "Réponse donnée avant l'échéance"]);
    expect((await community.listReports(teacherB, "open", 0)).items.filter((r) => r.post_id === post)).toEqual([]);
    expect((await community.listReports(admin, "open", 0)).items.filter((r) => r.post_id === post)).toHaveLength(2);
    // the reporter sees its own report only, and handles none
    expect((await classmate.from("community_reports").select("id").eq("post_id", post)).data).toEqual([]);
    await expect(community.resolveReport(studentA, first, "dismissed")).rejects.toSatisfy((e) => code(e) === "42501");
    await expect(community.resolveReport(teacherB, first, "dismissed")).rejects.toSatisfy((e) => code(e) === "42501");
  });

  it("students and other teachers cannot hide, lock or pin; the course's teacher can", async () => {
    for (const action of ["hide", "lock", "pin"] as const) {
      await expect(community.moderatePost(studentA, post, action)).rejects.toSatisfy((e) => code(e) === "42501");
      await expect(community.moderatePost(teacherB, post, action)).rejects.toSatisfy((e) => code(e) === "42501");
    }
    const direct = await studentA.from("community_posts").update({ is_hidden: true, is_pinned: true }).eq("id", post);
    expect(direct.error).not.toBeNull();
    const { error: asTeacher } = await teacherA.from("community_posts").update({ is_pinned: true }).eq("id", post);
    expect(asTeacher).not.toBeNull(); // even moderators go through moderate_post
    const [flags] = await sql<Record<string, boolean>>("select is_hidden, is_locked, is_pinned from public.community_posts where id = $1", [post]);
    expect(flags).toEqual({ is_hidden: false, is_locked: false, is_pinned: false });
  });

  it("pin puts a post first; lock stops new comments except the moderators'", async () => {
    const other = await community.createPost(classmate, { kind: "course", id: w.courseA }, { title: "Plus récent", body: "x" });
    const order = async () => (await community.listPosts(studentA, { kind: "course", id: w.courseA }, 0)).items.map((p) => p.id);
    expect((await order()).indexOf(other)).toBeLessThan((await order()).indexOf(post));
    await community.moderatePost(teacherA, post, "pin");
    const pinned = await order();
    expect(pinned.indexOf(post)).toBeLessThan(pinned.indexOf(other));
    const items = (await community.listPosts(studentA, { kind: "course", id: w.courseA }, 0)).items;
    // pinned posts (the seed pins one too) come before every other
    expect(items.findIndex((p) => !p.is_pinned)).toBeGreaterThan(items.findLastIndex((p) => p.is_pinned));

    await community.moderatePost(teacherA, post, "lock");
    await expect(community.addComment(classmate, post, "Encore une question")).rejects.toThrow();
    await community.addComment(teacherA, post, "Sujet clos, voir la séance de jeudi.");
    await community.moderatePost(admin, post, "unlock");
    await community.addComment(classmate, post, "Merci !");
  });

  it("a hidden post or comment disappears for students and stays, greyed, for moderators", async () => {
    const [comment] = await community.listComments(studentA, post);
    await community.moderateComment(teacherA, comment.id, "hide");
    expect((await community.listComments(studentA, post)).map((c) => c.id)).not.toContain(comment.id);
    expect((await community.listComments(teacherA, post)).find((c) => c.id === comment.id)?.is_hidden).toBe(true);
    await expect(community.moderateComment(studentA, comment.id, "unhide")).rejects.toSatisfy((e) => code(e) === "42501");

    await community.moderatePost(teacherA, post, "hide");
    expect(await community.getPost(studentA, post)).toBeNull();
    expect((await community.listPosts(studentA, { kind: "course", id: w.courseA }, 0)).items.map((p) => p.id)).not.toContain(post);
    expect(await community.listComments(studentA, post)).toEqual([]);
    expect((await community.getPost(teacherA, post))?.is_hidden).toBe(true);
    expect((await community.getPost(admin, post))?.can_moderate).toBe(true);
    // hiding settled the post's open report
    expect((await community.listReports(teacherA, "open", 0)).items.filter((r) => r.post_id === post && !r.comment_id)).toEqual([]);
    // nobody comments or reacts on what it cannot see
    await expect(community.addComment(studentA, post, "Allô ?")).rejects.toThrow();
  });

  it("programme and university boards are moderated by admins only", async () => {
    const [programmePost] = await sql<{ id: string }>("select id from public.community_posts where programme_id = $1 limit 1", [programme]);
    await expect(community.moderatePost(teacherA, programmePost.id, "pin")).rejects.toSatisfy((e) => code(e) === "42501");
    await community.moderatePost(admin, programmePost.id, "pin");
  });

  it("pages the board 20 posts at a time", async () => {
    await sql(
      `insert into public.community_posts (author_id, course_id, title, body, created_at)
       select $1, $2, 'Post ' || i, 'x', now() - make_interval(mins => i) from generate_series(1, 25) i`,
      [IDS.classmate, w.courseB],
    );
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from public.community_posts where course_id = $1", [w.courseB]);
    const first = await community.listPosts(studentB, { kind: "course", id: w.courseB }, 0);
    const second = await community.listPosts(studentB, { kind: "course", id: w.courseB }, 1);
    expect(first.total).toBe(n);
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(n - 20);
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(n);
  });
});
