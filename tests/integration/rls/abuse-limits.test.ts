// What a signed-in account without a role can no longer do (security review 2026-11-26:
// L3, L4, L7): file unlimited applications that e-mail any address, use the
// university-wide board, or report a comment under another post.
import { describe, expect, it } from "vitest";
import { signInAs, signUpConfirmed, useLocalStack } from "../../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;

describe("applications from a signed-in account", () => {
  it("the 51st of a day is refused, and every notice goes to the account's own confirmed address", async () => {
    const email = "candidat.presse@example.cm";
    const app = await signUpConfirmed(stack(), email, "Candidat-Presse-2026");
    const { data: me } = await app.auth.getUser();
    const apply = (i: number) => app.from("applications").insert({ kind: "general", status: "submitted", full_name: "Candidat Pressé", email: `spam${i}@x.cm` });
    for (let i = 0; i < 50; i++) expect((await apply(i)).error).toBeNull();
    const refused = await apply(50);
    expect(refused.error?.message).toMatch(/too many submissions from this account/);
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from public.applications where applicant_id = $1", [me.user!.id]);
    expect(n).toBe(50);
    const recipients = await sql<{ recipient: string; n: number }>("select recipient, count(*)::int as n from public.outbox_messages where user_id = $1 and kind = 'application' group by recipient", [
      me.user!.id,
    ]);
    expect(recipients).toEqual([{ recipient: email, n: 50 }]);
    expect(await sql("select 1 from public.outbox_messages where recipient like 'spam%@x.cm'")).toEqual([]);
  });

  it("an account whose address is not (or no longer) confirmed gets no application e-mail", async () => {
    const client = await signInAs(stack(), student.email, student.password);
    const [{ id }] = await sql<{ id: string }>("select id from auth.users where email = $1", [student.email]);
    await sql("update auth.users set email_confirmed_at = null where id = $1", [id]);
    try {
      const { error } = await client.from("applications").insert({ kind: "general", status: "submitted", full_name: "Awa Ngono", email: "ailleurs@x.cm" });
      expect(error).toBeNull();
      expect(await sql("select 1 from public.outbox_messages where kind = 'application' and (user_id = $1 or recipient = 'ailleurs@x.cm')", [id])).toEqual([]);
    } finally {
      await sql("update auth.users set email_confirmed_at = now() where id = $1", [id]);
    }
  });
});

describe("the university-wide board needs a role", () => {
  it("a roleless account cannot read, post or comment; a student can", async () => {
    const roleless = await signUpConfirmed(stack(), "sans.role@example.cm", "Sans-Role-2026");
    const [post] = await sql<{ id: string }>("select id from public.community_posts where course_id is null and programme_id is null and not is_hidden limit 1");
    expect(post).toBeDefined();
    const read = await roleless.from("community_posts").select("id").is("course_id", null).is("programme_id", null);
    expect(read.data).toEqual([]);
    const posted = await roleless.from("community_posts").insert({ title: "Envoyez vos identifiants", body: "https://evil.example" });
    expect(posted.error).not.toBeNull();
    const commented = await roleless.from("community_comments").insert({ post_id: post.id, body: "https://evil.example" });
    expect(commented.error).not.toBeNull();
    expect(await sql("select 1 from public.community_posts where body like '%evil.example%' union all select 1 from public.community_comments where body like '%evil.example%'")).toEqual([]);

    const awa = await signInAs(stack(), student.email, student.password);
    expect((await awa.from("community_posts").select("id").is("course_id", null).is("programme_id", null)).data?.length).toBeGreaterThan(0);
  });
});

describe("a report names a comment with its own post (L7)", () => {
  it("refuses a comment paired with another post", async () => {
    const awa = await signInAs(stack(), student.email, student.password);
    const posts = await sql<{ id: string }>(`select p.id from public.community_posts p where p.course_id is null and p.programme_id is null and not p.is_hidden order by p.created_at limit 2`);
    expect(posts.length).toBe(2);
    const [comment] = await sql<{ id: string }>(
      "insert into public.community_comments (post_id, author_id, body) values ($1, (select id from auth.users where email = 'enseignant@demo.univ.cm'), 'Un commentaire') returning id",
      [posts[0].id],
    );
    const mismatched = await awa.from("community_reports").insert({ post_id: posts[1].id, comment_id: comment.id, reason: "spam" });
    expect(mismatched.error).not.toBeNull();
    const matched = await awa.from("community_reports").insert({ post_id: posts[0].id, comment_id: comment.id, reason: "spam" });
    expect(matched.error).toBeNull();
  });
});
