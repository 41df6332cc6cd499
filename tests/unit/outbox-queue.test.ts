// The device's outbox as pure data (src/lib/outbox/queue.ts): order of sending, one key per
// press kept through every retry, and the states an item goes through.
import { describe, expect, it } from "vitest";
import { add, begin, newItem, next, ordered, outcomeOf, recover, retry, retryDelay, settle, type OutboxItem } from "../../src/lib/outbox/queue.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 7, 18, 9, minute));
type W = { text: string };
function queue(...texts: string[]): OutboxItem<W>[] {
  return texts.reduce<OutboxItem<W>[]>((items, text, i) => add(items, newItem("u1", { text }, at(i), `key-${text}`)), []);
}

describe("order", () => {
  it("sends the oldest waiting item first, in the order written, skipping refused and sending ones", () => {
    let items = queue("a", "b", "c");
    expect(ordered(items).map((i) => i.write.text)).toEqual(["a", "b", "c"]);
    expect(next(items)?.write.text).toBe("a");
    items = settle(items, "key-a", { refused: { message: "non" } });
    expect(next(items)?.write.text).toBe("b");
    items = items.map((i) => (i.key === "key-b" ? begin(i) : i));
    expect(next(items)?.write.text).toBe("c");
  });

  it("keeps the order of writing even when the device's clock went back", () => {
    let items = add([], newItem("u1", { text: "first" }, at(30), "k1"));
    items = add(items, newItem("u1", { text: "second" }, at(10), "k2"));
    expect(ordered(items).map((i) => i.write.text)).toEqual(["first", "second"]);
    expect(ordered([...items].reverse()).map((i) => i.write.text)).toEqual(["first", "second"]);
  });
});

describe("the key", () => {
  it("is made once per press, and a key already queued is not queued twice", () => {
    const a = newItem("u1", { text: "x" }, at(0));
    const b = newItem("u1", { text: "x" }, at(0));
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.key).not.toBe(b.key);
    const items = add(add([], a), { ...a, write: { text: "again" } });
    expect(items).toHaveLength(1);
    expect(items[0].write.text).toBe("x");
  });

  it("stays the same through a lost line, a refusal, a retry and a reload", () => {
    let [item] = queue("a");
    const key = item.key;
    item = begin(item);
    item = settle([item], key, { lost: true })[0];
    item = begin(item);
    item = settle([item], key, { refused: { message: "non" } })[0];
    item = retry(item);
    item = recover([begin(item)])[0];
    expect(item).toMatchObject({ key, state: "waiting", attempts: 3 });
  });
});

describe("states", () => {
  it("waiting → sending (one more attempt) → gone once sent", () => {
    const items = queue("a", "b");
    const sending = begin(items[0]);
    expect(sending).toMatchObject({ state: "sending", attempts: 1 });
    expect(settle([sending, items[1]], sending.key, { sent: true }).map((i) => i.key)).toEqual(["key-b"]);
  });

  it("a lost line puts it back to waiting; a refusal keeps it with the server's answer until retried", () => {
    const [item] = queue("a");
    expect(settle([begin(item)], item.key, { lost: true })[0]).toMatchObject({ state: "waiting", attempts: 1 });
    const refused = settle([begin(item)], item.key, { refused: { message: "past its deadline", code: "PT403" } })[0];
    expect(refused).toMatchObject({ state: "refused", refusal: { message: "past its deadline", code: "PT403" } });
    expect(next([refused])).toBeUndefined();
    const again = retry(refused);
    expect(again.state).toBe("waiting");
    expect(again.refusal).toBeUndefined();
  });

  it("refuses impossible moves: sending what is not waiting, retrying what was not refused", () => {
    const [item] = queue("a");
    expect(() => begin(begin(item))).toThrow(/sending/);
    expect(() => retry(item)).toThrow(/waiting/);
  });

  it("after a reload, a send cut short waits again; the others are left as they were", () => {
    const [a, b, c] = queue("a", "b", "c");
    const refused = settle([begin(c)], c.key, { refused: { message: "non" } })[0];
    expect(recover([begin(a), b, refused]).map((i) => i.state)).toEqual(["waiting", "waiting", "refused"]);
  });
});

describe("a failed send: the line or the server", () => {
  it("a fetch that failed, a gateway error or a code chunk that did not load: the line", () => {
    expect(outcomeOf(new Error("TypeError: Failed to fetch"))).toEqual({ lost: true });
    expect(outcomeOf(Object.assign(new Error("Failed to fetch"), { name: "StorageUnknownError" }))).toEqual({ lost: true });
    expect(outcomeOf(Object.assign(new Error("Bad gateway"), { status: 502 }))).toEqual({ lost: true });
    expect(outcomeOf(new TypeError("Failed to fetch dynamically imported module"))).toEqual({ lost: true });
  });

  it("an answer from the server refusing it: refused, with its message, code and status", () => {
    const error = Object.assign(new Error("this assignment takes no work now"), { code: "PT403", status: 403 });
    expect(outcomeOf(error)).toEqual({ refused: { message: "this assignment takes no work now", code: "PT403", status: 403 } });
    expect(outcomeOf(Object.assign(new Error("duplicate key"), { code: "23505" }))).toEqual({ refused: { message: "duplicate key", code: "23505" } });
  });

  it("tries a bad line again after 5 s, then less and less often, at most every 5 minutes", () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(20)).toBe(300_000);
  });
});
