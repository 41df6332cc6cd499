// Request headers in SQL, as on a hosted project. PostgREST exposes every request's
// headers to the database as `current_setting('request.headers', true)::json` (and the
// method and path as request.method / request.path), and the hosted gateway puts the
// client's address in x-forwarded-for. Lite sets them for RPC calls only, and passes the
// raw headers through; here every Data API request gets them, with the peer address in
// x-forwarded-for and x-real-ip the way a gateway writes them (whatever the client sent in
// those headers is replaced, so an address cannot be forged), so that SQL such as
// private.request_ip() (the per-address limit on anonymous inserts) works the same here.
import { AsyncLocalStorage } from "node:async_hooks";
import type { PgliteConnection } from "@supabase/lite/pglite";

interface RequestGucs {
  method: string;
  path: string;
  requestHeaders: Record<string, string>;
}

// The parts of lite's connection this patches (methods it calls on itself per request).
interface ContextMethods {
  applyJwtSessionContext(tx: unknown, context: unknown, setRole: boolean): Promise<void>;
  applyRpcRequestGucs(tx: unknown, rpc: RequestGucs): Promise<void>;
}

const current = new AsyncLocalStorage<RequestGucs>();
const patched = new WeakSet<object>();

/** The headers a hosted gateway would hand PostgREST for this request from that peer. */
export function gatewayHeaders(request: Request, peerAddress: string | null): Record<string, string> {
  const headers = Object.fromEntries(request.headers);
  for (const name of ["x-forwarded-for", "x-real-ip", "cf-connecting-ip", "forwarded"]) delete headers[name];
  if (peerAddress) {
    const address = peerAddress.startsWith("::ffff:") ? peerAddress.slice(7) : peerAddress;
    headers["x-forwarded-for"] = address;
    headers["x-real-ip"] = address;
  }
  return headers;
}

/** Runs handle() with this request's headers available to the database session. */
export function withRequestHeaders<T>(request: Request, peerAddress: string | null, handle: () => T): T {
  const url = new URL(request.url);
  const path = url.pathname.startsWith("/rest/v1") ? url.pathname.slice("/rest/v1".length) || "/" : url.pathname;
  return current.run({ method: request.method, path, requestHeaders: gatewayHeaders(request, peerAddress) }, handle);
}

/** Makes lite set request.headers/method/path on every request's transaction, not only RPCs'. */
export function exposeRequestHeaders(connection: PgliteConnection): void {
  const target = connection as unknown as ContextMethods;
  if (patched.has(target)) return;
  if (typeof target.applyJwtSessionContext !== "function" || typeof target.applyRpcRequestGucs !== "function") {
    throw new Error("@supabase/lite changed: request.headers can no longer be exposed to SQL (supabase/local/request-headers.ts)");
  }
  patched.add(target);
  const applyJwt = target.applyJwtSessionContext.bind(target);
  const applyRpc = target.applyRpcRequestGucs.bind(target);
  target.applyJwtSessionContext = async (tx, context, setRole) => {
    await applyJwt(tx, context, setRole);
    const request = current.getStore();
    if (request) await applyRpc(tx, request);
  };
  // An RPC sets them again after the JWT context: keep the gateway's view of the headers.
  target.applyRpcRequestGucs = (tx, rpc) => {
    const request = current.getStore();
    return applyRpc(tx, request ? { ...rpc, requestHeaders: request.requestHeaders } : rpc);
  };
}
