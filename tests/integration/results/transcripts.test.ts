// Relevés de notes: the student gets a numbered relevé of its published result (the same
// one twice), never a classmate's; anyone verifies it by its code; a relevé of the normal
// session is no longer valid once the resit session is published.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let normal = "";
let resit = "";
beforeAll(async () => {
  w = await buildWorld(stack());
  // Last year's semester 2 (supabase/seeds/20260504000000_results.sql), closed in both sessions.
  const rows = await stack().sql<{ id: string; session: string }>("select d.id, d.session from public.deliberations d join public.semesters s on s.id = d.semester_id where s.number = 2");
  normal = rows.find((r) => r.session === "normal")!.id;
  resit = rows.find((r) => r.session === "resit")!.id;
}, 120_000);

describe("relevés de notes", () => {
  it("the student gets its own numbered relevé, the same one twice, and anyone verifies it", async () => {
    const first = await w.clients.studentA.rpc("issue_transcript", { deliberation: resit });
    expect(first.error).toBeNull();
    const doc = (first.data as Array<{ number: string; verification_code: string; snapshot: Record<string, unknown> }>)[0];
    expect(doc.number).toMatch(/^RN-\d{4}-\d{6}$/);
    expect(doc.snapshot).toMatchObject({ holder: "Awa Ngono", session: "resit", average: 11.39, decision: "validated" });
    const again = await w.clients.studentA.rpc("issue_transcript", { deliberation: resit });
    expect((again.data as Array<{ number: string }>)[0].number).toBe(doc.number);

    const checked = await w.clients.anon.rpc("verify_transcript", { code: doc.verification_code });
    expect(checked.data).toEqual([expect.objectContaining({ number: doc.number, holder: "Awa Ngono", semester_fr: "Semestre 2", session: "resit", valid: true })]);
    expect((await w.clients.anon.rpc("verify_transcript", { code: "0".repeat(32) })).data).toEqual([]);
    expect((await w.clients.anon.from("transcripts").select("number")).data ?? []).toEqual([]);
  });

  it("nobody else's relevé, and none of an unpublished session", async () => {
    const other = await w.clients.studentB.rpc("issue_transcript", { deliberation: resit, student: w.ids.studentA });
    expect(other.error?.code).toBe("42501");
    const teacher = await w.clients.teacherA.rpc("issue_transcript", { deliberation: resit, student: w.ids.studentA });
    expect(teacher.error?.code).toBe("42501");
    const none = await w.clients.studentB.rpc("issue_transcript", { deliberation: resit });
    expect(none.error?.message, JSON.stringify(none.error)).toMatch(/no result for this student/);
    expect((await w.clients.studentB.from("transcripts").select("number")).data).toEqual([]);
    const forged = await w.clients.studentA.from("transcripts").update({ revoked_at: null }).eq("student_id", w.ids.studentA).select();
    expect(forged.data ?? []).toEqual([]);
  });

  it("a relevé of the normal session is superseded by the published resit session", async () => {
    const issued = await w.clients.studentA.rpc("issue_transcript", { deliberation: normal });
    const doc = (issued.data as Array<{ verification_code: string }>)[0];
    const checked = await w.clients.anon.rpc("verify_transcript", { code: doc.verification_code });
    expect((checked.data as Array<{ valid: boolean }>)[0].valid).toBe(false);
  });
});
