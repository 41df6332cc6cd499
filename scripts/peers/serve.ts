// Starts the local stack for one upstream client suite (tests/peers) the way that suite's
// own CI starts the Supabase CLI, on the same fixed ports, with the suite's test schema:
//   postgrest   its schema (adapted: no PostGIS) and seed; stack on 54322 behind a proxy on
//               54321 that adds the publishable key to keyless requests (the tests send none);
//   storage     its seed (adapted) and hosted storage's grants, the CLI's JWT secret (the
//               tests sign their service_role JWT with it); same proxy;
//   auth-cli    no schema, auth configured as auth-js's test/supabase/config.toml configures
//               the CLI where the stack has the setting; stack on 54321;
//   auth-docker the same, plus what test/docker-tests expect on :9999-:9996 (bare GoTrue
//               servers, no apikey): a second stack (e-mail confirmation on, the docker JWT
//               secret) behind :9999/:9997, the first behind :9998/:9996; each proxy maps
//               /x to /auth/v1/x and adds the publishable key.
// Prints `ready {"publishableKey":…,"secretKey":…}` (the first stack's keys) once it
// listens; stops its stacks on SIGTERM. Run by scripts/test-peers.ts.
import { createServer, request as httpRequest, type Server } from "node:http";
import { join } from "node:path";
import { startLocalStack, type LocalStack, type LocalStackOptions } from "../../supabase/local/stack.ts";
import { generateLocalKeys } from "../../supabase/local/env.ts";

const PEERS = join(import.meta.dirname, "..", "..", "tests", "peers");
const CLI_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
const DOCKER_JWT_SECRET = "37c304f8-51aa-419a-a1af-06154e63707a";
const mode = process.argv[2];
const stacks: LocalStack[] = [];
const servers: Server[] = [];

async function stack(jwtSecret: string | undefined, options: Omit<LocalStackOptions, "keys">): Promise<LocalStack> {
  const generated = await generateLocalKeys();
  const started = await startLocalStack({ keys: jwtSecret ? { ...generated, jwtSecret } : generated, log: (line) => console.log(`[stack] ${line}`), ...options });
  stacks.push(started);
  return started;
}

/** A proxy on `listen` (IPv4 and IPv6 loopback) to the stack on `port`, adding the publishable key when none is sent. */
function proxy(listen: number, target: LocalStack, prefix = "") {
  const port = Number(new URL(target.url).port);
  const handler = createServer((req, res) => {
    const headers = { ...req.headers };
    if (!headers.apikey) headers.apikey = target.keys.publishableKey;
    const upstream = httpRequest({ host: "127.0.0.1", port, method: req.method, path: `${prefix}${req.url}`, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  servers.push(handler);
  handler.listen(listen, "127.0.0.1");
  // Upstream tests say "localhost", which may resolve to ::1; a host without IPv6 just skips it.
  const v6 = createServer((req, res) => handler.emit("request", req, res));
  v6.on("error", () => {});
  servers.push(v6);
  v6.listen(listen, "::1");
}

const authOptions = (emailConfirmations: boolean): Omit<LocalStackOptions, "keys"> => ({
  seed: false,
  schema: {},
  captureEmails: true,
  siteUrl: "http://127.0.0.1:3000",
  auth: {
    emailConfirmations,
    refreshTokenReuseInterval: 10,
    passwordPolicy: { minLength: 6, requiredCharacters: [], refuseLeaked: false },
    rateLimits: { emailFrequencySeconds: 1 },
  },
});

let main: LocalStack;
if (mode === "postgrest") {
  const dir = join(PEERS, "postgrest");
  main = await stack(undefined, {
    port: 54322,
    schema: { migrationsDir: join(dir, "adapted"), seedFiles: [join(dir, "upstream/packages/core/postgrest-js/test/supabase/seed.sql")] },
  });
  proxy(54321, main);
} else if (mode === "storage") {
  const dir = join(PEERS, "storage", "adapted");
  main = await stack(CLI_JWT_SECRET, { port: 54322, schema: { migrationsDir: dir, seedFiles: [join(dir, "seed.sql")] } });
  proxy(54321, main);
} else if (mode === "auth-cli" || mode === "auth-docker") {
  main = await stack(CLI_JWT_SECRET, { port: 54321, ...authOptions(false) });
  if (mode === "auth-docker") {
    const confirming = await stack(DOCKER_JWT_SECRET, { port: 54331, ...authOptions(true) });
    for (const [port, target] of [
      [9999, confirming],
      [9997, confirming],
      [9998, main],
      [9996, main],
    ] as const)
      proxy(port, target, "/auth/v1");
  }
} else {
  console.error("usage: node scripts/peers/serve.ts postgrest|storage|auth-cli|auth-docker");
  process.exit(2);
}

process.on("SIGTERM", async () => {
  for (const server of servers) server.close();
  await Promise.all(stacks.map((s) => s.stop()));
  process.exit(0);
});
console.log(`ready ${JSON.stringify({ publishableKey: main.keys.publishableKey, secretKey: main.keys.secretKey })}`);
