// The local Supabase stack: @supabase/lite on PGlite (real Postgres, real RLS), serving the
// hosted URL layout (/auth/v1, /rest/v1, /storage/v1, /functions/v1/<name>) on one port.
// Migrations and seed are the same files `supabase db push` sends to a hosted project.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { App, ConsoleEmailDriver, InMemoryEmailDriver, setExperimental } from "@supabase/lite";
import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { LocalKeys } from "./env.ts";
import { authSettings, type LocalAuthOptions, type LocalContext, type LocalRoute } from "./context.ts";
import { applyMigrations, appliedVersions } from "./migrations.ts";
import { serveFunction } from "./functions.ts";
import { authExtensions } from "./auth/index.ts";
import { attachRealtime } from "./realtime.ts";
import { exposeRequestHeaders, withRequestHeaders } from "./request-headers.ts";
import { followPostgrestSettings } from "./postgrest-settings.ts";
import { parityConnectionOptions, withRestParity } from "./rest-parity.ts";
import { createLocalStorageAdapter, GLOBAL_FILE_SIZE_LIMIT, serveStorage, storageDirOf } from "./storage/index.ts";
import { SUPABASE_DIR } from "./paths.ts";
import { ensureAuthTables } from "./auth/store.ts";
import { templatedMailer } from "./auth/mail.ts";
import { hideStatementParameters } from "./log-safety.ts";
import { ensureDemoFiles } from "./demo-files.ts";
import { withPrivateCaching } from "./private-caching.ts";

// Telemetry off: this stack runs on developers' and CI machines, never phones home.
process.env.LITE_TELEMETRY = "0";
process.env.DO_NOT_TRACK = "1";
// Failing SQL is logged with its code and statement, never its parameters (log-safety.ts).
hideStatementParameters();

export interface LocalStackOptions {
  keys: LocalKeys;
  /** PGlite data folder; omit for an in-memory database (tests). */
  dataDir?: string;
  /** Wipe dataDir first (npm run db:reset). */
  reset?: boolean;
  host?: string;
  /** 0 picks a free port; omit to skip HTTP and use `stack.client()` in-process only. */
  port?: number;
  /** Where auth e-mails send people back to (confirmation, recovery links). */
  siteUrl?: string;
  /**
   * A database to start from, as `dumpDatabase` wrote it (tests: the migrated and seeded
   * database built once per run, instead of migrating and seeding again for every file).
   */
  template?: Blob;
  /** Apply supabase/seed.sql when the database is new. Default true. */
  seed?: boolean;
  /**
   * Another schema than the project's: a migrations folder and seed files (none when left
   * out), for the upstream client suites (tests/peers), which bring their own test schema.
   */
  schema?: { migrationsDir?: string; seedFiles?: string[] };
  /** Keep auth e-mails in memory (tests) rather than printing them. */
  captureEmails?: boolean;
  /** Auth behaviour (e-mail confirmation, refresh-token reuse, rate limits, password rules): see context.ts. */
  auth?: LocalAuthOptions;
  log?: (line: string) => void;
}

export type { LocalContext, LocalRoute } from "./context.ts";

