// The local stack's Storage answers as hosted storage-api answers, through the project's own
// supabase-js (supabase/local/storage/): what storage-js reads from each answer works here as
// on a hosted project. storage-js's upstream test suite holds the same against the stack
// (docs/testing.md, "Supabase's own client suites"); the listing rules in detail: tests/unit/storage-listing.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
const BUCKET = "parity";
let storage: SupabaseClient["storage"];

const text = async (response: Response) => (response.ok ? await response.text() : `HTTP ${response.status}`);

beforeAll(async () => {
  storage = stack().client({ secret: true }).storage;
  const { error } = await storage.createBucket(BUCKET, { public: false });
  expect(error).toBeNull();
});

describe("storage answers as hosted storage-api", () => {
  it("a signed URL downloads the file, as an attachment under the name asked for", async () => {
    expect((await storage.from(BUCKET).upload("slips/reçu 1.txt", "bonjour", { contentType: "text/plain" })).error).toBeNull();
    // (An ASCII name: supabase-js runs encodeURI over the query it has already encoded, so
    // storage-api, here as on hosted, names a download "Re%C3%A7u…" for "Reçu…".)
    const { data, error } = await storage.from(BUCKET).createSignedUrl("slips/reçu 1.txt", 60, { download: "Recu de paiement.txt" });
    expect(error).toBeNull();
    expect(data!.signedUrl.startsWith(`${stack().url}/storage/v1/object/sign/${BUCKET}/`)).toBe(true);
    const response = await fetch(data!.signedUrl);
    expect(await text(response)).toBe("bonjour");
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=Recu%20de%20paiement.txt; filename*=UTF-8''Recu%20de%20paiement.txt");
  });

  it("a signed upload URL takes the file once", async () => {
    const { data, error } = await storage.from(BUCKET).createSignedUploadUrl("uploads/one.txt");
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: "uploads/one.txt", token: expect.any(String) });
    expect(data!.signedUrl).toBe(`${stack().url}/storage/v1/object/upload/sign/${BUCKET}/uploads/one.txt?token=${data!.token}`);
    const uploaded = await storage.from(BUCKET).uploadToSignedUrl("uploads/one.txt", data!.token, new Blob(["signé"], { type: "text/plain" }));
    expect(uploaded).toEqual({ data: { path: "uploads/one.txt", fullPath: `${BUCKET}/uploads/one.txt` }, error: null });
    expect(await (await storage.from(BUCKET).download("uploads/one.txt")).data!.text()).toBe("signé");
    const again = await storage.from(BUCKET).uploadToSignedUrl("uploads/one.txt", data!.token, new Blob(["deux"], { type: "text/plain" }));
    expect(again.error).toMatchObject({ message: "The resource already exists", statusCode: "409" });
  });

  it("lists names relative to the folder, subfolders once; list-v2 keeps folders apart", async () => {
    for (const name of ["docs/a.txt", "docs/b.txt", "docs/old/c.txt"]) {
      expect((await storage.from(BUCKET).upload(name, name)).error).toBeNull();
    }
    const { data, error } = await storage.from(BUCKET).list("docs");
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ["a.txt", false],
      ["b.txt", false],
      ["old", true],
    ]);
    const v2 = await storage.from(BUCKET).listV2({ prefix: "docs/", with_delimiter: true });
    expect(v2.error).toBeNull();
    expect(v2.data).toMatchObject({ hasNext: false, folders: [{ key: "old", name: "docs/old/" }] });
    expect(v2.data!.objects.map((o) => o.name)).toEqual(["docs/a.txt", "docs/b.txt"]);
  });

  it("copies to the path it answers, keeping custom metadata, which info shows", async () => {
    const metadata = { course: "MATH-101", week: "3" };
    expect((await storage.from(BUCKET).upload("src/notes.txt", "notes", { metadata })).error).toBeNull();
    const copied = await storage.from(BUCKET).copy("src/notes.txt", "dst/notes.txt");
    expect(copied).toEqual({ data: { path: `${BUCKET}/dst/notes.txt` }, error: null });
    expect(await (await storage.from(BUCKET).download("dst/notes.txt")).data!.text()).toBe("notes");
    const { data: info, error } = await storage.from(BUCKET).info("dst/notes.txt");
    expect(error).toBeNull();
    expect(info).toMatchObject({ name: "dst/notes.txt", bucketId: BUCKET, size: 5, metadata, contentType: "text/plain;charset=UTF-8" });
    expect(info!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("takes a bucket's size limit as text and enforces it, with the bucket's types (type/* included)", async () => {
    const created = await storage.createBucket("parity-limited", { public: false, fileSizeLimit: "1kb", allowedMimeTypes: ["image/*", "application/pdf"] });
    expect(created.error).toBeNull();
    const { data: bucket } = await storage.getBucket("parity-limited");
    expect(bucket).toMatchObject({ file_size_limit: 1000, allowed_mime_types: ["image/*", "application/pdf"] });
    expect(bucket).not.toHaveProperty("owner_id");
    const image = (size: number) => new Blob([new Uint8Array(size)], { type: "image/png" });
    expect((await storage.from("parity-limited").upload("ok.png", image(1000))).error).toBeNull();
    expect((await storage.from("parity-limited").upload("big.png", image(1001))).error).toMatchObject({
      message: "The object exceeded the maximum allowed size",
      statusCode: "413",
    });
    expect((await storage.from("parity-limited").upload("a.txt", "x", { contentType: "text/plain" })).error).toMatchObject({
      message: "mime type text/plain is not supported",
      statusCode: "415",
    });
    // Clearing the limit (null) and the global limit (above it a bucket's is refused).
    expect((await storage.updateBucket("parity-limited", { public: false, fileSizeLimit: null as never })).error).toBeNull();
    expect((await storage.getBucket("parity-limited")).data!.file_size_limit).toBeNull();
    expect((await storage.updateBucket("parity-limited", { public: false, fileSizeLimit: "60mb" })).error).toMatchObject({ statusCode: "413" });
  });

  it("grants the API roles storage.buckets and storage.objects as hosted does, leaving the decision to RLS", async () => {
    const [grants] = await stack().sql<Record<string, boolean>>(
      `select bool_and(has_table_privilege(r, t, p)) as all_granted
         from unnest(array['anon', 'authenticated', 'service_role']) r,
              unnest(array['storage.buckets', 'storage.objects']) t,
              unnest(array['select', 'insert', 'update', 'delete']) p`,
    );
    expect(grants).toEqual({ all_granted: true });
    const anon = await stack().client().storage.from(BUCKET).upload("anon.txt", "x");
    expect(anon.error).toMatchObject({ message: "new row violates row-level security policy", statusCode: "403" });
  });
});
