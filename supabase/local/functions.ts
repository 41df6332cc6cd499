// Serves supabase/functions/<name>/index.ts at /functions/v1/<name>, as the hosted Edge
// Functions gateway does. Each function's default export is a web-standard
// (Request) => Response handler; its index.ts also calls Deno.serve when run by Deno.
// What the hosted Edge Runtime gives every function (the project's URL and keys) comes from
// the stack's configuration, per call: never from the request (its Host header) and never
// through process.env (global: concurrent calls would see each other's values).
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { LocalKeys } from "./env.ts";
import { SUPABASE_DIR } from "./paths.ts";

type Handler = (request: Request) => Response | Promise<Response>;

/** Where the functions of one stack reach that stack, and with which keys. */
export interface FunctionsRuntime {
  keys: LocalKeys;
  /** The stack's own URL (its configured host and port), known once it listens. */
  url(): string;
}

// The variables of the call running in this async context, read by the functions' env()
// (supabase/functions/_shared/admin.ts). One store per process, kept on globalThis so that
// every copy of this module (test runners load modules more than once) shares it.
const CALL_VARS = Symbol.for("uel.functions.call-vars");
const callVars = ((globalThis as { [CALL_VARS]?: AsyncLocalStorage<Readonly<Record<string, string>>> })[CALL_VARS] ??= new AsyncLocalStorage<Readonly<Record<string, string>>>());

const PREFIX = "/functions/v1/";
const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, x-client-info, apikey, content-type",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...CORS } });
}

/** Returns the function's response, or undefined when the path is not a function call. */
export function serveFunction(request: Request, runtime: FunctionsRuntime): Promise<Response> | undefined {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(PREFIX)) return undefined;
  return callFunction(request, pathname.slice(PREFIX.length).split("/")[0], runtime);
}

async function callFunction(request: Request, name: string, { keys, url }: FunctionsRuntime): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  // Calendar apps cannot send headers: the publishable key may come in the query (as the
  // hosted gateway accepts it), e.g. the calendar-feed URL.
  const apikey = request.headers.get("apikey") ?? new URL(request.url).searchParams.get("apikey");
  if (apikey !== keys.publishableKey && apikey !== keys.secretKey) {
    return json(401, { message: "Missing or invalid apikey" });
  }
  const file = join(SUPABASE_DIR, "functions", name, "index.ts");
  if (!NAME.test(name) || !existsSync(file)) return json(404, { message: `Function not found: ${name}` });
  const module = (await import(pathToFileURL(file).href)) as { default: Handler };
  const vars = { SUPABASE_URL: url(), SUPABASE_ANON_KEY: keys.publishableKey, SUPABASE_SERVICE_ROLE_KEY: keys.secretKey };
  const response = await callVars.run(Object.freeze(vars), () => module.default(request));
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS)) if (!headers.has(k)) headers.set(k, v);
  return new Response(response.body, { status: response.status, headers });
}
