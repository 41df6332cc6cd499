// Realtime for the local stack: the Postgres-changes part of Supabase Realtime, speaking
// the Phoenix protocol realtime-js uses (serializer 1.0.0/2.0.0: JSON arrays
// [join_ref, ref, topic, event, payload]) at /realtime/v1/websocket, so the app's
// `supabase.channel(...).on("postgres_changes", ...)` works unchanged on both backends.
//
// Changes come from triggers this module installs on the tables of the
// `supabase_realtime` publication (the same publication hosted Supabase streams), which
// NOTIFY with the row. Each change reaches a subscriber only if that subscriber may
// SELECT the row under RLS, checked as its role with its JWT claims, as hosted does.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { jwtVerify } from "jose";
import type { LocalContext } from "./context.ts";

const PATH = "/realtime/v1/websocket";
const CHANNEL = "local_realtime_changes";

type Db = LocalContext["db"];

interface Change {
  schema: string;
  table: string;
  type: "INSERT" | "UPDATE" | "DELETE";
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

interface Subscription {
  socket: WebSocket;
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  claims: Record<string, unknown> | null;
}

/** Installs the NOTIFY triggers and serves the websocket on the stack's HTTP server. */
export async function attachRealtime(server: Server, context: LocalContext): Promise<() => Promise<void>> {
  const { db } = context;
  await installChangeTriggers(db);
  const subscriptions = new Set<Subscription>();
  // Promises, so a burst of changes to one table asks the catalog once.
  const columnTypes = new Map<string, Promise<Column[]>>();
  let nextBindingId = 1;

  const unlisten = await db.listen(CHANNEL, (payload) => {
    // Nobody listening: a bulk insert (the worker's) must not queue work on the database.
    if (!subscriptions.size) return;
    void deliver(JSON.parse(payload) as Change).catch((error: Error) => console.error(`[realtime] ${error.message}`));
  });

  async function deliver(change: Change) {
    const row = change.record ?? change.old_record ?? {};
    const interested = [...subscriptions].map((sub) => ({ sub, ids: sub.bindings.filter((b) => bindingMatches(b, change, row)).map((b) => b.id) })).filter(({ ids }) => ids.length > 0);
    if (!interested.length) return;
    const key = `${change.schema}.${change.table}`;
    if (!columnTypes.has(key)) columnTypes.set(key, readColumns(db, change.schema, change.table));
    const columns = (await columnTypes.get(key))!;
    // With RLS on, hosted realtime sends a deleted row's primary key only: its content may
    // be anyone's. Keep the same here.
    const data = change.type === "DELETE" ? { ...change, old_record: { id: row.id } } : change;
    for (const { sub, ids } of interested) {
      // The filter matched the row's content: the subscriber hears of it only if it may see
      // that row (a deleted row included), or a filter would reveal what it cannot read.
      if (!(await canSee(db, sub.claims, change, row, columns))) continue;
      send(sub.socket, [null, null, sub.topic, "postgres_changes", { ids, data: { ...data, columns: columns.map(({ name, type }) => ({ name, type })), errors: null } }]);
    }
  }

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://local");
    if (url.pathname !== PATH) return;
    const apikey = url.searchParams.get("apikey");
    if (apikey !== context.keys.publishableKey && apikey !== context.keys.secretKey) {
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  };
  server.on("upgrade", onUpgrade);

  function serve(ws: WebSocket) {
    const mine = new Map<string, Subscription>();
    ws.on("message", (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(String(raw));
      } catch {
        return; // Binary broadcast frames: broadcast is not part of the local stack.
      }
      if (!Array.isArray(message)) return;
      const [joinRef, ref, topic, event, payload] = message as [string | null, string | null, string, string, Record<string, unknown>];
      const reply = (status: "ok" | "error", response: unknown) => send(ws, [joinRef, ref, topic, "phx_reply", { status, response }]);

      if (topic === "phoenix" && event === "heartbeat") return reply("ok", {});
      if (event === "phx_join") {
        void join(payload).then(
          (sub) => {
            mine.set(topic, sub);
            subscriptions.add(sub);
            reply("ok", { postgres_changes: sub.bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, filter })) });
            send(ws, [joinRef, null, topic, "system", { status: "ok", message: "Subscribed to PostgreSQL", extension: "postgres_changes", channel: topic.replace(/^realtime:/, "") }]);
          },
          (error: Error) => reply("error", { reason: error.message }),
        );
        return;
      }
      if (event === "access_token") {
        const sub = mine.get(topic);
        // A token that fails verification demotes the subscription to anonymous.
        if (sub)
          void claimsOf(payload.access_token).then(
            (claims) => (sub.claims = claims),
            () => (sub.claims = null),
          );
        return;
      }
      if (event === "phx_leave") {
        const sub = mine.get(topic);
        if (sub) {
          subscriptions.delete(sub);
          mine.delete(topic);
        }
        reply("ok", {});
        send(ws, [joinRef, ref, topic, "phx_close", {}]);
        return;
      }
      reply("ok", {}); // broadcast / presence: accepted and ignored locally.

