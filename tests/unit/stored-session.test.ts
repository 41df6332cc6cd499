import { describe, expect, it } from "vitest";
import { AUTH_STORAGE_KEY } from "../../src/lib/auth-storage.ts";
import { readStoredSession } from "../../src/lib/stored-session.ts";

const storageWith = (value: unknown) => ({
  getItem: (key: string) => (key === AUTH_STORAGE_KEY ? JSON.stringify(value) : null),
});
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe("stored session (header account area)", () => {
  it("is absent when nothing or garbage is stored", () => {
    expect(readStoredSession({ getItem: () => null })).toBeNull();
    expect(readStoredSession({ getItem: () => "{not json" })).toBeNull();
    expect(readStoredSession(storageWith({ refresh_token: "r" }))).toBeNull();
  });

  it("counts a live session, and an expired one only while it can be refreshed", () => {
    expect(readStoredSession(storageWith({ access_token: "a", expires_at: inSeconds(60) }))).not.toBeNull();
    expect(readStoredSession(storageWith({ access_token: "a", expires_at: inSeconds(-60), refresh_token: "r" }))).not.toBeNull();
    expect(readStoredSession(storageWith({ access_token: "a", expires_at: inSeconds(-60) }))).toBeNull();
  });
});
