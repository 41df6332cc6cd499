// Storage policies, through supabase-js's storage client: who may upload and download
// which object in each bucket. A refused upload must leave no object behind.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, IDS, type Actor, type World } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
beforeAll(async () => {
  w = await buildWorld(stack());
});

const pdf = () => new Blob(["%PDF-1.4 demo"], { type: "application/pdf" });
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });

async function upload(actor: Actor, bucket: string, path: string, body: Blob) {
  const { error } = await w.clients[actor].storage.from(bucket).upload(path, body, { contentType: body.type });
  return error === null;
}

async function download(actor: Actor, bucket: string, path: string) {
  const { data, error } = await w.clients[actor].storage.from(bucket).download(path);
  return error === null && data !== null;
}

async function exists(bucket: string, path: string) {
  const rows = await stack().sql("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucket, path]);
  return rows.length === 1;
}

describe("storage", () => {
  it("has the buckets, private except avatars", async () => {
    const rows = await stack().sql<{ id: string; public: boolean }>("select id, public from storage.buckets order by id");
    expect(rows).toEqual([
      { id: "application-documents", public: false },
      { id: "avatars", public: true },
      { id: "bank-slips", public: false },
      { id: "course-materials", public: false },
      { id: "documents", public: false },
      { id: "message-attachments", public: false },
      { id: "submissions", public: false },
    ]);
  });

  it("submissions: a student hands in its own file; its teacher reads it, nobody else", async () => {
    const path = `${w.courseA}/${w.assignmentA}/${IDS.studentA}/copie.pdf`;
    expect(await upload("studentA", "submissions", path, pdf())).toBe(true);
    const readers: Record<Actor, boolean> = {
      anon: false,
      studentA: true,
      studentB: false,
      teacherA: true,
      teacherB: false,
      admin: true,
    };
    for (const [actor, allowed] of Object.entries(readers) as [Actor, boolean][]) {
      expect(await download(actor, "submissions", path), actor).toBe(allowed);
    }
  });

  it("submissions: nobody hands in under another student's name or in a course it does not follow", async () => {
    const forged = `${w.courseA}/${w.assignmentA}/${IDS.studentA}/forged.pdf`;
    expect(await upload("studentB", "submissions", forged, pdf())).toBe(false);
    expect(await exists("submissions", forged)).toBe(false);
    const notEnrolled = `${w.courseA}/${w.assignmentA}/${IDS.studentB}/mine.pdf`;
    expect(await upload("studentB", "submissions", notEnrolled, pdf())).toBe(false);
    expect(await exists("submissions", notEnrolled)).toBe(false);
    const anon = `${w.courseA}/${w.assignmentA}/anon/x.pdf`;
    expect(await upload("anon", "submissions", anon, pdf())).toBe(false);
    expect(await exists("submissions", anon)).toBe(false);
  });

  it("documents: admins issue, the owner downloads, nobody else", async () => {
    const path = `${IDS.studentA}/releve-test.pdf`;
    expect(await upload("studentA", "documents", `${IDS.studentA}/fake-diploma.pdf`, pdf())).toBe(false);
    expect(await exists("documents", `${IDS.studentA}/fake-diploma.pdf`)).toBe(false);
    expect(await upload("admin", "documents", path, pdf())).toBe(true);
    expect(await download("studentA", "documents", path)).toBe(true);
    expect(await download("studentB", "documents", path)).toBe(false);
    expect(await download("teacherA", "documents", path)).toBe(false);
    expect(await download("anon", "documents", path)).toBe(false);
  });

  it("avatars: a user writes only its own folder", async () => {
    expect(await upload("studentA", "avatars", `${IDS.studentA}/avatar.png`, png())).toBe(true);
    expect(await upload("studentA", "avatars", `${IDS.studentB}/avatar.png`, png())).toBe(false);
    expect(await exists("avatars", `${IDS.studentB}/avatar.png`)).toBe(false);
  });

  it("course materials: the teacher publishes, members read", async () => {
    const path = `${w.courseA}/chapitre-4.pdf`;
    expect(await upload("studentA", "course-materials", `${w.courseA}/intrus.pdf`, pdf())).toBe(false);
    expect(await upload("teacherB", "course-materials", `${w.courseA}/intrus.pdf`, pdf())).toBe(false);
    expect(await upload("teacherA", "course-materials", path, pdf())).toBe(true);
    expect(await download("studentA", "course-materials", path)).toBe(true);
    expect(await download("studentB", "course-materials", path)).toBe(false);
  });

  it("a student cannot delete another's file", async () => {
    const path = `${w.courseA}/${w.assignmentA}/${IDS.studentA}/copie.pdf`;
    await w.clients.studentB.storage.from("submissions").remove([path]);
    await w.clients.teacherA.storage.from("submissions").remove([path]);
    expect(await exists("submissions", path)).toBe(true);
    const { error } = await w.clients.studentA.storage.from("submissions").remove([path]);
    expect(error).toBeNull();
    expect(await exists("submissions", path)).toBe(false);
  });

  it("buckets: whoever may not manage them is refused with 403, never told a bucket's state (409, 404)", async () => {
    // A bucket holding a file: lite answered a non-admin's delete with 409 "not empty".
    await stack().sql("insert into storage.objects (bucket_id, name) values ('documents', 'guard/kept.pdf') on conflict do nothing");
    const before = await stack().sql("select id, public from storage.buckets order by id");
    for (const actor of ["anon", "studentA", "teacherA", "admin"] as const) {
      const storage = w.clients[actor].storage;
      const attempts = {
        "create a new bucket": await storage.createBucket(`guard-${actor}`),
        "create an existing one": await storage.createBucket("documents"),
        "update one": await storage.updateBucket("documents", { public: true }),
        "delete a non-empty one": await storage.deleteBucket("documents"),
        "delete an empty one": await storage.deleteBucket("avatars"),
      };
      for (const [attempt, { error }] of Object.entries(attempts)) {
        expect({ actor, attempt, statusCode: (error as { statusCode?: string } | null)?.statusCode }).toEqual({ actor, attempt, statusCode: "403" });
      }
    }
    expect(await stack().sql("select id, public from storage.buckets order by id")).toEqual(before);
  });
});
