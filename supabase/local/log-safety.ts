// What the local stack prints about a failing SQL statement: its code, message and
// statement, never its bind parameters nor Postgres' row detail ("Failing row contains
// (…)"), which hold applicants' e-mails, names and phone numbers (DOMAIN §4). Lite prints
// PGlite's errors whole (console.error(error)) from several places (Data API, auth,
// storage), so the printed form of the error class itself is what changes: its util.inspect
// form. The properties stay readable, so answers to clients (PostgREST's `details`, as a
// hosted project gives them) are unchanged.
import { inspect } from "node:util";
import { messages } from "@electric-sql/pglite";
import { maskContacts } from "../../src/lib/messaging/mask.ts";

type DatabaseError = InstanceType<typeof messages.DatabaseError> & { query?: string };

/** How a failing statement appears in the log: code, message, statement; contacts masked. */
export function describeDatabaseError(error: DatabaseError): string {
  const lines = [
    maskContacts(error.stack ?? `${error.name}: ${error.message}`),
    `  code: ${error.code ?? "?"}${error.constraint ? `, constraint: ${error.constraint}` : ""}`,
    ...(error.where ? [`  where: ${maskContacts(error.where)}`] : []),
    ...(error.query ? [`  statement: ${maskContacts(error.query)}`] : []),
  ];
  return lines.join("\n");
}

/** Installs that printed form on PGlite's DatabaseError (once per process; idempotent). */
export function hideStatementParameters(): void {
  const prototype = messages.DatabaseError.prototype as object;
  if (Object.hasOwn(prototype, inspect.custom)) return;
  Object.defineProperty(prototype, inspect.custom, {
    value(this: DatabaseError) {
      return describeDatabaseError(this);
    },
  });
}
