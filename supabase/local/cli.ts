// npm run db:start  — serve the local stack on 127.0.0.1:54321 until Ctrl-C.
// npm run db:reset  — wipe the local database, re-apply migrations and seed, exit.
import { ensureLocalEnv, LOCAL_API_PORT } from "./env.ts";
import { LOCAL_DATA_DIR } from "./paths.ts";
import { PortInUseError, startLocalStack } from "./stack.ts";

const args = new Set(process.argv.slice(2));
const serve = !args.has("--no-serve");

try {
  const stack = await startLocalStack({
    keys: await ensureLocalEnv(),
    dataDir: LOCAL_DATA_DIR,
    reset: args.has("--reset"),
    port: serve ? LOCAL_API_PORT : undefined,
    log: (line) => console.log(`[supabase] ${line}`),
  });
  if (!serve) {
    await stack.stop();
    console.log("[supabase] local database reset: migrations and seed applied.");
  } else {
    console.log(`[supabase] local stack on ${stack.url} (Ctrl-C to stop)`);
    const stop = () => void stack.stop().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  }
} catch (error) {
  console.error(error instanceof PortInUseError || error instanceof Error ? error.message : error);
  process.exit(1);
}