      async function join(joinPayload: Record<string, unknown>): Promise<Subscription> {
        const config = (joinPayload.config ?? {}) as { postgres_changes?: Omit<Binding, "id">[] };
        const claims = await claimsOf(joinPayload.access_token);
        const bindings = (config.postgres_changes ?? []).map((b) => ({ ...b, id: nextBindingId++ }));
        return { socket: ws, topic, joinRef, bindings, claims };
      }
    });
    ws.on("close", () => {
      for (const sub of mine.values()) subscriptions.delete(sub);
    });
  }

  async function claimsOf(token: unknown): Promise<Record<string, unknown> | null> {
    if (typeof token !== "string" || !token.includes(".")) return null; // the apikey itself: anon
    const { payload } = await jwtVerify(token, new TextEncoder().encode(context.keys.jwtSecret));
    return payload as Record<string, unknown>;
  }

  return async () => {
    server.off("upgrade", onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
    await unlisten();
  };
}

function send(ws: WebSocket, message: unknown[]) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** schema/table/event match, and the optional `column=eq.value` filter realtime supports. */
function bindingMatches(binding: Binding, change: Change, row: Record<string, unknown>): boolean {
  if (binding.schema !== "*" && binding.schema !== change.schema) return false;
  if (binding.table && binding.table !== "*" && binding.table !== change.table) return false;
  if (binding.event !== "*" && binding.event.toUpperCase() !== change.type) return false;
  if (!binding.filter) return true;
  const match = /^([^=]+)=(eq|neq)\.(.*)$/.exec(binding.filter);
  if (!match) return false;
  const [, column, op, value] = match;
  const equal = String(row[column]) === value;
  return op === "eq" ? equal : !equal;
}

/**
 * Whether the subscriber may see the change: SELECT on the row under RLS, as its role with
 * its claims (an expired token counts as none). A deleted row is checked as it was: put
 * back for the check alone (triggers and foreign keys off: session_replication_role), then
 * rolled back, so neither its filter nor its event reaches someone who could not read it.
 */
async function canSee(db: Db, claims: Record<string, unknown> | null, change: Change, row: Record<string, unknown>, columns: Column[]): Promise<boolean> {
  if (claims && typeof claims.exp === "number" && claims.exp * 1000 < Date.now()) claims = null;
  if (claims?.role === "service_role") return true;
  if (!("id" in row)) return false;
  const role = claims?.role === "authenticated" ? "authenticated" : "anon";
  const table = `${ident(change.schema)}.${ident(change.table)}`;
  const verdict = db.transaction(async (tx) => {
    if (change.type === "DELETE") {
      const stored = columns
        .filter((c) => !c.generated)
        .map((c) => ident(c.name))
        .join(", ");
      await tx.exec("set local session_replication_role = replica");
      await tx.query(`insert into ${table} (${stored}) overriding system value select ${stored} from json_populate_record(null::${table}, $1::json)`, [JSON.stringify(row)]);
      await tx.exec("set local session_replication_role = origin");
    }
    await tx.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $3, true)", [
      JSON.stringify(claims ?? { role }),
      String(claims?.sub ?? ""),
      role,
    ]);
    await tx.exec(`set local role ${role}`);
    const { rows } = await tx.query(`select 1 from ${table} where id = $1`, [row.id]);
    throw new Verdict(rows.length > 0); // always roll back: the check leaves nothing behind
  });
  return verdict.then(
    () => false,
    (outcome: unknown) => outcome instanceof Verdict && outcome.visible,
  );
}

class Verdict {
  readonly visible: boolean;
  constructor(visible: boolean) {
    this.visible = visible;
  }
}

interface Column {
  name: string;
  type: string;
  generated: boolean;
}

async function readColumns(db: Db, schema: string, table: string): Promise<Column[]> {
  const { rows } = await db.query<{ name: string; type: string; generated: boolean }>(
    `select column_name as name, udt_name as type, is_generated = 'ALWAYS' as generated
       from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position`,
    [schema, table],
  );
  return rows;
}

function ident(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A NOTIFY trigger on every table of the supabase_realtime publication. */
async function installChangeTriggers(db: Db) {
  await db.exec(`
    create schema if not exists _local_realtime;
    create or replace function _local_realtime.notify_change() returns trigger
      language plpgsql set search_path = '' as $$
    begin
      perform pg_notify('${CHANNEL}', json_build_object(
        'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
        'record', case when tg_op = 'DELETE' then null else row_to_json(new) end,
        'old_record', case when tg_op = 'INSERT' then null else row_to_json(old) end,
        'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      )::text);
      return null;
    end $$;`);
  const { rows } = await db.query<{ schemaname: string; tablename: string }>("select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'");
  for (const { schemaname, tablename } of rows) {
    await db.exec(`
      drop trigger if exists _local_realtime_changes on ${ident(schemaname)}.${ident(tablename)};
      create trigger _local_realtime_changes after insert or update or delete on ${ident(schemaname)}.${ident(tablename)}
        for each row execute function _local_realtime.notify_change();`);
  }
}
