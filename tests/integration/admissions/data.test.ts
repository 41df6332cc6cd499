// The admissions pages' data module (src/dashboard/admissions/data.ts) against the seeded
// stack: the reviewers' queues (Cameroon / abroad, filters, counts), a file, the accepted
// list, and what an applicant reads of its own files — each as the role that uses it.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { fetchAccepted, fetchCounts, fetchFile, fetchMyApplications, fetchMyCourses, fetchQueue, fetchWholeQueue } from "../../../src/dashboard/admissions/data.ts";
import { defaultQuery } from "../../../src/dashboard/ui/table-query.ts";

const stack = useLocalStack();
const as = (role: "student" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};
let admin: SupabaseClient;
let student: SupabaseClient;
beforeAll(async () => {
  [admin, student] = await Promise.all([as("admin"), as("student")]);
});

describe("reviewers' queues", () => {
  it("split applicants from Cameroon and from abroad, filter on the server and count per programme", async () => {
    const local = await fetchQueue(admin, false, defaultQuery({ sort: { id: "date", desc: true } }));
    expect(local.total).toBeGreaterThan(5);
    expect(local.rows.every((r) => r.country === "CM" && r.kind !== "international" && r.status !== "draft")).toBe(true);
    const abroad = await fetchWholeQueue(admin, true, {});
    expect(abroad.map((r) => r.full_name)).toEqual(expect.arrayContaining(["Aïcha Ndong", "Emily Carter", "Amara Diallo"]));
    const requested = await fetchQueue(admin, true, defaultQuery({ filters: { status: "documents_requested", nationality: "ga" } }));
    expect(requested.rows.map((r) => r.full_name)).toEqual(["Aïcha Ndong"]);
    expect((await fetchQueue(admin, false, defaultQuery({ filters: { search: "Nadia" } }))).rows.map((r) => r.full_name)).toEqual(["Nadia Bello"]);
    const counts = await fetchCounts(admin, true);
    expect(counts.find((c) => c.target_fr === "Executive MBA" && c.status === "documents_requested")?.n).toBe(1);
    // the student reads no queue
    expect((await fetchQueue(student, false, defaultQuery())).total).toBe(0);
  });

  it("open a file with its requests, comments and history", async () => {
    const [row] = await stack().sql<{ id: string }>("select id from public.applications where full_name = 'Aïcha Ndong'");
    const file = await fetchFile(admin, row.id);
    expect(file.application.extension?.name_en).toBe("Executive MBA");
    expect(file.requests.map((r) => r.kind)).toEqual(["equivalence"]);
    expect(file.comments[0].author?.full_name).toBeTruthy();
    expect(file.history.map((h) => h.to_status)).toEqual(["submitted", "under_review", "documents_requested"]);
    await expect(fetchFile(student, row.id)).rejects.toThrow();
  });

  it("list the accepted applicants waiting to be registered", async () => {
    const accepted = await fetchAccepted(admin, defaultQuery({ filters: { status: "admitted" } }));
    expect(accepted.rows.map((r) => r.full_name)).toEqual(expect.arrayContaining(["Lydie Mbida", "Emily Carter"]));
  });
});

describe("the applicant", () => {
  it("reads its own files only, and its courses", async () => {
    const id = (await student.auth.getUser()).data.user!.id;
    expect(await fetchMyApplications(student, id)).toEqual([]);
    expect((await fetchMyCourses(student, id)).length).toBeGreaterThan(0);
  });
});
