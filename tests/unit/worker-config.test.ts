import { describe, expect, it } from "vitest";
import { readConfig } from "../../worker/config.ts";

describe("worker configuration", () => {
  it("accepts a project URL and a secret key", () => {
    const result = readConfig({ SUPABASE_URL: "http://127.0.0.1:54321", SUPABASE_SECRET_KEY: "sb_secret_0123456789abcdefghij" });
    expect(result).toEqual({
      config: { SUPABASE_URL: "http://127.0.0.1:54321", SUPABASE_SECRET_KEY: "sb_secret_0123456789abcdefghij" },
    });
  });

  it("names what is missing in one line", () => {
    const result = readConfig({ SUPABASE_URL: "http://127.0.0.1:54321" });
    expect(result).toEqual({ error: "SUPABASE_SECRET_KEY is missing: the worker needs the project's secret key" });
  });
});