export interface LocalStack {
  url: string;
  keys: LocalKeys;
  app: App;
  connection: PgliteConnection;
  /** E-mails the auth service sent, by recipient (only with captureEmails). */
  emails: InMemoryEmailDriver | undefined;
  /** A supabase-js client for this stack: anon by default, service role with { secret: true }. */
  client(options?: { secret?: boolean }): SupabaseClient;
  /** The whole database as a tarball, to start other stacks from (`template`). */
  dumpDatabase(): Promise<Blob>;
  /** Runs SQL as the database owner (seeding tests, inspecting state). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(`Port ${port} is already in use: stop whatever is using it (is another "npm start" running?) and try again.`);
    this.port = port;
  }
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => {});
  if (options.reset && options.dataDir) rmSync(options.dataDir, { recursive: true, force: true });
  if (options.reset && options.dataDir) rmSync(storageDirOf(options.dataDir), { recursive: true, force: true });

  const parity = parityConnectionOptions();
  const connection = await createPgliteConnection({
    ...(options.dataDir ? { url: options.dataDir } : {}),
    ...parity,
    pgliteOptions: { ...parity.pgliteOptions, ...(options.template ? { loadDataDir: options.template } : {}) },
  });
  const emails = options.captureEmails ? new InMemoryEmailDriver() : undefined;
  const auth = authSettings(options.auth);
  const app = new App({
    connection,
    auth: {
      enabled: true,
      site_url: options.siteUrl ?? "http://127.0.0.1:4321",
      jwt_secret: options.keys.jwtSecret,
      jwt_expiry: 3600,
      enable_signup: true,
      publishable_key: options.keys.publishableKey,
      secret_key: options.keys.secretKey,
      email: { enable_confirmations: auth.emailConfirmations },
    },
    // Storage (/storage/v1) is experimental in lite: files go through storage/adapter.ts,
    // access through the RLS policies on storage.objects our migrations create, answers
    // through storage/ (storage-api's forms). A bucket's own upload limit can only lower
    // the global one.
    storage: { enabled: true, file_size_limit: GLOBAL_FILE_SIZE_LIMIT },
    options: {
      server: { admin: false, disableStudio: true },
      drivers: { email: emails ?? new ConsoleEmailDriver() },
    },
  });
  setExperimental("storage", true);
  app._storageAdapter = createLocalStorageAdapter(options.dataDir ? storageDirOf(options.dataDir) : undefined);
  await app.init();
  await app.ensureSystemSchema();

  const db = connection.driver;
  await db.exec(readFileSync(join(SUPABASE_DIR, "local", "bootstrap.sql"), "utf8"));
  // bootstrap.sql already grants what hosted Supabase grants; stop lite from re-granting
  // ALL on every table at the first request, which would undo REVOKEs in our migrations.
  (connection as unknown as { rlsState: string }).rlsState = "active";
  // request.headers (with the peer in x-forwarded-for) on every Data API request, as hosted.
  exposeRequestHeaders(connection);
  // GoTrue's MFA tables exist on every hosted project; policies may consult them.
  await ensureAuthTables(db);

  const isNew = (await appliedVersions(db)).size === 0;
  const migrationsDir = options.schema ? options.schema.migrationsDir : join(SUPABASE_DIR, "migrations");
  const applied = migrationsDir ? await applyMigrations(db, migrationsDir) : [];
  if (applied.length) log(`applied ${applied.length} migration(s)`);
  if (isNew && options.seed !== false) {
    for (const file of options.schema ? (options.schema.seedFiles ?? []) : seedFiles()) await db.exec(readFileSync(file, "utf8"));
    log(options.schema ? "seeded" : "seeded the demo university");
  }
  await connection.clearSchemaCache();
  const stopSettings = await followPostgrestSettings(db, app.config);
  // The seed points at files (a bank slip, course handouts) that SQL cannot upload; a stack
  // loaded from a dump has their rows but not their bytes. Both get them here, once.
  if (options.seed !== false && !options.schema) {
    const started = Date.now();
    const placed = await ensureDemoFiles(app, db, options.keys.secretKey);
    if (placed) log(`stored ${placed} demo file(s) in ${Date.now() - started} ms`);
  }

  // What lite lacks, answered before it: each route returns undefined for paths it does not own.
  const context: LocalContext = { app, db, keys: options.keys, emails, auth };
  // The stack's own URL (its configured host and the port it listens on), set once below:
  // what functions call and what requests are parsed against, whatever Host a client sends.
  let url = "http://in-process";
  const functions = { keys: options.keys, url: () => url };
  // The e-mails lite sends itself (one-time codes, e-mail change, reauthentication) are
  // rendered from the project's templates too, their links pointing at this API.
  (app as unknown as { _mailer: unknown })._mailer = templatedMailer(context, () => url);
  const routes: LocalRoute[] = [(request) => serveFunction(request, functions), authExtensions];
  const handle = async (request: Request, peerAddress: string | null) =>
    withPrivateCaching(
      await withCors(request, () => {
        for (const route of routes) {
          const response = route(request, context, peerAddress);
          if (response) return response;
        }
        const lite = (r: Request) => app.fetch(r, { peerAddress });
        return withRequestHeaders(request, peerAddress, () => serveStorage(request, context, lite) ?? withRestParity(request, lite));
      }),
    );

  let server: Server | undefined;
  let stopRealtime: (() => Promise<void>) | undefined;
  if (options.port !== undefined) {
    const host = options.host ?? "127.0.0.1";
    server = createServer((req, res) => void respond(req, res, url, handle));
    await new Promise<void>((resolve, reject) => {
      server!.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? new PortInUseError(options.port!) : error));
      server!.listen(options.port, host, resolve);
    });
    stopRealtime = await attachRealtime(server, context);
    const address = server.address();
    url = `http://${host.includes(":") ? `[${host}]` : host}:${typeof address === "object" && address ? address.port : options.port}`;
  }

  const client = ({ secret = false } = {}) => {
    const apikey = secret ? options.keys.secretKey : options.keys.publishableKey;
    const auth = { persistSession: false, autoRefreshToken: false };
    return server ? createClient(url, apikey, { auth }) : (app.getClient({ apikey, auth }) as SupabaseClient);
  };

  return {
    url,
    keys: options.keys,
    app,
    connection,
    emails,
    client,
    dumpDatabase: () => db.dumpDataDir("none"),
    async sql(query, params) {
      return (await db.query(query, params)).rows as never;
    },
    async stop() {
      await stopRealtime?.();
      await stopSettings();
      if (server) {
        server.closeAllConnections();
        await new Promise((resolve) => server!.close(resolve));
      }
      await connection.close();
    },
  };
}

/**
 * Cross-origin access as the hosted API gateway allows it: the site (another port) calls
 * the API from the browser. Lite answers preflights without the allowed headers and
 * leaves Access-Control-Allow-Origin off its responses, so the gateway adds them here.
 */
async function withCors(request: Request, next: () => Promise<Response>): Promise<Response> {
  const origin = request.headers.get("origin");
  if (request.method === "OPTIONS" && request.headers.has("access-control-request-method")) {
    return new Response(null, {
      status: 204,
      headers: {
        "access-control-allow-origin": origin ?? "*",
        "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
        "access-control-allow-headers": request.headers.get("access-control-request-headers") ?? "*",
        "access-control-max-age": "3600",
        vary: "Origin",
      },
    });
  }
  const response = await next();
  if (!origin || response.headers.has("access-control-allow-origin")) return response;
  const headers = new Headers(response.headers);
  headers.set("access-control-allow-origin", origin);
  headers.set("access-control-expose-headers", "content-range, x-total-count, x-supabase-api-version");
  headers.append("vary", "Origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Bridges node:http to the web-standard handler; the URL is the stack's own, never the Host header's. */
async function respond(req: IncomingMessage, res: ServerResponse, origin: string, handle: (request: Request, peer: string | null) => Promise<Response>) {
  try {
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(await readBody(req));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const request = new Request(`${origin}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body,
    });
    const response = await handle(request, req.socket.remoteAddress ?? null);
    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name === "set-cookie") return;
      outHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) outHeaders["set-cookie"] = cookies;
    res.writeHead(response.status, outHeaders);
    res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: (error as Error).message }));
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The demo data: seed.sql, then supabase/seeds/*.sql in name order (one file per area of
 * the product, so each feature keeps its demo rows beside the others'). config.toml's
 * [db.seed] sql_paths lists the same files for the Supabase CLI.
 */
export function seedFiles(): string[] {
  const main = join(SUPABASE_DIR, "seed.sql");
  const dir = join(SUPABASE_DIR, "seeds");
  const more = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .sort()
        .map((f) => join(dir, f))
    : [];
  return [...(existsSync(main) ? [main] : []), ...more];
}
