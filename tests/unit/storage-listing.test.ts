// The local stack lists a bucket as storage-api does (supabase/local/storage/listing.ts):
// list() as storage.search() answers (names relative to the prefix, a folder once), list-v2
// as listObjectsV2 (folders apart, cursor pagination by name or time), bucket sizes as
// parseFileSizeToBytes reads them. Expected answers are storage-api's, from its SQL.
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, InvalidCursor, listV1, listV2 } from "../../supabase/local/storage/listing.ts";
import { parseFileSize } from "../../supabase/local/storage/buckets.ts";
import type { ObjectRow } from "../../supabase/local/storage/answers.ts";

let clock = Date.parse("2026-01-01T08:00:00Z");
const row = (name: string): ObjectRow => {
  clock += 1000;
  const at = new Date(clock).toISOString().replace("Z", "+00:00");
  return { id: `id-${name}`, name, created_at: at, updated_at: at, last_accessed_at: at, metadata: { size: 1 } };
};
// Created in this order (times increase down the list).
const rows = ["docs/b.pdf", "docs/A.pdf", "docs/sub/c.pdf", "docs/sub/d.pdf", "readme.txt", "docs.txt", "Docs2/e.pdf"].map(row);
const names = (entries: { name: string }[]) => entries.map((e) => e.name);

