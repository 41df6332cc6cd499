import { defineConfig } from "vitest/config";

// Unit tests are pure; integration tests each start their own in-memory local stack
// (PGlite), so files stay independent and can run two at a time on two cores.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LITE_TELEMETRY: "0", DO_NOT_TRACK: "1" },
    // @supabase/lite prints every refused query (an RLS denial the tests expect) with its
    // stack; the test's own assertion says what matters, so keep the log readable.
    onConsoleLog: (log) => !(log.startsWith("error: ") && log.includes("routine:")),
  },
});
