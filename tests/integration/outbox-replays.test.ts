// Writes sent again from the device's outbox (20260818000001_idempotent_writes.sql), through
// the data modules the outbox sends with, as the demo student against the seeded stack: the
// same key twice is one submission with one file and one message with one attachment; a
// new key revises the copy; a replay after the teacher marked it still answers; work that
// arrives after a refusing deadline is refused, whatever the device's clock said when it
// was queued. Concurrency on real PostgreSQL: tests/integration/concurrency/idempotent-writes.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import * as assignments from "../../src/dashboard/assignments/data.ts";
import * as messages from "../../src/dashboard/messages/data.ts";

const STUDENT = "00000000-0000-4000-a000-000000000001";
const TEACHER = "00000000-0000-4000-a000-000000000002";
const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);
let student: SupabaseClient;
let teacher: SupabaseClient;
let course: { id: string };

beforeAll(async () => {
  student = await signInAs(stack(), "etudiant@demo.univ.cm", "Etudiant-Demo-2026");
  teacher = await signInAs(stack(), "enseignant@demo.univ.cm", "Enseignant-Demo-2026");
  [course] = await sql<{ id: string }>("select id from public.courses where code = 'INF-L2-101'");
});

const pdf = (text: string) => new Blob([`%PDF-1.4\n${text}\n%%EOF\n`], { type: "application/pdf" });

async function newAssignment(due: string, policy = "accept"): Promise<{ id: string; course_id: string }> {
  const [a] = await sql<{ id: string }>(
    `insert into public.assignments (course_id, title, due_at, late_policy, created_by) values ($1, 'Hors ligne (test)', now() + $2::interval, $3, $4) returning id`,
    [course.id, due, policy, TEACHER],
  );
  return { id: a.id, course_id: course.id };
}

const objectsIn = async (bucket: string, prefix: string) =>
  (await sql<{ n: number }>("select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2 || '%'", [bucket, prefix]))[0].n;

