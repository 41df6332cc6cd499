import { describe, expect, it, vi } from "vitest";
import { createFetcherStore, invalidateKeys, dataCacheSettings, DATA_FRESH_MS, DATA_KEPT_MS, DATA_REFETCH_ON_FOCUS, DATA_RETRIES } from "../../src/lib/data-cache.ts";

describe("data cache (SPEC §9)", () => {
  it("keeps data fresh 5 minutes, kept 10, retries twice, no refetch on focus", () => {
    expect(DATA_FRESH_MS).toBe(300_000);
    expect(DATA_KEPT_MS).toBe(600_000);
    expect(DATA_RETRIES).toBe(2);
    expect(DATA_REFETCH_ON_FOCUS).toBe(false);
    expect(dataCacheSettings).toMatchObject({ dedupeTime: 300_000, cacheLifetime: 600_000, revalidateOnFocus: false });
  });

  it("retries a failed read after the first and second failures, never a third time", () => {
    const retry = (retryCount: number) => dataCacheSettings.onErrorRetry({ error: new Error("x"), key: "k", retryCount });
    expect(retry(1)).toBeGreaterThan(0);
    expect(retry(2)).toBeGreaterThan(0);
    expect(retry(3)).toBe(false);
  });

  it("serves a second read of the same key from the cache while fresh", async () => {
    const fetcher = vi.fn(async (...parts: (string | number | true)[]) => parts.join("/"));
    const first = createFetcherStore<string>(["cache-test", "a"], { fetcher });
    const off1 = first.listen(() => {});
    await first.fetch();
    const second = createFetcherStore<string>(["cache-test", "a"], { fetcher });
    const off2 = second.listen(() => {});
    const value = await second.fetch();
    expect(value).toEqual({ data: "cache-test/a" });
    expect(fetcher).toHaveBeenCalledTimes(1);
    off1();
    off2();
  });
});

describe("data cache: an answer of null", () => {
  it("reaches a second store of the same key (a remounted card is not left loading)", async () => {
    const fetcher = vi.fn(async () => null);
    const first = createFetcherStore<null>(["cache-test-null"], { fetcher });
    const off1 = first.listen(() => {});
    expect(await first.fetch()).toEqual({ data: null });
    const second = createFetcherStore<null>(["cache-test-null"], { fetcher });
    const off2 = second.listen(() => {});
    await Promise.resolve();
    await Promise.resolve();
    expect(second.get()).toMatchObject({ data: null, loading: false });
    expect(fetcher).toHaveBeenCalledTimes(1);
    off1();
    off2();
  });

  it("can be read by a component before it listens (no endless restart)", async () => {
    const store = createFetcherStore<null>(["cache-test-read-first"], { fetcher: async () => null });
    expect(store.get().data).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const off = store.listen(() => {});
    expect(await store.fetch()).toEqual({ data: null });
    off();
  });

  it("reaches a store read twice before it is watched, the answer in between (a slow first render)", async () => {
    // React reads a store at each render and watches it only once the page is on screen.
    const store = createFetcherStore<null>(["cache-test-slow-mount"], { fetcher: async () => null });
    store.get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.get();
    const off = store.listen(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.get()).toMatchObject({ data: null, loading: false });
    off();
  });
});

describe("data cache: a change while a read runs", () => {
  /** A fetcher that reads `source.value` at once and answers when `source.hold` resolves. */
  function slowSource() {
    const source = { value: "before", hold: Promise.resolve(), release: () => {} };
    const fetcher = vi.fn(async () => {
      const seen = source.value;
      await source.hold;
      return seen;
    });
    const slowDown = () => {
      source.hold = new Promise((resolve) => (source.release = resolve));
    };
    return { source, fetcher, slowDown };
  }

  it("reads again when the page asks after its change, a read started before it still running", async () => {
    const { source, fetcher, slowDown } = slowSource();
    const store = createFetcherStore<string>(["cache-test-running"], { fetcher });
    const off = store.listen(() => {});
    expect(await store.fetch()).toEqual({ data: "before" });
    slowDown();
    store.revalidate(); // a read starts (after a mark is saved)…
    source.value = "after"; // …the page publishes…
    store.revalidate(); // …and asks again while that read runs
    source.release();
    await vi.waitFor(() => expect(store.get()).toMatchObject({ data: "after", loading: false }));
    expect(fetcher).toHaveBeenCalledTimes(3);
    off();
  });

  it("does the same for a feature's invalidation (invalidateScope's key filter)", async () => {
    const { source, fetcher, slowDown } = slowSource();
    const store = createFetcherStore<string>(["cache-test-scope", "a"], { fetcher });
    const off = store.listen(() => {});
    expect(await store.fetch()).toEqual({ data: "before" });
    slowDown();
    store.revalidate();
    source.value = "after";
    invalidateKeys((key) => key.startsWith("cache-test-scope"));
    source.release();
    await vi.waitFor(() => expect(store.get()).toMatchObject({ data: "after", loading: false }));
    off();
  });

  it("asks only once when no read was running", async () => {
    const { fetcher } = slowSource();
    const store = createFetcherStore<string>(["cache-test-idle"], { fetcher });
    const off = store.listen(() => {});
    await store.fetch();
    store.revalidate();
    await vi.waitFor(() => expect(store.get()).toMatchObject({ loading: false }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetcher).toHaveBeenCalledTimes(2);
    off();
  });
});

describe("data cache: the keys a page shows (issue 24, the offline banner's data time)", () => {
  it("counts a store's key while it is watched, not when it is only read once (as a render does)", async () => {
    const { $shown } = await import("../../src/lib/offline/read-through.ts");
    const changes = vi.fn();
    const unlisten = $shown.listen(changes);
    const store = createFetcherStore<string>(["cache-test-shown"], { fetcher: async () => "x" });
    const key = "cache-test-shown";
    // A read without listeners starts and stops the store at once: nothing shown, nothing
    // changed (else every render reading it would schedule another render).
    store.get();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect($shown.get()[key]).toBeUndefined();
    expect(changes).not.toHaveBeenCalled();
    const off = store.listen(() => {});
    await vi.waitFor(() => expect($shown.get()[key]).toBe(1));
    off();
    await vi.waitFor(() => expect($shown.get()[key]).toBeUndefined());
    unlisten();
  });
});
