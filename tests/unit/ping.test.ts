import { describe, expect, it, vi } from "vitest";
import { isOnline } from "../../src/lib/errors/ping.ts";

describe("page-load ping after a network error (SPEC §7)", () => {
  it("sends HEAD to the page and reads any answer below 500 as back online", async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await isOnline("http://site/dashboard", fetcher as unknown as typeof fetch)).toBe(true);
    expect(fetcher).toHaveBeenCalledWith("http://site/dashboard", { method: "HEAD", cache: "no-store" });
  });

  it("reads a network failure or a 5xx as still offline", async () => {
    expect(
      await isOnline("u", (async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof fetch),
    ).toBe(false);
    expect(await isOnline("u", (async () => new Response(null, { status: 503 })) as unknown as typeof fetch)).toBe(false);
  });
});