describe("a submission sent again with the same key", () => {
  it("is one submission with one file, sent twice in a row or twice at once", async () => {
    const a = await newAssignment("2 days");
    const work = (key: string): assignments.Work => ({
      assignment: a,
      studentId: STUDENT,
      body: "Ma copie",
      kept: [],
      files: [{ name: "copie.pdf", blob: pdf("v1") }],
      previous: [],
      key,
    });
    const key = crypto.randomUUID();
    const first = await assignments.handInOnce(student, work(key));
    // sent again: the files overwritten, the submission answered by its key; or found first
    expect(await assignments.handInOnce(student, work(key))).toBe(first);
    expect(await assignments.handInOnce(student, { ...work(key), replay: true })).toBe(first);
    // the answer lost: the same key sent again, and again at once, without the look-up first
    const again = await Promise.all([0, 1].map(() => assignments.handIn(student, a.id, "Ma copie", [`${a.course_id}/${a.id}/${STUDENT}/copie.pdf`], key)));
    expect(again).toEqual([first, first]);
    const rows = await sql<{ id: string; files: string[] }>("select id, files from public.assignment_submissions where assignment_id = $1", [a.id]);
    expect(rows).toEqual([{ id: first, files: [`${a.course_id}/${a.id}/${STUDENT}/copie.pdf`] }]);
    expect(await assignments.submissionOfKey(student, key)).toBe(first);
    expect(await objectsIn("submissions", `${a.course_id}/${a.id}/${STUDENT}/`)).toBe(1);

    // a new press (a new key) revises the copy: same row, the file taken off leaves the folder
    const revision = await assignments.handInOnce(student, {
      ...work(crypto.randomUUID()),
      body: "Ma copie revue",
      files: [{ name: "annexe.pdf", blob: pdf("v2") }],
      previous: rows[0].files,
    });
    expect(revision).toBe(first);
    const [revised] = await sql<{ body: string; files: string[] }>("select body, files from public.assignment_submissions where id = $1", [first]);
    expect(revised).toEqual({ body: "Ma copie revue", files: [`${a.course_id}/${a.id}/${STUDENT}/annexe.pdf`] });
    expect(await objectsIn("submissions", `${a.course_id}/${a.id}/${STUDENT}/`)).toBe(1);
  });

  it("once marked, a replay of the key that was marked still answers; new work is refused", async () => {
    const a = await newAssignment("2 days");
    const key = crypto.randomUUID();
    const id = await assignments.handIn(student, a.id, "À noter", [], key);
    await assignments.markSubmission(teacher, id, 14, "Bien");
    expect(await assignments.handIn(student, a.id, "À noter", [], key)).toBe(id);
    await expect(assignments.handIn(student, a.id, "Après la note", [], crypto.randomUUID())).rejects.toMatchObject({ code: "42501" });
  });

  it("queued before a refusing deadline, sent after it: refused by the server's clock; with late work accepted, dated on arrival", async () => {
    const refusing = await newAssignment("-1 minute", "refuse");
    await expect(assignments.handIn(student, refusing.id, "Trop tard", [], crypto.randomUUID())).rejects.toMatchObject({ code: "PT403" });
    const accepting = await newAssignment("-1 minute", "accept");
    const id = await assignments.handIn(student, accepting.id, "En retard", [], crypto.randomUUID());
    const [row] = await sql<{ late: boolean }>("select s.submitted_at > a.due_at as late from public.assignment_submissions s join public.assignments a on a.id = s.assignment_id where s.id = $1", [
      id,
    ]);
    expect(row.late).toBe(true);
  });

  it("a revision that changes only the files is dated again (it is the version the teacher reads)", async () => {
    const a = await newAssignment("2 days");
    const id = await assignments.handIn(student, a.id, "Texte", [], crypto.randomUUID());
    await sql("update public.assignment_submissions set submitted_at = now() - interval '1 day' where id = $1", [id]);
    const path = await assignments.uploadSubmissionFile(student, a, STUDENT, "plus.pdf", pdf("plus"));
    await assignments.handIn(student, a.id, "Texte", [path], crypto.randomUUID());
    const [row] = await sql<{ recent: boolean }>("select submitted_at > now() - interval '1 minute' as recent from public.assignment_submissions where id = $1", [id]);
    expect(row.recent).toBe(true);
  });

  it("a key is the caller's own: the same key from another assignment is refused", async () => {
    const [a, b] = [await newAssignment("2 days"), await newAssignment("2 days")];
    const key = crypto.randomUUID();
    await assignments.handIn(student, a.id, "Une", [], key);
    await expect(assignments.handIn(student, b.id, "Deux", [], key)).rejects.toMatchObject({ code: "23505" });
  });
});

describe("a message sent again with the same key", () => {
  it("is one message with one attachment, one file in the bucket", async () => {
    const [{ id: conversation }] = await sql<{ id: string }>("select id from public.conversations where subject = 'Question sur les arbres AVL'");
    const key = crypto.randomUUID();
    const send = (replay: boolean) =>
      messages.sendMessage(student, { conversationId: conversation, userId: STUDENT, body: "Écrit hors ligne", files: [{ file: pdf("pj"), name: "notes.pdf" }], key, replay });
    const first = await send(false);
    // the answer lost before the look-up could help: the files are overwritten, the message found by its key
    expect(await send(false)).toBe(first);
    expect(await send(true)).toBe(first);
    expect(await messages.messageOfKey(student, key)).toBe(first);
    const rows = await sql<{ id: string }>("select id from public.messages where conversation_id = $1 and body = 'Écrit hors ligne'", [conversation]);
    expect(rows).toEqual([{ id: first }]);
    expect((await sql("select 1 from public.message_attachments where message_id = $1", [first])).length).toBe(1);
    expect(await objectsIn("message-attachments", `${conversation}/${STUDENT}/${key}-`)).toBe(1);
    // the key is not the teacher's to reuse (it does not reveal the student's message either)
    await expect(messages.sendMessage(teacher, { conversationId: conversation, userId: TEACHER, body: "Moi aussi", key })).rejects.toMatchObject({ code: "23505" });
  });
});
