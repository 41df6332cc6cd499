// How a data module reports a failed call (SPEC §8: logged, then raised, so that the page
// shows its error state): one helper instead of a `fail()` in every module. The raised Error
// carries the service's message and, by default, its code (42501, PGRST116…), from which the
// page picks the message to show (src/lib/errors/generic.ts).

/** What supabase-js reports: a PostgrestError, an AuthError, a FunctionsError… */
export interface ServiceError {
  message: string;
  code?: string;
  status?: number;
  details?: string;
}
type Field = Exclude<keyof ServiceError, "message">;

/** The service's error as an Error: its message, and the fields named (its code unless told). */
export function serviceError(error: ServiceError, fields: readonly Field[] = ["code"]): Error {
  return Object.assign(new Error(error.message), Object.fromEntries(fields.map((field) => [field, error[field]])));
}

/** Throws the service's error, if there is one (the call failed). */
export function throwIfError(error: ServiceError | null): void {
  if (error) throw serviceError(error);
}

/** Logs what failed, then throws. Declare it `const fail: Fail = failFor(…)`: TypeScript treats a call as one that never returns only through a declared type. */
export type Fail = (what: string, error: ServiceError) => never;

/**
 * The `fail(what, error)` of a data module: logs "<area>: <what> failed: <message>" and
 * throws serviceError(error, fields). `fields: []` raises the bare message.
 */
export function failFor(area: string, fields: readonly Field[] = ["code"]): Fail {
  return (what, error) => {
    console.error(`${area}: ${what} failed: ${error.message}`);
    throw serviceError(error, fields);
  };
}
