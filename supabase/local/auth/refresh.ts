// Refresh-token reuse as hosted GoTrue judges it (rotation on, security_refresh_token_reuse_interval
// 10 s by default). A revoked (rotated) token is accepted
//  - when it is the parent of the session's current token (the client lost the answer to
//    its last refresh): the current token comes back, nothing new is issued;
//  - within the reuse interval after it was revoked (two tabs refreshing at once): the
//    session's current token comes back too (lite alone refused this and ended the session);
// any other reuse is taken for theft: every token of the session is revoked and the answer
// is 400 refresh_token_already_used (lite alone revoked only the token's descendants).
import type { LocalContext } from "../context.ts";
import { authError, readJson } from "./http.ts";
import { rows } from "./store.ts";

interface TokenRow {
  session_id: string | null;
  revoked: boolean | null;
  updated_at: string;
}

/**
 * POST /token?grant_type=refresh_token under GoTrue's reuse rules; `next` is lite (plus the
 * aal/amr decoration), which answers every accepted request.
 */
export async function refreshWithReuseRules(request: Request, context: LocalContext, next: (request: Request) => Promise<Response>): Promise<Response> {
  const body = await readJson(request.clone());
  const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
  const [row] = token ? await rows<TokenRow>(context.db, "select session_id, revoked, updated_at from auth.refresh_tokens where token = $1", [token]) : [];
  if (!row?.revoked || !row.session_id) return next(request);
  const [current] = await rows<{ parent: string | null }>(
    context.db,
    "select parent from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false) order by created_at desc limit 1",
    [row.session_id],
  );
  if (current?.parent === token) return next(request); // lite hands the current token back
  const reuseUntil = new Date(row.updated_at).getTime() + context.auth.refreshTokenReuseInterval * 1000;
  if (Date.now() <= reuseUntil && current?.parent) {
    // Ask lite with the current token's parent: it answers with the current token.
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    return next(new Request(request.url, { method: "POST", headers, body: JSON.stringify({ ...body, refresh_token: current.parent }) }));
  }
  await context.db.query("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not coalesce(revoked, false)", [row.session_id]);
  return authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
}
