import { describe, expect, test } from "vitest";
import { genericErrorKind } from "../../src/lib/errors/generic.ts";
import { defaultQuery, pageCount, pageRange, readQuery, writeQuery } from "../../src/dashboard/ui/table-query.ts";

describe("server table state in the URL", () => {
  test("round-trips page, size, sort and filters, keeping other parameters", () => {
    const query = { page: 3, pageSize: 50, sort: { id: "fees", desc: true }, filters: { status: "paid", q: "Awa" } };
    const search = writeQuery("?tab=2", "pay", query);
    expect(search).toBe("?tab=2&pay.page=3&pay.size=50&pay.sort=-fees&pay.f.status=paid&pay.f.q=Awa");
    expect(readQuery(search, "pay")).toEqual(query);
    expect(writeQuery(search, "pay", defaultQuery())).toBe("?tab=2");
  });
  test("ignores nonsense and unknown page sizes", () => {
    expect(readQuery("?pay.page=-2&pay.size=7&pay.page=x", "pay")).toEqual(defaultQuery());
  });
  test("range and page count", () => {
    expect(pageRange({ page: 2, pageSize: 20 })).toEqual([20, 39]);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

describe("SPEC §8 generic message of an error", () => {
  test.each([
    [{ code: "42501", message: "permission denied" }, "forbidden"],
    [{ status: 403 }, "forbidden"],
    [{ code: "PGRST116" }, "notFound"],
    [{ status: 401 }, "auth"],
    [{ code: "23505" }, "validation"],
    [{ status: 503 }, "server"],
    [new Error("HTTP 502 Bad Gateway"), "server"],
    [new TypeError("Failed to fetch"), "network"],
    [new Error("boom"), "unknown"],
  ])("%o → %s", (error, kind) => expect(genericErrorKind(error)).toBe(kind));
});
