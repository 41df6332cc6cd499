// The local Data API answering as PostgREST does, where @supabase/lite differs.
//
// Values. PostgREST builds every response in SQL with json_agg/to_json, so a value comes
// back as to_json(value) gives it: timestamptz "2026-11-21T09:00:00+00:00", timestamp
// "2026-11-21T09:00:00", numeric and float as JSON numbers (NaN
// and ±Infinity as strings), bytea "\x…". Lite builds embedded rows in SQL (right) but
// reads top-level columns through PGlite's parsers, which it sets to keep Postgres' text
// format ("2026-11-21 09:00:00+00", "9.00" beside 17.75). `postgrestParsers` are the
// to_json forms, installed as the connection's parsers: every value read from the
// database (the Data API, and the owner's `stack.sql`) comes back the way PostgREST
// writes it, arrays included (PGlite parses array elements with these).
//
// Requests. `withRestParity` wraps lite's handler for what is cheaper to fix at the door:
// HEAD on an rpc (PostgREST answers it as the GET, without a body). (Storage has its own
// door: storage/index.ts.)
//
// Fixes inside lite's request resolution and SQL generation are patches of its bundle
// (lite-patches/, applied at `npm install` by lite-patches.ts).

import type { IPgliteConnectionConfig } from "@supabase/lite/pglite";
import { missingLitePatches } from "./lite-patches.ts";

const OID = {
  bytea: 17,
  float4: 700,
  float8: 701,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  timetz: 1266,
  numeric: 1700,
} as const;

/** "+05" → "+05:00", "+05:30" stays, "+05:30:15" stays (to_json writes ±HH:MM[:SS]). */
function isoOffset(offset: string): string {
  return /^[+-]\d\d$/.test(offset) ? `${offset}:00` : offset;
}

/** Postgres' ISO text of a timestamptz → to_json's: "T" between date and time, ±HH:MM. */
export function timestamptzToJson(text: string): string {
  const match = /^(\d{4,}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d(?::\d\d){0,2})( BC)?$/.exec(text);
  if (!match) return text; // infinity, -infinity: the same in both
  const [, date, time, offset, bc = ""] = match;
  return `${date}T${time}${isoOffset(offset)}${bc}`;
}

export function timestampToJson(text: string): string {
  return /^\d{4,}-\d\d-\d\d \d/.test(text) ? text.replace(" ", "T") : text;
}

/** to_json(numeric|float): a JSON number, or a string when not a finite number. */
export function numberToJson(text: string): number | string {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

export const postgrestParsers: Record<number, (value: string) => unknown> = {
  [OID.timestamptz]: timestamptzToJson,
  [OID.timestamp]: timestampToJson,
  [OID.timetz]: (value) => value, // to_json keeps "09:00:00+01"
  [OID.date]: (value) => value,
  [OID.time]: (value) => value,
  [OID.numeric]: numberToJson,
  [OID.float4]: numberToJson,
  [OID.float8]: numberToJson,
  [OID.bytea]: (value) => value, // "\x…", as to_json(bytea); not a Uint8Array
};

/** What the lite connection needs to answer as PostgREST: its parsers, and lite patched. */
export function parityConnectionOptions(): IPgliteConnectionConfig {
  const missing = missingLitePatches();
  if (missing.length) {
    throw new Error(`@supabase/lite lacks the local stack's patches (${missing.join(", ")}): run npm install (or node supabase/local/lite-patches.ts).`);
  }
  return { pgliteOptions: { parsers: postgrestParsers } };
}

/**
 * Requests lite answers otherwise than PostgREST, fixed before they reach it.
 * `next` is lite's own handler.
 */
export async function withRestParity(request: Request, next: (request: Request) => Response | Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "HEAD" && url.pathname.startsWith("/rest/v1/rpc/")) {
    // HEAD is GET without the body: lite reads an rpc's query string as arguments on GET only.
    const response = await next(new Request(request, { method: "GET" }));
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  return next(request);
}