describe("list (storage.search)", () => {
  it("names entries relative to the prefix, a folder once, case-insensitively by name", () => {
    expect(names(listV1(rows, { prefix: "docs" }))).toEqual(["A.pdf", "b.pdf", "sub"]);
    expect(names(listV1(rows, { prefix: "docs/" }))).toEqual(["A.pdf", "b.pdf", "sub"]);
    const sub = listV1(rows, { prefix: "docs" }).find((e) => e.name === "sub")!;
    expect(sub).toEqual({ name: "sub", id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(listV1(rows, { prefix: "docs" })[0]).toMatchObject({ id: "id-docs/A.pdf", created_at: expect.stringMatching(/Z$/), metadata: { size: 1 } });
  });

  it("lists the root with folders in name order, matches the prefix in any case, and pages", () => {
    // lower(name) in byte order: "docs.txt" before "docs/", then "docs2/".
    expect(names(listV1(rows, {}))).toEqual(["docs.txt", "docs", "Docs2", "readme.txt"]);
    expect(names(listV1(rows, { prefix: "DOCS" }))).toEqual(["A.pdf", "b.pdf", "sub"]);
    expect(names(listV1(rows, { sortBy: { column: "name", order: "desc" } }))).toEqual(["readme.txt", "Docs2", "docs", "docs.txt"]);
    expect(names(listV1(rows, { limit: 2, offset: 1 }))).toEqual(["docs", "Docs2"]);
  });

  it("searches within the prefix's level", () => {
    expect(names(listV1(rows, { prefix: "docs", search: "s" }))).toEqual(["sub"]);
    expect(names(listV1(rows, { search: "doc" }))).toEqual(["docs.txt", "docs", "Docs2"]);
  });

  it("sorted by a time column: folders first, then files by that column", () => {
    expect(names(listV1(rows, { prefix: "docs", sortBy: { column: "created_at", order: "asc" } }))).toEqual(["sub", "b.pdf", "A.pdf"]);
    expect(names(listV1(rows, { prefix: "docs", sortBy: { column: "created_at", order: "desc" } }))).toEqual(["sub", "A.pdf", "b.pdf"]);
  });
});

describe("list-v2 (listObjectsV2)", () => {
  it("without a delimiter: every object under the prefix, full names", () => {
    const result = listV2(rows, { prefix: "docs" });
    expect(result).toMatchObject({ hasNext: false, folders: [] });
    expect(names(result.objects as { name: string }[])).toEqual(["docs.txt", "docs/A.pdf", "docs/b.pdf", "docs/sub/c.pdf", "docs/sub/d.pdf"]);
    expect(result.objects[0]).not.toHaveProperty("key");
  });

  it("with the delimiter: folders apart with a trailing slash, keyed by their segment", () => {
    const result = listV2(rows, { with_delimiter: true });
    expect(result.folders).toEqual([expect.objectContaining({ key: "Docs2", name: "Docs2/", id: null }), expect.objectContaining({ key: "docs", name: "docs/", id: null })]);
    expect(result.objects).toEqual([expect.objectContaining({ key: "docs.txt", name: "docs.txt" }), expect.objectContaining({ key: "readme.txt" })]);
    expect(listV2(rows, { prefix: "docs/", with_delimiter: true }).folders).toEqual([expect.objectContaining({ key: "sub", name: "docs/sub/" })]);
  });

  it("pages with a cursor by name or creation time, either way, until hasNext is false", () => {
    const files = ["zz", "bb", "xx", "ww", "cc", "aa", "yy", "oo"].map((s) => row(`p/f-${s}`));
    const cases: [string[], { column: string; order: string } | undefined][] = [
      [["aa", "bb", "cc", "oo", "ww", "xx", "yy", "zz"], undefined],
      [["zz", "yy", "xx", "ww", "oo", "cc", "bb", "aa"], { column: "name", order: "desc" }],
      [["zz", "bb", "xx", "ww", "cc", "aa", "yy", "oo"], { column: "created_at", order: "asc" }],
      [["oo", "yy", "aa", "cc", "ww", "xx", "bb", "zz"], { column: "created_at", order: "desc" }],
    ];
    for (const withDelimiter of [true, false]) {
      for (const [expected, sortBy] of cases) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = listV2(files, { prefix: "p/", with_delimiter: withDelimiter, limit: 3, cursor, sortBy });
          seen.push(...(page.objects as { name: string }[]).map((o) => o.name.slice("p/f-".length)));
          cursor = page.hasNext ? page.nextCursor : undefined;
          if (page.hasNext) expect(page.nextCursorKey).toBe(`p/f-${seen.at(-1)}`);
          pages++;
        } while (cursor);
        expect({ seen, pages }).toEqual({ seen: expected, pages: 3 });
      }
    }
  });

  it("resumes after a folder past everything in it, either way", () => {
    const tree = ["a/1", "a/2", "a/3", "b"].map(row);
    const first = listV2(tree, { with_delimiter: true, limit: 1 });
    expect(first).toMatchObject({ hasNext: true, nextCursorKey: "a", folders: [expect.objectContaining({ name: "a/" })] });
    const second = listV2(tree, { with_delimiter: true, limit: 1, cursor: first.nextCursor });
    expect(second).toMatchObject({ hasNext: false, folders: [], objects: [expect.objectContaining({ name: "b" })] });
    const back = listV2(tree, { with_delimiter: true, limit: 1, sortBy: { column: "name", order: "desc" } });
    expect(back.objects).toEqual([expect.objectContaining({ name: "b" })]);
    expect(listV2(tree, { with_delimiter: true, limit: 1, cursor: back.nextCursor })).toMatchObject({ hasNext: false, folders: [expect.objectContaining({ name: "a/" })] });
  });

  it("reads and writes storage-api's cursor, refusing a malformed one", () => {
    const token = encodeCursor({ startAfter: "p/f-bb", sortOrder: "desc", sortColumn: "created_at", sortColumnAfter: "2026-01-01T08:00:01.000Z" });
    expect(Buffer.from(token, "base64").toString()).toBe("l:p/f-bb\no:desc\nc:created_at\na:2026-01-01T08:00:01.000Z");
    expect(decodeCursor(token)).toEqual({ startAfter: "p/f-bb", sortOrder: "desc", sortColumn: "created_at", sortColumnAfter: "2026-01-01T08:00:01.000Z" });
    expect(() => decodeCursor(Buffer.from("nonsense").toString("base64"))).toThrow(InvalidCursor);
  });
});

describe("bucket file size limits (parseFileSizeToBytes)", () => {
  it("reads decimal units in any case, three significant digits", () => {
    expect(parseFileSize("1mb")).toBe(1_000_000);
    expect(parseFileSize("20MB")).toBe(20_000_000);
    expect(parseFileSize("1.5kb")).toBe(1500);
    expect(parseFileSize("2GB")).toBe(2e9);
    expect(parseFileSize("10b")).toBe(10);
    expect(parseFileSize("1.2345mb")).toBe(1_230_000);
    expect(parseFileSize("1 mb")).toBeUndefined();
    expect(parseFileSize("1MiB")).toBeUndefined();
  });
});
