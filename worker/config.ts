// The worker's configuration, from the environment, checked once at start.
import { z } from "zod";

const schema = z.object({
  SUPABASE_URL: z.url({ error: "SUPABASE_URL must be the project URL, e.g. https://<ref>.supabase.co" }),
  SUPABASE_SECRET_KEY: z.string({ error: "SUPABASE_SECRET_KEY is missing: the worker needs the project's secret key" }).min(20, {
    error: "SUPABASE_SECRET_KEY looks truncated",
  }),
});

export type WorkerConfig = z.infer<typeof schema>;

/** The config, or one line naming what is wrong (the caller exits with code 2). */
export function readConfig(env: NodeJS.ProcessEnv): { config: WorkerConfig } | { error: string } {
  const parsed = schema.safeParse(env);
  if (parsed.success) return { config: parsed.data };
  return { error: parsed.error.issues.map((issue) => issue.message).join("; ") };
}
