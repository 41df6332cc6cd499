// Bucket management (create, update, delete) as hosted storage refuses it: a caller whom
// the database does not let write storage.buckets gets 403 ("new row violates row-level
// security policy", HTTP 400 with statusCode "403", as storage-api renders it), whatever
// the bucket's state. Lite looked at the bucket first, as the owner, and answered a
// non-admin 409 (a non-empty bucket, an existing name) or 404, which also told them what
// the bucket held. Here the caller's own write is tried first, as its role with its JWT
// claims, and rolled back; only a caller it would succeed for reaches lite.
import { jwtVerify } from "jose";
import type { PGlite } from "@electric-sql/pglite";

export interface BucketGuardContext {
  db: Pick<PGlite, "transaction" | "query">;
  keys: { secretKey: string; jwtSecret: string };
}

const BUCKET_PATH = /^\/storage\/v1\/bucket(?:\/([^/]+))?\/?$/;

type Write = "insert" | "update" | "delete";

/** A 403 for a caller who may not manage that bucket; undefined lets lite answer. */
export async function guardBucketManagement(request: Request, context: BucketGuardContext): Promise<Response | undefined> {
  const match = BUCKET_PATH.exec(new URL(request.url).pathname);
  if (!match) return undefined;
  const write: Write | undefined = request.method === "POST" && !match[1] ? "insert" : request.method === "PUT" && match[1] ? "update" : request.method === "DELETE" && match[1] ? "delete" : undefined;
  if (!write) return undefined;
  const claims = await callerClaims(request, context.keys);
  if (claims?.role === "service_role") return undefined;
  let id = match[1] ? decodeURIComponent(match[1]) : undefined;
  if (!id) {
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as { id?: unknown; name?: unknown };
    id = typeof body.id === "string" ? body.id : typeof body.name === "string" ? body.name : undefined;
  }
  if (!id) return undefined; // lite answers the malformed request
  if (await mayWrite(context.db, claims, write, id)) return undefined;
  return Response.json({ statusCode: "403", error: "Unauthorized", message: "new row violates row-level security policy" }, { status: 400 });
}

/** The caller's JWT claims: null for the anon key, service_role for the secret key. */
async function callerClaims(request: Request, keys: BucketGuardContext["keys"]): Promise<Record<string, unknown> | null> {
  const bearer = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
  const apikey = request.headers.get("apikey") ?? "";
  if (bearer.split(".").length === 3) {
    try {
      return (await jwtVerify(bearer, new TextEncoder().encode(keys.jwtSecret))).payload as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return bearer === keys.secretKey || apikey === keys.secretKey ? { role: "service_role" } : null;
}

class Outcome {
  readonly allowed: boolean;
  constructor(allowed: boolean) {
    this.allowed = allowed;
  }
}

/** Whether the caller's own write of that bucket row would pass its grants and policies. */
async function mayWrite(db: BucketGuardContext["db"], claims: Record<string, unknown> | null, write: Write, id: string): Promise<boolean> {
  const role = claims?.role === "authenticated" ? "authenticated" : "anon";
  const exists = (await db.query("select 1 from storage.buckets where id = $1", [id])).rows.length > 0;
  if (write !== "insert" && !exists) return true; // lite's 404 tells nothing more
  const attempt = db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $3, true)", [
      JSON.stringify(claims ?? { role }),
      String(claims?.sub ?? ""),
      role,
    ]);
    await tx.exec(`set local role ${role}`);
    const statement =
      write === "insert"
        ? "insert into storage.buckets (id, name) values ($1, $1)"
        : write === "update"
          ? "update storage.buckets set updated_at = updated_at where id = $1"
          : "delete from storage.buckets where id = $1";
    const result = await tx.query(statement, [id]);
    throw new Outcome((result.affectedRows ?? 0) > 0); // always roll back
  });
  return attempt.then(
    () => false,
    (error: unknown) => {
      if (error instanceof Outcome) return error.allowed;
      const code = (error as { code?: string }).code;
      // Allowed past its policies, stopped by the data: lite says which (409 duplicate, not empty).
      return code === "23505" || code === "23503";
    },
  );
}
