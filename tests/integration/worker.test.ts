import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack({ seed: false });

// Asynchronous on purpose: the stack serves from this very process.
function runWorker(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["worker/main.ts", "--once"], { env: { PATH: process.env.PATH, ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe("worker process", () => {
  it("runs one tick against the local stack and logs it as one JSON line", async () => {
    const result = await runWorker({ SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: stack().keys.secretKey });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const line = JSON.parse(result.stdout.trim());
    expect(line).toMatchObject({ event: "tick", eventsSeen: 0, created: 0, skipped: 0 });
    expect(typeof line.durationMs).toBe("number");
    // Late penalties and payment reminders ran (nothing is late without the seed; the rules
    // themselves are in finance/fee-publication.test.ts); a failure would log { error }.
    expect(line).toMatchObject({ penalties: 0, reminders: { created: 0, queued: 0, failed: 0 } });
    // So did the assignment reminders (their rules: assignment-reminders.test.ts).
    expect(line).toMatchObject({ assignmentReminders: { reminded: 0, created: 0, queued: 0, failed: 0 } });
    // The run is recorded for admin/technical.
    const ticks = await stack().sql<{ ok: boolean; source: string }>("select ok, source from public.worker_ticks");
    expect(ticks).toEqual([{ ok: true, source: "cron" }]);
  });

  it("exits with code 2 and one clear line when a key is missing", async () => {
    const result = await runWorker({ SUPABASE_URL: stack().url });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe("worker: SUPABASE_SECRET_KEY is missing: the worker needs the project's secret key");
  });

  it("logs a failed tick and exits non-zero when the key is wrong", async () => {
    const result = await runWorker({ SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: "sb_secret_wrongwrongwrongwrongwrong" });
    expect(result.status).toBe(1);
    const [failed, unrecorded] = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(failed).toMatchObject({ event: "tick_failed" });
    // With a wrong key the run cannot be recorded either: said, not fatal.
    expect(unrecorded).toMatchObject({ event: "tick_record_failed" });
  });
});
